#pragma once
// One key: a time in seconds, a value and the format's own per-key bits. Channels hold many of them
// in a KeyList (core/model/key_list.h), which stores them apart and gives each back as this record.
#include <cstdint>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope {

// Per-key flag bits with a meaning the sampler understands (see ChannelRules::segmentFlags).
namespace keyflag {
constexpr uint32_t Active = 0x01; // key takes part (see ChannelRules::segmentFlags)
constexpr uint32_t Negate = 0x02; // on the second key of a rotation segment: negate that second key
constexpr uint32_t Hold = 0x04;   // on the second key of a rotation segment: hold the first key's value
} // namespace keyflag

template <class T>
struct Key {
    double time = 0;   // seconds from the start of the animation
    T value{};
    uint32_t flags = 0; // the format's own per-key bits, kept exactly
    // A format whose codes do not come back from the values (Second Life's quantised keys) keeps them
    // in its FormatExtra, not here.
};

using Vec3Key = Key<glm::dvec3>;
using QuatKey = Key<glm::dquat>; // glm stores x,y,z,w; construct with (w,x,y,z)
using ScalarKey = Key<double>;

} // namespace bonescope
