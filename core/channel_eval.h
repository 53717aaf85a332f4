#pragma once
// Evaluating one channel at a time by its rules. `cursor` remembers the last segment so that forward
// playback costs O(1) per channel; any other access falls back to a binary search.
#include <algorithm>
#include <cstdint>

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
Segment locate(const Channel<T>& ch, double t, uint32_t& cursor)
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
    } else if (t == ch.keys[i].time) {
        s.applies = true; // exactly on a key: that key alone
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

glm::dquat blendRotation(const glm::dquat& a, const glm::dquat& b, double f, RotationInterp how);

// Sample a translation / scale / scalar channel. Returns false when the channel does not apply.
template <class T>
bool sampleChannel(const Channel<T>& ch, double t, uint32_t& cursor, T& out)
{
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    out = s.f == 0 ? ch.keys[s.a].value : lerpValue(ch.keys[s.a].value, ch.keys[s.b].value, s.f);
    return true;
}

bool sampleRotation(const QuatChannel& ch, double t, uint32_t& cursor, glm::dquat& out);

} // namespace bonescope
