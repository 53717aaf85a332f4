#include "core/float_lanes.h"

#include <algorithm>
#include <cmath>

namespace bonescope {

void FloatLanes::refresh(double t)
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
            t0Translation[i] = tr.t0;
            invDtTranslation[i] = tr.invDt;
            t0Rotation[i] = rr.t0;
            invDtRotation[i] = rr.invDt;
            laneLo[i] = std::max(tr.lo, rr.lo);
            laneHi[i] = std::min(tr.hi, rr.hi);
            mode[i] = rc.mode;
        }
        lo = std::max(lo, laneLo[i]);
        hi = std::min(hi, laneHi[i]);
    }
}

} // namespace bonescope
