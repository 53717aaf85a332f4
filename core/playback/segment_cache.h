#pragma once
// Per-channel memo of the current segment, so that playback (successive nearby times) evaluates a
// channel with a range check and a few multiplies; the rules are still decided by locate().
#include <vector>

#include "core/playback/channel_eval.h"

namespace bonescope {

// The time range over which the last located segment holds.
struct CachedRange {
    double lo = 1, hi = 0; // empty: the first sample looks the segment up
    uint32_t cursor = 0;
    bool applies = false;
    double t0 = 0, invDt = 0;

    bool contains(double t) const { return t >= lo && t < hi; }
    double factor(double t) const { return (t - t0) * invDt; }

    // Forward playback's usual refresh: t has moved into the segment that starts at key cursor + 1,
    // and no rule has a say there (no per-key flags, not the last key). Sets the range as locate()
    // would (the segment from key cursor to cursor + 1) without its search and rule checks; false
    // when the case does not apply.
    template <class T>
    [[gnu::always_inline]] bool step(const Channel<T>& ch, double t)
    {
        const ChannelRules& rules = ch.rules;
        const size_t i = size_t(cursor) + 1;
        if (rules.segmentFlags || i + 1 >= ch.keys.size())
            return false;
        const double next = ch.keys.time(i), after = ch.keys.time(i + 1);
        if (!(next <= t && t < after))
            return false;
        cursor = uint32_t(i);
        applies = true;
        lo = t0 = next;
        hi = after;
        invDt = rules.interpolation != Interpolation::Step ? 1.0 / (after - next) : 0.0;
        return true;
    }
    // The segment step() went to (its factor f is not set: the caches use t0 and invDt).
    Segment stepped() const
    {
        Segment s;
        s.applies = true;
        s.a = int(cursor);
        s.b = int(cursor) + 1;
        s.lo = lo;
        s.hi = hi;
        s.t0 = t0;
        s.invDt = invDt;
        return s;
    }
    // Any other move, and every rule.
    template <class T>
    [[gnu::noinline]] Segment relocate(const Channel<T>& ch, double t)
    {
        const Segment s = locate(ch, t, cursor);
        lo = s.lo;
        hi = s.hi;
        applies = s.applies;
        t0 = s.t0;
        invDt = s.invDt;
        return s;
    }
    template <class T>
    Segment refresh(const Channel<T>& ch, double t)
    {
        return step(ch, t) ? stepped() : relocate(ch, t);
    }
};

template <class T>
struct ValueCache {
    CachedRange range;
    T a{}, delta{};

    bool sample(const Channel<T>& ch, double t, T& out)
    {
        if (ch.cubic()) [[unlikely]]
            return sampleCubic(ch, t, range.cursor, out);
        if (!range.contains(t)) {
            const Segment s = range.refresh(ch, t);
            if (s.applies) {
                a = ch.keys.value(s.a);
                delta = s.invDt != 0 ? ch.keys.value(s.b) - a : T{};
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
        if (ch.cubic()) [[unlikely]]
            return sampleCubic(ch, t, range.cursor, out);
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
            value = s.applies ? ch.keys.value(s.a) : 1.0;
        }
        return value;
    }
};

} // namespace bonescope
