#pragma once
// One channel of a track named by its ChannelKind, whatever its value type, and its values as the
// dvec4 that key edits pass around (translation/scale xyz, rotation xyzw, visibility x).
#include <glm/gtc/quaternion.hpp>
#include <glm/vec4.hpp>

#include "core/model/animation.h"
#include "core/editing/key_editing.h"

namespace bonescope {

inline glm::dvec4 toAny(const glm::dvec3& v) { return {v, 0}; }
inline glm::dvec4 toAny(const glm::dquat& q) { return {q.x, q.y, q.z, q.w}; }
inline glm::dvec4 toAny(double v) { return {v, 0, 0, 0}; }
inline void fromAny(const glm::dvec4& a, glm::dvec3& v) { v = glm::dvec3(a); }
inline void fromAny(const glm::dvec4& a, glm::dquat& q) { q = glm::dquat(a.w, a.x, a.y, a.z); }
inline void fromAny(const glm::dvec4& a, double& v) { v = a.x; }

// Runs `f` on the channel `c` of `t`.
template <class F>
auto withChannel(Track& t, ChannelKind c, F&& f)
{
    switch (c) {
    case ChannelKind::Translation: return f(t.translation);
    case ChannelKind::Rotation: return f(t.rotation);
    case ChannelKind::Scale: return f(t.scale);
    case ChannelKind::Visibility:
    default: return f(t.visibility);
    }
}
template <class F>
auto withChannel(const Track& t, ChannelKind c, F&& f)
{
    return withChannel(const_cast<Track&>(t), c, [&](const auto& ch) { return f(ch); });
}

} // namespace bonescope
