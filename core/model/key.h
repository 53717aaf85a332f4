#pragma once
// Keys and channels: the file's own key times (seconds) and values, plus the rules that say how a
// channel is played. Format quirks are expressed as rules here, never as format checks in the sampler.
#include <cstdint>
#include <vector>

#include "core/model/key_list.h"
#include "core/model/key_record.h"

namespace bonescope {

// CubicSpline is glTF's Hermite curve: each key has an in- and an out-tangent (Channel::tangents).
enum class Interpolation : uint8_t { Step, Linear, CubicSpline };

// How two rotation keys are blended.
enum class RotationInterp : uint8_t {
    SlerpShortest, // slerp, flipping the second key when the dot is negative
    SlerpDirect,   // slerp along the stored path, no flip (long-way segments stay long)
    NlerpShortest, // normalised lerp; slerp where the keys are more than 90 degrees apart
};

// What a channel gives outside its keys.
enum class OutsideKeys : uint8_t {
    Hold, // the nearest key's value
    Rest, // the channel is not applied: the bone's rest value
};

struct ChannelRules {
    Interpolation interpolation = Interpolation::Linear;
    RotationInterp rotation = RotationInterp::SlerpShortest;
    OutsideKeys before = OutsideKeys::Hold;
    OutsideKeys after = OutsideKeys::Hold;
    // Per-key flags take part. Rotation reads keyflag::Hold / keyflag::Negate on the second key of
    // each segment. Only active keys apply: where one key gives the value (exactly at its time, or
    // after the last key) it must have keyflag::Active, a segment needs it on either of its keys;
    // otherwise the channel gives the rest value.
    bool segmentFlags = false;
    // With segmentFlags: a key whose value is not neutral also counts as active (a translation more
    // than 1e-5 from zero, a rotation whose w is not exactly 1), as a loader may set the bit itself.
    bool activeFromValue = false;
    // Translation channels: a key is an offset from the bone's rest translation (played as rest + key,
    // and a pose is keyed as pose - rest), as Second Life's mPelvis keys are. The binding folds it into
    // the bone's BlendMode, so the sampler, key insertion and baking all honour it.
    bool offsetFromRest = false;

    bool operator==(const ChannelRules&) const = default;
};

// A cubic key's tangents as its file gives them: the slope per second arriving at the key (in) and
// leaving it (out), in the value's units (a quaternion's four components for rotations).
template <class T>
struct Tangents {
    T in{}, out{};
    bool operator==(const Tangents&) const = default;
};

template <class T>
struct Channel {
    KeyList<T> keys;
    ChannelRules rules;
    // With Interpolation::CubicSpline: one per key, in key order. A channel whose tangents do not
    // match its keys in number (an edit added or removed keys without them) plays linearly.
    std::vector<Tangents<T>> tangents;

    bool empty() const { return keys.empty(); }
    size_t size() const { return keys.size(); }
    bool cubic() const { return rules.interpolation == Interpolation::CubicSpline && tangents.size() == keys.size(); }
};

using Vec3Channel = Channel<glm::dvec3>;
using QuatChannel = Channel<glm::dquat>;
using ScalarChannel = Channel<double>;

} // namespace bonescope
