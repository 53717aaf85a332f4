#pragma once
// Per-channel memo of the current segment, so that playback (successive nearby times) evaluates a
// channel with a range check and a few multiplies; the rules are still decided by locate().
#include "core/channel_eval.h"

namespace bonescope {

// The time range over which the last located segment holds.
struct CachedRange {
    double lo = 1, hi = 0; // empty: the first sample looks the segment up
    uint32_t cursor = 0;
    bool applies = false;
    double t0 = 0, invDt = 0;

    bool contains(double t) const { return t >= lo && t < hi; }
    double factor(double t) const { return (t - t0) * invDt; }

    // Forward playback's usual step to the next segment (see stepForward()); false when it does
    // not apply, and the segment must be located.
    template <class T>
    [[gnu::always_inline]] bool step(const Channel<T>& ch, double t, Segment& s)
    {
        if (!stepForward(ch, t, cursor, s))
            return false;
        keep(s);
        return true;
    }
    // The same on a copy of the channel's key times.
    [[gnu::always_inline]] bool step(const ChannelRules& rules, const std::vector<double>& times, double t, Segment& s)
    {
        if (!stepForward(rules, times.size(), [&](size_t i) { return times[i]; }, t, cursor, s))
            return false;
        keep(s);
        return true;
    }
    // Any other move, and every rule.
    template <class T>
    [[gnu::noinline]] Segment relocate(const Channel<T>& ch, double t)
    {
        const Segment s = locate(ch, t, cursor);
        keep(s);
        return s;
    }
    template <class T>
    [[gnu::always_inline]] Segment refresh(const Channel<T>& ch, double t)
    {
        Segment s;
        return step(ch, t, s) ? s : relocate(ch, t);
    }

private:
    void keep(const Segment& s)
    {
        lo = s.lo;
        hi = s.hi;
        applies = s.applies;
        t0 = s.t0;
        invDt = s.invDt;
    }
};

template <class T>
struct ValueCache {
    CachedRange range;
    T a{}, delta{};

    bool sample(const Channel<T>& ch, double t, T& out)
    {
        if (!range.contains(t)) {
            const Segment s = range.refresh(ch, t);
            if (s.applies) {
                a = ch.keys[s.a].value;
                delta = s.invDt != 0 ? ch.keys[s.b].value - a : T{};
            }
        }
        if (!range.applies)
            return false;
        out = range.invDt != 0 ? a + delta * range.factor(t) : a;
        return true;
    }
};

struct RotationCache {
    CachedRange range;
    RotationPrep prep;

    bool sample(const QuatChannel& ch, double t, glm::dquat& out)
    {
        if (!range.contains(t)) {
            const Segment s = range.refresh(ch, t);
            if (s.applies)
                prep = prepareSegment(ch, s);
        }
        if (!range.applies)
            return false;
        out = evalRotation(prep, range.factor(t));
        return true;
    }
};

// Visibility always steps, whatever the channel's interpolation says.
struct StepCache {
    CachedRange range;
    double value = 1;

    double sample(const ScalarChannel& ch, double t)
    {
        if (!range.contains(t)) {
            const Segment s = range.refresh(ch, t);
            value = s.applies ? ch.keys[s.a].value : 1.0;
        }
        return value;
    }
};

} // namespace bonescope
