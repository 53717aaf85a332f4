#include "core/playback/float_segment_cache.h"

#include <new>

namespace bonescope {

namespace {

// 1 / |q|, the scale glm::normalize would apply to q in float; NaN where |q| is too far from 1 for
// float (the segment is then evaluated in double).
float unitScale(float4 q)
{
    const float n2 = dot4(q, q)[0];
    return n2 > 1e-12f && n2 < 1e12f ? 1.f / std::sqrt(n2) : NAN;
}

} // namespace

void FloatRotationCache::build(const QuatChannel& ch, bool keep)
{
    range = {};
    const size_t n = keep && ch.keys.size() > 1 ? ch.keys.size() - 1 : 0;
    segments.reset(n ? static_cast<Prepared*>(std::calloc(n, sizeof(Prepared))) : nullptr);
    if (n && !segments)
        throw std::bad_alloc();
}

void FloatRotationCache::prepare(const QuatChannel& ch, int k, Prepared& p)
{
    const size_t i = size_t(k);
    p = Prepared{1, 0, 1, 1, Held};
    const uint32_t second = ch.keys.flags(i + 1);
    const bool flags = ch.rules.segmentFlags;
    if (flags && (second & keyflag::Hold))
        return; // held: the first key as stored
    const RotationInterp how = ch.rules.rotation;
    const float4 first = keyFloat4(ch.keys, i), next = keyFloat4(ch.keys, i + 1);
    const float firstScale = unitScale(first), nextScale = unitScale(next);
    const float sign = flags && (second & keyflag::Negate) ? -1.f : 1.f;
    // NaN for a key unitScale() could not scale.
    const float d = dot4(first * firstScale, next * nextScale)[0] * sign;
    // Whether to flip is decided as in double precision only where the dot is clearly away from
    // 0, and long-way segments would lose float precision near 180 degrees.
    if (!(std::abs(d) >= 1e-4f) || (d < 0 && how == RotationInterp::SlerpDirect)) {
        p.mode = Exact;
        return;
    }
    p.mode = d >= 0 && how == RotationInterp::NlerpShortest ? Nlerp : Slerp;
    p.scaleA = firstScale;
    p.scaleB = d < 0 ? -sign * nextScale : sign * nextScale;
    const float c = std::abs(d);
    if (p.mode == Slerp && 1.f - c > 1e-7f) {
        // The angle from the dot: its error near 0 moves the weights only at second order.
        p.theta = fastmath::acosUnit(c);
        p.invSin = 1.f / fastmath::sinHalfPiF(all(p.theta))[0];
    } else if (p.mode == Slerp) {
        p.mode = Lerp; // within 5e-4 rad: lerp weights are slerp's to 3e-8
    }
}

float4 FloatRotationCache::evalExact(const QuatChannel& ch, double t) const
{
    return toFloat4(evalRotation(prepareSegment(ch, exact), (t - exact.t0) * exact.invDt));
}

} // namespace bonescope
