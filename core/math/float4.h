#pragma once
// Four floats in one SIMD register (GCC/Clang vector extensions: SSE on x86-64, NEON on ARM), for
// the sampler's hot path. Lanes hold x, y, z, w: a vec3 with w = 0, or a quaternion in glm's order.
#include <cstring>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope {

using float4 = float __attribute__((vector_size(16)));
using double4 = double __attribute__((vector_size(32)));

constexpr float4 all(float v) { return float4{v, v, v, v}; }

template <int I, int J, int K, int L>
inline float4 shuffle(float4 v)
{
    return __builtin_shufflevector(v, v, I, J, K, L);
}
template <int I>
inline float4 splat(float4 v)
{
    return __builtin_shufflevector(v, v, I, I, I, I);
}

// The same with lane 3 set to 0.
inline float4 keepXYZ(float4 v)
{
    using int4 = int __attribute__((vector_size(16)));
    return float4(int4(v) & int4{-1, -1, -1, 0});
}

// x*x + y*y + z*z + w*w in every lane.
inline float4 dot4(float4 a, float4 b)
{
    const float4 p = a * b;
    const float4 s = p + __builtin_shufflevector(p, p, 1, 0, 3, 2);
    return s + __builtin_shufflevector(s, s, 2, 3, 0, 1);
}

inline float4 toFloat4(const glm::dvec3& v)
{
    return __builtin_convertvector((double4{v.x, v.y, v.z, 0.0}), float4);
}
inline float4 toFloat4(const glm::dquat& q)
{
    return __builtin_convertvector((double4{q.x, q.y, q.z, q.w}), float4);
}
inline float4 toFloat4(const glm::vec3& v) { return float4{v.x, v.y, v.z, 0.f}; }
inline float4 toFloat4(const glm::quat& q) { return float4{q.x, q.y, q.z, q.w}; }

inline glm::quat toQuat(float4 v) { return glm::quat(v[3], v[0], v[1], v[2]); }

inline void store3(float* dst, float4 v)
{
    std::memcpy(dst, &v, 2 * sizeof(float));
    dst[2] = v[2];
}
inline void store4(float* dst, float4 v) { std::memcpy(dst, &v, sizeof(v)); }
inline float4 load4(const float* src)
{
    float4 v;
    std::memcpy(&v, src, sizeof(v));
    return v;
}

} // namespace bonescope
