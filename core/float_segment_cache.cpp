#include "core/float_segment_cache.h"

namespace bonescope {

namespace {

// q / |q| like glm::normalize; NaN where |q| is too far from 1 for float (the segment is then
// evaluated in double).
float4 unit(float4 q)
{
    const float n2 = dot4(q, q)[0];
    return n2 > 1e-12f && n2 < 1e12f ? q * (1.f / std::sqrt(n2)) : all(NAN);
}

template <class T>
void copyTimes(const Channel<T>& ch, std::vector<double>& times)
{
    times.clear();
    times.reserve(ch.keys.size());
    for (const Key<T>& k : ch.keys)
        times.push_back(k.time);
}

} // namespace

void FloatValueCache::build(const Vec3Channel& ch)
{
    range = {};
    keys.clear();
    keys.reserve(ch.keys.size());
    for (const Vec3Key& k : ch.keys)
        keys.push_back(toFloat4(k.value));
    copyTimes(ch, times);
}

void FloatRotationCache::build(const QuatChannel& ch, bool withTimes)
{
    range = {};
    const size_t n = ch.keys.size();
    keys.clear();
    keys.reserve(n);
    for (const QuatKey& k : ch.keys)
        keys.push_back(unit(toFloat4(k.value)));
    if (withTimes)
        copyTimes(ch, times);
    else
        times = {};
    segments.assign(n > 1 ? n - 1 : 0, Prepared{});
    const bool flags = ch.rules.segmentFlags;
    const RotationInterp how = ch.rules.rotation;
    for (size_t i = 0; i + 1 < n; ++i) {
        Prepared& p = segments[i];
        const uint32_t second = ch.keys[i + 1].flags;
        if (flags && (second & keyflag::Hold))
            continue; // held: the first key as stored
        const float sign = flags && (second & keyflag::Negate) ? -1.f : 1.f;
        const float d = dot4(keys[i], keys[i + 1])[0] * sign; // NaN for a key unit() could not scale
        // Whether to flip is decided as in double precision only where the dot is clearly away from
        // 0, and long-way segments would lose float precision near 180 degrees.
        if (!(std::abs(d) >= 1e-4f) || (d < 0 && how == RotationInterp::SlerpDirect)) {
            p.mode = Exact;
            continue;
        }
        p.mode = d >= 0 && how == RotationInterp::NlerpShortest ? Nlerp : Slerp;
        p.signB = d < 0 ? -sign : sign;
        const float c = std::abs(d);
        if (p.mode == Slerp && 1.f - c > 1e-7f) {
            // The angle from the dot: its error near 0 moves the weights only at second order.
            p.theta = fastmath::acosUnit(c);
            p.invSin = 1.f / fastmath::sinHalfPiF(all(p.theta))[0];
        } else if (p.mode == Slerp) {
            p.mode = Lerp; // within 5e-4 rad: lerp weights are slerp's to 3e-8
        }
    }
}

float4 FloatRotationCache::evalExact(const QuatChannel& ch, double t) const
{
    return toFloat4(evalRotation(prepareSegment(ch, exact), (t - exact.t0) * exact.invDt));
}

} // namespace bonescope
