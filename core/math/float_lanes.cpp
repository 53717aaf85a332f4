#include "core/math/float_lanes.h"

#include <algorithm>
#include <cmath>

namespace bonescope {

void FloatLanes::refreshLanes(double t)
{
    lo = -HUGE_VAL;
    hi = HUGE_VAL;
    for (int i = 0; i < kLanes; ++i) {
        FloatValueCache& tc = translation[i];
        FloatRotationCache& rc = rotation[i];
        if (!(t >= laneLo[i] && t < laneHi[i])) {
            const Track& k = *track[i];
            const CachedRange* rotationRange = &rc.range;
            if (sharedTimes & (1 << i)) {
                // One lookup for both channels.
                CachedRange& range = tc.range;
                if (!range.contains(t)) {
                    const Segment segment = range.refresh(k.translation, t);
                    tc.set(k.translation, segment);
                    rc.set(k.rotation, segment, range);
                }
                rotationRange = &range;
            } else {
                tc.refresh(k.translation, t);
                rc.refresh(k.rotation, t);
            }
            const CachedRange& tr = tc.range;
            const CachedRange& rr = *rotationRange;
            if (!tr.applies) [[unlikely]] {
                tc.a = rest[i][0];
                tc.delta = float4{};
            }
            if (!rr.applies) [[unlikely]]
                rc.holdValue(rest[i][1]);
            own.t0[i] = tr.t0;
            own.invDt[i] = tr.invDt;
            own.t0R[i] = rr.t0;
            own.invDtR[i] = rr.invDt;
            laneLo[i] = std::max(tr.lo, rr.lo);
            laneHi[i] = std::min(tr.hi, rr.hi);
            own.mode[i] = rc.mode;
        }
        lo = std::max(lo, laneLo[i]);
        hi = std::min(hi, laneHi[i]);
    }
    // The caches' set-up, a quantity per register (lanes that did not move give theirs again).
    float4 out[4];
    lanes::gather<FloatValueCache, &FloatValueCache::a>(translation, out);
    std::copy(out, out + 3, own.ta);
    lanes::gather<FloatValueCache, &FloatValueCache::delta>(translation, out);
    std::copy(out, out + 3, own.td);
    lanes::gather<FloatRotationCache, &FloatRotationCache::x0>(rotation, out);
    own.w0a = out[0]; // out[1], the cache's x0[1], is always 0
    lanes::gather<FloatRotationCache, &FloatRotationCache::dx>(rotation, out);
    own.w0d = out[0];
    own.w1d = out[1];
    lanes::gather<FloatRotationCache, &FloatRotationCache::invSin>(rotation, out);
    own.invSin = out[0];
    lanes::gather<FloatRotationCache, &FloatRotationCache::a>(rotation, own.ra);
    lanes::gather<FloatRotationCache, &FloatRotationCache::b>(rotation, own.rb);
    own.lo = lo;
    own.hi = hi;
    kept = nullptr;
}

template <class T>
bool FloatLanes::refreshKept(const Channel<T>& times, double t)
{
    const Segment s = keptRange.refresh(times, t);
    const size_t k = size_t(s.a);
    // Only the segments between two keys are kept (not the times before the first key or after
    // the last, which the rules decide).
    if (!s.applies || s.a < 0 || k + 1 >= times.keys.size() || s.lo != times.keys.time(k) ||
        s.hi != times.keys.time(k + 1))
        return false;
    LaneSegment& slot = keptBase[k * keptStride];
    if (!slot.made) {
        refreshLanes(t);
        // Exact lanes need their caches (the double code), so such a segment is not kept.
        if (own.lo != s.lo || own.hi != s.hi || anyIn(FloatRotationCache::Exact))
            return true;
        slot = own;
        slot.made = true;
    }
    kept = &slot;
    lo = slot.lo;
    hi = slot.hi;
    return true;
}

void FloatLanes::refresh(double t)
{
    if (keptBase && (keptOnRotation ? refreshKept(track[0]->rotation, t) : refreshKept(track[0]->translation, t)))
        return;
    refreshLanes(t);
}

} // namespace bonescope
