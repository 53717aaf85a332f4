#pragma once
// Evaluating one channel at a time by its rules. `cursor` remembers the last segment so that forward
// playback costs O(1) per channel; any other access falls back to a binary search.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/gtc/constants.hpp>

#include "core/fast_math.h"
#include "core/key.h"

namespace bonescope {

// Index i of the last key with keys[i].time <= t, or -1 when t is before the first key.
template <class T>
int findSegment(const std::vector<Key<T>>& keys, double t, uint32_t& cursor)
{
    const uint32_t n = uint32_t(keys.size());
    uint32_t c = cursor < n ? cursor : 0;
    if (keys[c].time <= t) {
        // Forward playback: usually the same or the next segment.
        for (int step = 0; step < 4; ++step) {
            if (c + 1 >= n || keys[c + 1].time > t) {
                cursor = c;
                return int(c);
            }
            ++c;
        }
    }
    auto it = std::upper_bound(keys.begin(), keys.end(), t,
                               [](double v, const Key<T>& k) { return v < k.time; });
    const int i = int(it - keys.begin()) - 1;
    cursor = i < 0 ? 0 : uint32_t(i);
    return i;
}

// Where t falls in a channel: which keys to blend and by how much, or that the channel does not
// apply (the bone keeps its rest value).
struct Segment {
    bool applies = false;
    int a = 0, b = 0; // key indices; a == b for a single value
    double f = 0;     // blend factor towards b
};

template <class T>
inline Segment locate(const Channel<T>& ch, double t, uint32_t& cursor)
{
    Segment s;
    const int n = int(ch.keys.size());
    if (n == 0)
        return s;
    const int i = findSegment(ch.keys, t, cursor);
    if (i < 0) {
        if (ch.rules.before == OutsideKeys::Rest)
            return s;
        s.applies = true; // hold the first key
    } else if (i == n - 1) {
        if (ch.rules.after == OutsideKeys::Rest && t > ch.keys[i].time)
            return s;
        s.applies = true;
        s.a = s.b = i;
    } else {
        s.applies = true;
        s.a = i;
        s.b = i + 1;
        if (ch.rules.interpolation == Interpolation::Linear) {
            const double t0 = ch.keys[i].time, t1 = ch.keys[i + 1].time;
            s.f = t1 > t0 ? (t - t0) / (t1 - t0) : 1.0;
        }
    }
    if (ch.rules.segmentFlags && n <= 2 && !(ch.keys[s.a].flags & keyflag::Active))
        s.applies = false;
    return s;
}

template <class T>
T lerpValue(const T& a, const T& b, double f)
{
    return a + (b - a) * f;
}

// Sample a translation / scale / scalar channel. Returns false when the channel does not apply.
template <class T>
inline bool sampleChannel(const Channel<T>& ch, double t, uint32_t& cursor, T& out)
{
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    out = s.f == 0 ? ch.keys[s.a].value : lerpValue(ch.keys[s.a].value, ch.keys[s.b].value, s.f);
    return true;
}

namespace detail {

// Slerp along the stored path (no flip): a*sin((1-f)t)/sin(t) + b*sin(ft)/sin(t), t = acos(dot).
// When the keys are more than 90 degrees apart the angle is taken from the flipped pair and mirrored,
// so the trigonometry only ever sees [0, pi/2].
inline glm::dquat slerpDirect(const glm::dquat& a, const glm::dquat& b, double d, double f)
{
    const double ad = std::abs(d);
    if (d > 0.9999)
        return glm::normalize(a * (1.0 - f) + b * f); // nearly equal: lerp is exact enough
    if (d < -0.9999)
        return f < 0.5 ? a : b; // opposite: no single great circle; never divide by ~0
    if (d < 0) {
        // Long way: the path from a to b equals the short path from a to -b taken past 180 degrees;
        // keep the closed form but with the full angle pi - t.
        const double theta = glm::pi<double>() - fastmath::acosUnit(ad);
        return a * (std::sin((1.0 - f) * theta) / std::sin(theta)) + b * (std::sin(f * theta) / std::sin(theta));
    }
    const double theta = fastmath::acosUnit(ad);
    const double inv = 1.0 / std::sqrt(1.0 - ad * ad);
    return a * (fastmath::sinHalfPi((1.0 - f) * theta) * inv) + b * (fastmath::sinHalfPi(f * theta) * inv);
}

} // namespace detail

inline glm::dquat blendRotation(const glm::dquat& a, const glm::dquat& b, double f, RotationInterp how)
{
    const double d = glm::dot(a, b);
    switch (how) {
    case RotationInterp::SlerpDirect:
        return detail::slerpDirect(a, b, d, f);
    case RotationInterp::NlerpShortest:
        if (d >= 0)
            return glm::normalize(a * (1.0 - f) + b * f);
        return detail::slerpDirect(a, -b, -d, f);
    case RotationInterp::SlerpShortest:
    default:
        return d < 0 ? detail::slerpDirect(a, -b, -d, f) : detail::slerpDirect(a, b, d, f);
    }
}

inline bool sampleRotation(const QuatChannel& ch, double t, uint32_t& cursor, glm::dquat& out)
{
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    glm::dquat a = ch.keys[s.a].value;
    if (s.a != s.b && ch.rules.segmentFlags) {
        const uint32_t second = ch.keys[s.b].flags;
        if (second & keyflag::Hold) {
            out = a;
            return true;
        }
        if (second & keyflag::Negate)
            a = -a;
    }
    out = (s.a == s.b || s.f == 0) ? a : blendRotation(a, ch.keys[s.b].value, s.f, ch.rules.rotation);
    return true;
}

} // namespace bonescope
