#pragma once
// Four bones sampled side by side, one bone per SIMD lane (a structure of arrays, as ozz-animation
// lays out its playback): the float pose evaluates the bones whose keys replace their rest values
// four at a time, from their lerp and slerp weights to their local matrices, where one bone at a
// time left lanes of every register idle or spent them on shuffles. Each lane keeps its bone's
// channels in the one-bone caches (float_segment_cache.h), which move to a new segment as before
// when playback leaves the range the lane holds for; the four caches' set-up is then gathered into a
// LaneSegment, which at() reads a quantity at a time, doing the caches' arithmetic operation for
// operation, so a lane gives the bits the cache's own at() would. Where the four bones have the same
// key times (a key per bone per frame), the sampler keeps each LaneSegment once made, and playback
// that enters the segment again reads it instead of the keys: as ozz-animation orders its keys, in
// the order forward playback needs them, one stream for all bones.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <glm/mat4x4.hpp>

#include "core/model/animation.h"
#include "core/playback/float_segment_cache.h"
#include "core/model/pose.h"

namespace bonescope {

using int4 = int32_t __attribute__((vector_size(16)));

// What the four lanes evaluate over a range of time: their caches' set-up, gathered and transposed
// once when the range is entered (a quantity per register, one lane per component) rather than at
// every frame. Trivially copyable and valid when zeroed, so that segments can be kept in calloc'd
// memory (Sampler: made when playback first enters them).
struct LaneSegment {
    static constexpr int kLanes = 4;
    // Blend factors f = (t - t0) * invDt of the translations and of the rotations (which use the
    // translations' where every lane's two channels have the same times).
    alignas(16) double t0[kLanes], invDt[kLanes], t0R[kLanes], invDtR[kLanes];
    float4 ta[3], td[3];                          // translation = ta + td * f, x y z
    // Rotation weights (angles for slerp): w0 = w0a + w0d * f, w1 = 0 + w1d * f (a rotation cache's
    // x0 is (theta or 1, 0)).
    float4 w0a, w0d, w1d;
    float4 invSin;                                // slerp: the weights are sin(w) * invSin
    float4 ra[4], rb[4];                          // rotation = ra * w0 + rb * w1, x y z w
    double lo, hi;                                // where it holds
    alignas(4) FloatRotationCache::Mode mode[kLanes];
    bool made; // a kept segment that playback has entered
};
static_assert(std::is_trivially_copyable_v<LaneSegment> && sizeof(LaneSegment) == 448);

struct FloatLanes {
    static constexpr int kLanes = LaneSegment::kLanes;
    // Every lane's values hold while lo <= t < hi; each lane's own range below.
    double lo = 0, hi = 0;
    LaneSegment own{};                 // made from the lanes' caches by their last refresh
    const LaneSegment* kept = nullptr; // a kept segment in use instead of `own`
    // Where the four lanes have the same key times and rules, their segment k (from key k to k + 1)
    // is kept at keptBase[k * keptStride], blocks of the same times side by side, so that forward
    // playback reads each segment's set-up as one stream. Null: nothing kept for this block.
    LaneSegment* keptBase = nullptr;
    size_t keptStride = 0;
    CachedRange keptRange;       // the lanes' key times, located for the kept segments
    bool keptOnRotation = false; // located on lane 0's rotation (its translation has no keys)
    double laneLo[kLanes] = {}, laneHi[kLanes] = {};
    uint8_t sharedTimes = 0; // bit i: lane i's channels have the same key times and rules
    int count = kLanes;      // lanes with a bone of their own (the others repeat lane 0's)
    // Each lane's channels, as one bone's float sampling keeps them; where a channel does not
    // apply, its cache holds the rest value (refresh()).
    FloatValueCache translation[kLanes];
    FloatRotationCache rotation[kLanes];
    float4 scale[3]{};                   // x, y, z of the rest scale (these bones have no scale keys)
    const Track* track[kLanes] = {};
    // A block with fewer bones than lanes repeats one: its lanes compute the same values twice.
    int bone[kLanes] = {};
    float4 rest[kLanes][2] = {}; // translation, rotation

    const LaneSegment& now() const { return kept ? *kept : own; }
    bool holds(double t) const { return t >= lo && t < hi; }
    // Whether any lane's rotation is in one of `modes` (FloatRotationCache::Mode bits).
    bool anyIn(unsigned modes) const
    {
        uint32_t packed;
        std::memcpy(&packed, now().mode, 4);
        return (packed & (modes * 0x01010101u)) != 0;
    }
    // Moves to the segment that holds at t: a kept one, or the lanes that do not hold at t moved to
    // the segments that do.
    [[gnu::noinline]] void refresh(double t);

private:
    void refreshLanes(double t);
    // Moves to the kept segment of `times` (a channel with the lanes' key times and rules) at t, if
    // it is one of the kept ones; false if not.
    template <class T>
    bool refreshKept(const Channel<T>& times, double t);
};

// The four lanes' local values at one time, a component per vector.
struct LaneValues {
    float4 translation[3], rotation[4];
};

namespace lanes {

inline float4 select(int4 m, float4 yes, float4 no) { return float4((int4(yes) & m) | (int4(no) & ~m)); }

// Rows a, b, c, d in, columns out: out[i] = {a[i], b[i], c[i], d[i]} (and the reverse).
[[gnu::always_inline]] inline void transpose(float4 a, float4 b, float4 c, float4 d, float4 out[4])
{
    const float4 ab0 = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    const float4 cd0 = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd1 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    out[0] = __builtin_shufflevector(ab0, cd0, 0, 1, 4, 5);
    out[1] = __builtin_shufflevector(ab0, cd0, 2, 3, 6, 7);
    out[2] = __builtin_shufflevector(ab1, cd1, 0, 1, 4, 5);
    out[3] = __builtin_shufflevector(ab1, cd1, 2, 3, 6, 7);
}

// The four lanes' quantity `member` of their caches, a component per register.
template <class Cache, float4 Cache::*member>
[[gnu::always_inline]] inline void gather(const Cache* caches, float4 out[4])
{
    transpose(caches[0].*member, caches[1].*member, caches[2].*member, caches[3].*member, out);
}

// f = (t - t0) * invDt for four lanes, in double as the caches compute it, then in float.
[[gnu::always_inline]] inline float4 factors(double t, const double* t0, const double* invDt)
{
    using double2 = double __attribute__((vector_size(16)));
    double2 lo, hi, k0, k1;
    std::memcpy(&lo, t0, 16);
    std::memcpy(&hi, t0 + 2, 16);
    std::memcpy(&k0, invDt, 16);
    std::memcpy(&k1, invDt + 2, 16);
    using float2 = float __attribute__((vector_size(8)));
    const double2 tt{t, t};
    const float2 first = __builtin_convertvector((tt - lo) * k0, float2);
    const float2 second = __builtin_convertvector((tt - hi) * k1, float2);
    return __builtin_shufflevector(first, second, 0, 1, 2, 3);
}

// The lanes' translations and rotations at t, except for the rotations of Exact lanes, which the
// caller fills from the double code.
[[gnu::always_inline]] inline LaneValues at(const FloatLanes& l, double t)
{
    const LaneSegment& s = l.now();
    const float4 fT = factors(t, s.t0, s.invDt);
    const float4 fR = l.sharedTimes == 0xf ? fT : factors(t, s.t0R, s.invDtR);
    LaneValues v;
    for (int c = 0; c < 3; ++c)
        v.translation[c] = s.ta[c] + s.td[c] * fT;
    float4 w0 = s.w0a + s.w0d * fR, w1 = float4{} + s.w1d * fR;
    if (l.anyIn(FloatRotationCache::Slerp)) [[likely]] {
        const int4 slerp = int4{s.mode[0], s.mode[1], s.mode[2], s.mode[3]} == int(FloatRotationCache::Slerp);
        w0 = select(slerp, fastmath::sinHalfPiF(w0) * s.invSin, w0);
        w1 = select(slerp, fastmath::sinHalfPiF(w1) * s.invSin, w1);
    }
    for (int c = 0; c < 4; ++c)
        v.rotation[c] = s.ra[c] * w0 + s.rb[c] * w1;
    if (l.anyIn(FloatRotationCache::Nlerp)) [[unlikely]] {
        const float4* q = v.rotation;
        const float4 n2 = (q[0] * q[0] + q[1] * q[1]) + (q[2] * q[2] + q[3] * q[3]);
        float4 k = all(1.f);
        for (int i = 0; i < FloatLanes::kLanes; ++i)
            if (s.mode[i] == FloatRotationCache::Nlerp)
                k[i] = 1.f / std::sqrt(n2[i]);
        for (int c = 0; c < 4; ++c)
            v.rotation[c] *= k;
    }
    return v;
}

// Writes the lanes' local transforms and local matrices (scale, then rotate, then translate) at
// their bones, with visibility 1. The matrix is the one-bone localMatrix()'s, a lane at a time.
[[gnu::always_inline]] inline void store(const FloatLanes& l, const LaneValues& v, BoneTransform* locals,
                                         glm::mat4* matrices, uint8_t* visibles)
{
    float* m[FloatLanes::kLanes];
    unsigned char* local[FloatLanes::kLanes];
    for (int i = 0; i < FloatLanes::kLanes; ++i) {
        const int bone = l.bone[i];
        m[i] = &matrices[bone][0][0];
        local[i] = reinterpret_cast<unsigned char*>(&locals[bone]);
        visibles[bone] = 1;
    }
    auto storeColumn = [&](int c, float4 x, float4 y, float4 z, float4 w) {
        float4 out[4];
        transpose(x, y, z, w, out);
        for (int i = 0; i < FloatLanes::kLanes; ++i)
            store4(m[i] + 4 * c, out[i]);
    };
    const float4* t = v.translation;
    const float4 x = v.rotation[0], y = v.rotation[1], z = v.rotation[2], w = v.rotation[3];
    const float4 one = all(1.f), zero{};
    // BoneTransform: translation, rotation (x y z w), scale: ten floats, stored as 4 + 4 + 2.
    static_assert(sizeof(BoneTransform) == 40 && offsetof(BoneTransform, scale) == 28);
    {
        float4 first[4], second[4];
        transpose(t[0], t[1], t[2], x, first);
        transpose(y, z, w, l.scale[0], second);
        const float4 lastLo = __builtin_shufflevector(l.scale[1], l.scale[2], 0, 4, 1, 5);
        const float4 lastHi = __builtin_shufflevector(l.scale[1], l.scale[2], 2, 6, 3, 7);
        for (int i = 0; i < FloatLanes::kLanes; ++i) {
            std::memcpy(local[i], &first[i], 16);
            std::memcpy(local[i] + 16, &second[i], 16);
            std::memcpy(local[i] + 32, reinterpret_cast<const float*>(i < 2 ? &lastLo : &lastHi) + 2 * (i & 1), 8);
        }
    }
    storeColumn(3, t[0], t[1], t[2], one);
    const float4 x2 = x + x, y2 = y + y, z2 = z + z;
    const float4 xx = x * x2, yy = y * y2, zz = z * z2;
    const float4 xy = x * y2, xz = x * z2, yz = y * z2;
    const float4 wx = w * x2, wy = w * y2, wz = w * z2;
    const float4* s = l.scale;
    storeColumn(0, ((one - yy) - zz) * s[0], (xy + wz) * s[0], (xz - wy) * s[0], zero);
    storeColumn(1, (xy - wz) * s[1], ((one - xx) - zz) * s[1], (yz + wx) * s[1], zero);
    storeColumn(2, (xz + wy) * s[2], (yz - wx) * s[2], ((one - xx) - yy) * s[2], zero);
}

} // namespace lanes

} // namespace bonescope
