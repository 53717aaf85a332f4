#pragma once
// Per-channel memo of the current segment, so that playback (successive nearby times) evaluates a
// channel with a range check and a few multiplies; the rules are still decided by locate().
#include "core/channel_eval.h"

namespace bonescope {

template <class T>
struct ValueCache {
    double lo = 1, hi = 0; // empty range: the first sample looks the segment up
    uint32_t cursor = 0;
    bool applies = false;
    double t0 = 0, invDt = 0;
    T a{}, delta{};

    bool sample(const Channel<T>& ch, double t, T& out)
    {
        if (!(t >= lo && t < hi)) {
            const Segment s = locate(ch, t, cursor);
            lo = s.lo;
            hi = s.hi;
            applies = s.applies;
            if (applies) {
                t0 = s.t0;
                invDt = s.invDt;
                a = ch.keys[s.a].value;
                delta = invDt != 0 ? ch.keys[s.b].value - a : T{};
            }
        }
        if (!applies)
            return false;
        out = invDt != 0 ? a + delta * ((t - t0) * invDt) : a;
        return true;
    }
};

struct RotationCache {
    double lo = 1, hi = 0;
    uint32_t cursor = 0;
    bool applies = false;
    double t0 = 0, invDt = 0;
    RotationPrep prep;

    bool sample(const QuatChannel& ch, double t, glm::dquat& out)
    {
        if (!(t >= lo && t < hi)) {
            const Segment s = locate(ch, t, cursor);
            lo = s.lo;
            hi = s.hi;
            applies = s.applies;
            if (applies) {
                t0 = s.t0;
                invDt = s.invDt;
                prep = prepareSegment(ch, s);
            }
        }
        if (!applies)
            return false;
        out = evalRotation(prep, (t - t0) * invDt);
        return true;
    }
};

// Visibility always steps, whatever the channel's interpolation says.
struct StepCache {
    double lo = 1, hi = 0;
    uint32_t cursor = 0;
    double value = 1;

    double sample(const ScalarChannel& ch, double t)
    {
        if (!(t >= lo && t < hi)) {
            const Segment s = locate(ch, t, cursor);
            lo = s.lo;
            hi = s.hi;
            value = s.applies ? ch.keys[s.a].value : 1.0;
        }
        return value;
    }
};

} // namespace bonescope
