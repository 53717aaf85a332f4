#pragma once
// Evaluating one channel at a time by its rules. `cursor` remembers the last segment so that forward
// playback costs O(1) per channel; any other access falls back to a binary search.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>

#include <glm/gtc/constants.hpp>

#include "core/math/fast_math.h"
#include "core/model/key.h"

namespace bonescope {

// Index i of the last key with keys.time(i) <= t, or -1 when t is before the first key.
template <class T>
int findSegment(const KeyList<T>& keys, double t, uint32_t& cursor)
{
    const uint32_t n = uint32_t(keys.size());
    const double* times = keys.times();
    uint32_t c = cursor < n ? cursor : 0;
    if (times[c] <= t) {
        // Forward playback: usually the same or the next segment.
        for (int step = 0; step < 4; ++step) {
            if (c + 1 >= n || times[c + 1] > t) {
                cursor = c;
                return int(c);
            }
            ++c;
        }
    }
    const int i = int(std::upper_bound(times, times + n, t) - times) - 1;
    cursor = i < 0 ? 0 : uint32_t(i);
    return i;
}

// Where t falls in a channel: which keys to blend and by how much, or that the channel does not
// apply (the bone keeps its rest value).
struct Segment {
    bool applies = false;
    int a = 0, b = 0; // key indices; a == b for a single value
    double f = 0;     // blend factor towards b
    // The same a, b and `applies` hold for every time in [lo, hi); f = (t - t0) * invDt there
    // (invDt = 0 for a held or stepped value). Lets the sampler reuse a segment across frames.
    double lo = -HUGE_VAL, hi = HUGE_VAL;
    double t0 = 0, invDt = 0;
};

// Neutral values for ChannelRules::activeFromValue, compared in single precision as stored.
inline bool isNeutralValue(const glm::dvec3& v)
{
    auto zero = [](double c) { return !(float(c) > 1e-05F || float(c) < -1e-05F); };
    return zero(v.x) && zero(v.y) && zero(v.z);
}
inline bool isNeutralValue(const glm::dquat& q) { return q.w == 1.0; }
inline bool isNeutralValue(double v) { return v == 0.0; }

template <class T>
bool keyIsActive(const Key<T>& k, const ChannelRules& rules)
{
    return (k.flags & keyflag::Active) || (rules.activeFromValue && !isNeutralValue(k.value));
}

template <class T>
inline Segment locate(const Channel<T>& ch, double t, uint32_t& cursor)
{
    Segment s;
    const int n = int(ch.keys.size());
    if (n == 0)
        return s;
    const int i = findSegment(ch.keys, t, cursor);
    if (i < 0) {
        s.hi = ch.keys.time(0);
        if (ch.rules.before == OutsideKeys::Rest)
            return s;
        s.applies = true; // hold the first key
    } else if (i == n - 1) {
        const double last = ch.keys.time(i);
        if (ch.rules.after == OutsideKeys::Rest) {
            // Applied at the last key's time only.
            if (t > last) {
                s.lo = std::nextafter(last, HUGE_VAL);
                return s;
            }
            s.lo = last;
            s.hi = std::nextafter(last, HUGE_VAL);
        } else {
            s.lo = last;
        }
        s.applies = true;
        s.a = s.b = i;
    } else if (ch.rules.segmentFlags && t == ch.keys.time(i)) {
        // Exactly on a key, that key alone decides (whether the channel is active, too). Only for
        // flagged channels: elsewhere f = 0 gives the same value and keeps the segment cacheable.
        s.applies = true;
        s.a = s.b = i;
        s.lo = t;
        s.hi = std::nextafter(t, HUGE_VAL);
    } else {
        s.applies = true;
        s.a = i;
        s.b = i + 1;
        s.lo = s.t0 = ch.keys.time(i);
        s.hi = ch.keys.time(i + 1);
        if (ch.rules.interpolation != Interpolation::Step) { // linear and cubic blend by f
            s.invDt = 1.0 / (s.hi - s.lo); // hi > lo: findSegment returns the last key <= t
            s.f = (t - s.t0) * s.invDt;
        }
    }
    if (ch.rules.segmentFlags) {
        const bool active = keyIsActive(ch.keys[s.a], ch.rules) ||
                            (s.b != s.a && keyIsActive(ch.keys[s.b], ch.rules));
        s.applies = active;
    }
    return s;
}

template <class T>
T lerpValue(const T& a, const T& b, double f)
{
    return a + (b - a) * f;
}

// glTF's cubic spline between keys a and b at factor f (glTF 2.0, Appendix C): the tangents are
// per second, so they are scaled by the segment's duration.
template <class T>
T hermiteValue(const Channel<T>& ch, const Segment& s, double f)
{
    const double dt = ch.keys.time(s.b) - ch.keys.time(s.a);
    const double f2 = f * f, f3 = f2 * f;
    const T p0 = ch.keys.value(s.a), p1 = ch.keys.value(s.b);
    const T m0 = ch.tangents[size_t(s.a)].out * dt, m1 = ch.tangents[size_t(s.b)].in * dt;
    return p0 * (2 * f3 - 3 * f2 + 1) + m0 * (f3 - 2 * f2 + f) + p1 * (-2 * f3 + 3 * f2) + m1 * (f3 - f2);
}

// A cubic channel at t (Channel::cubic()): the key's value on or outside the keys, the spline
// between them; rotations normalised after, as the glTF specification says.
template <class T>
inline bool sampleCubic(const Channel<T>& ch, double t, uint32_t& cursor, T& out)
{
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    if (s.a == s.b || s.invDt == 0) {
        out = ch.keys.value(s.a);
        return true;
    }
    out = hermiteValue(ch, s, s.f);
    if constexpr (std::is_same_v<T, glm::dquat>)
        out = glm::normalize(out);
    return true;
}

// Sample a translation / scale / scalar channel. Returns false when the channel does not apply.
template <class T>
inline bool sampleChannel(const Channel<T>& ch, double t, uint32_t& cursor, T& out)
{
    if (ch.cubic())
        return sampleCubic(ch, t, cursor, out);
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    out = s.f == 0 ? ch.keys.value(s.a) : lerpValue(ch.keys.value(s.a), ch.keys.value(s.b), s.f);
    return true;
}

// A rotation segment made ready for repeated evaluation: the endpoints after flips, and the angle
// between them, so each frame costs a few multiplies (no acos, no libm sin on the usual path).
struct RotationPrep {
    enum Mode : uint8_t { Constant, Lerp, Nlerp, SlerpSmall, SlerpFast, SlerpWide, Halfway } mode = Constant;
    glm::dquat a{1, 0, 0, 0}, b{1, 0, 0, 0};
    double theta = 0, invSin = 0;
};

inline RotationPrep prepareRotation(glm::dquat a, glm::dquat b, RotationInterp how)
{
    RotationPrep p;
    // Keys stored in single precision are unit only to ~1e-7: blend unit quaternions, so that what
    // lies between keys is a unit rotation too (glm::normalize gives identity for a zero key).
    a = glm::normalize(a);
    b = glm::normalize(b);
    double d = glm::dot(a, b);
    if (how == RotationInterp::SlerpShortest || how == RotationInterp::NlerpShortest) {
        if (d < 0) {
            b = -b;
            d = -d;
        } else if (how == RotationInterp::NlerpShortest) {
            p.mode = RotationPrep::Nlerp; // the viewer's nlerp where the keys are within 90 degrees
        }
    }
    p.a = a;
    p.b = b;
    if (p.mode == RotationPrep::Nlerp)
        return p;
    // Slerp by its closed form everywhere but at the ends, where sin(theta) -> 0: within 1e-12 of equal
    // plain lerp weights are exact to ~1e-12 (no normalising square root per frame), and exactly
    // opposite keys taken the long way have no single great circle.
    constexpr double nearlyOne = 1.0 - 1e-12;
    const glm::dquat chord = b - a;
    const double chord2 = glm::dot(chord, chord);
    if (d > nearlyOne || chord2 < 1e-24) {
        p.mode = RotationPrep::Lerp;
    } else if (d < -nearlyOne) {
        p.mode = RotationPrep::Halfway;
    } else if (d >= 0 && chord2 <= 0.25) {
        // Within about 29 degrees (theta <= 0.5): the angle from the chord |b - a| = 2 sin(theta/2),
        // which stays accurate near 0 where acos does not, and short series for the weights.
        const double y = 0.5 * std::sqrt(chord2);
        p.mode = RotationPrep::SlerpSmall;
        p.theta = 2.0 * fastmath::asinSmall(y);
        p.invSin = 1.0 / (2.0 * y * std::sqrt(1.0 - y * y));
    } else if (d >= 0) {
        p.mode = RotationPrep::SlerpFast;
        p.theta = fastmath::acosAccurate(d);
        p.invSin = 1.0 / fastmath::sinHalfPi(p.theta);
    } else {
        p.mode = RotationPrep::SlerpWide; // more than 90 degrees apart (long-way segments)
        p.theta = glm::pi<double>() - fastmath::acosAccurate(-d);
        p.invSin = 1.0 / std::sin(p.theta);
    }
    return p;
}

inline glm::dquat evalRotation(const RotationPrep& p, double f)
{
    switch (p.mode) {
    case RotationPrep::Constant:
        return p.a;
    case RotationPrep::Lerp:
        return p.a * (1.0 - f) + p.b * f;
    case RotationPrep::Nlerp:
        return glm::normalize(p.a * (1.0 - f) + p.b * f);
    case RotationPrep::SlerpSmall:
        return p.a * (fastmath::sinSmall((1.0 - f) * p.theta) * p.invSin) +
               p.b * (fastmath::sinSmall(f * p.theta) * p.invSin);
    case RotationPrep::SlerpFast:
        return p.a * (fastmath::sinHalfPi((1.0 - f) * p.theta) * p.invSin) +
               p.b * (fastmath::sinHalfPi(f * p.theta) * p.invSin);
    case RotationPrep::SlerpWide:
        return p.a * (std::sin((1.0 - f) * p.theta) * p.invSin) + p.b * (std::sin(f * p.theta) * p.invSin);
    case RotationPrep::Halfway:
    default:
        return f < 0.5 ? p.a : p.b;
    }
}

inline glm::dquat blendRotation(const glm::dquat& a, const glm::dquat& b, double f, RotationInterp how)
{
    return evalRotation(prepareRotation(a, b, how), f);
}

// The rotation segment for a located Segment, with the per-key flags applied: keyflag::Hold on the
// second key holds the first, keyflag::Negate negates the second before blending.
inline RotationPrep prepareSegment(const QuatChannel& ch, const Segment& s)
{
    const glm::dquat a = ch.keys.value(s.a);
    if (s.a == s.b || s.invDt == 0) {
        RotationPrep p;
        p.a = a;
        return p;
    }
    if (ch.rules.segmentFlags) {
        const uint32_t second = ch.keys.flags(s.b);
        if (second & keyflag::Hold) {
            RotationPrep p;
            p.a = a;
            return p;
        }
        if (second & keyflag::Negate) // the game negates the segment's second key
            return prepareRotation(a, -ch.keys.value(s.b), ch.rules.rotation);
    }
    return prepareRotation(a, ch.keys.value(s.b), ch.rules.rotation);
}

inline bool sampleRotation(const QuatChannel& ch, double t, uint32_t& cursor, glm::dquat& out)
{
    if (ch.cubic())
        return sampleCubic(ch, t, cursor, out);
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    out = evalRotation(prepareSegment(ch, s), s.f);
    return true;
}

// Any channel at t by its rules, as the sampler plays it: rotations blend (prepareSegment), scalar
// channels (visibility) step, translation and scale lerp. Returns false where it does not apply.
template <class T>
inline bool sampleChannelValue(const Channel<T>& ch, double t, uint32_t& cursor, T& out)
{
    if constexpr (std::is_same_v<T, glm::dquat>) {
        return sampleRotation(ch, t, cursor, out);
    } else if constexpr (std::is_same_v<T, double>) {
        const Segment s = locate(ch, t, cursor);
        if (s.applies)
            out = ch.keys.value(s.a);
        return s.applies;
    } else {
        return sampleChannel(ch, t, cursor, out);
    }
}

// A key at t holding the channel's own value there by its rules, or nullopt where it does not apply
// (the key an edit adds where it cuts or reshapes a channel). Active for formats that gate one- and
// two-key channels on it.
template <class T>
inline std::optional<Key<T>> sampleKeyAt(const Channel<T>& ch, double t)
{
    uint32_t cursor = 0;
    Key<T> k;
    k.time = t;
    if (!sampleChannelValue(ch, t, cursor, k.value))
        return std::nullopt;
    k.flags = ch.rules.segmentFlags ? keyflag::Active : 0;
    return k;
}

} // namespace bonescope
