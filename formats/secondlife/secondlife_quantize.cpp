#include "formats/secondlife/secondlife_quantize.h"

#include <algorithm>
#include <cmath>

namespace bonescope::secondlife {

namespace {
constexpr float kOneOverU16Max = 1.f / 65535.f;
constexpr float kMaxOffset = 5.f;
} // namespace

float decodeU16(uint16_t code, float lo, float hi)
{
    // Step by step in float, as the viewer's U16_to_F32, so that values match it to the bit.
    float v = float(code) * kOneOverU16Max;
    const float delta = hi - lo;
    v *= delta;
    v += lo;
    const float maxError = delta * kOneOverU16Max;
    if (std::fabs(v) < maxError)
        v = 0.f;
    return v;
}

uint16_t encodeU16(double v, double lo, double hi)
{
    if (!std::isfinite(v) || !(hi > lo))
        return 0;
    const double unit = (std::clamp(v, lo, hi) - lo) / (hi - lo);
    return uint16_t(std::lround(unit * 65535.0));
}

double decodeTime(uint16_t code, float duration)
{
    return decodeU16(code, 0.f, duration);
}

uint16_t encodeTime(double time, double duration)
{
    return encodeU16(time, 0.0, duration);
}

glm::dquat decodeRotation(uint16_t x, uint16_t y, uint16_t z)
{
    const float fx = decodeU16(x, -1.f, 1.f), fy = decodeU16(y, -1.f, 1.f), fz = decodeU16(z, -1.f, 1.f);
    const float t = 1.f - (fx * fx + fy * fy + fz * fz);
    const float w = t > 0 ? std::sqrt(t) : 0.f;
    return glm::dquat(w, fx, fy, fz);
}

std::array<uint16_t, 3> encodeRotation(const glm::dquat& q)
{
    const double len = glm::length(q);
    glm::dquat n = len > 0 && std::isfinite(len) ? q / len : glm::dquat(1, 0, 0, 0);
    if (n.w < 0)
        n = -n;
    return {encodeU16(n.x, -1, 1), encodeU16(n.y, -1, 1), encodeU16(n.z, -1, 1)};
}

glm::dvec3 decodePosition(uint16_t x, uint16_t y, uint16_t z)
{
    return {decodeU16(x, -kMaxOffset, kMaxOffset), decodeU16(y, -kMaxOffset, kMaxOffset),
            decodeU16(z, -kMaxOffset, kMaxOffset)};
}

std::array<uint16_t, 3> encodePosition(const glm::dvec3& p)
{
    return {encodeU16(p.x, -kMaxOffset, kMaxOffset), encodeU16(p.y, -kMaxOffset, kMaxOffset),
            encodeU16(p.z, -kMaxOffset, kMaxOffset)};
}

uint64_t packCodes(const Codes& c)
{
    return uint64_t(c[0]) | uint64_t(c[1]) << 16 | uint64_t(c[2]) << 32 | uint64_t(c[3]) << 48;
}

Codes unpackCodes(uint64_t raw)
{
    return {uint16_t(raw), uint16_t(raw >> 16), uint16_t(raw >> 32), uint16_t(raw >> 48)};
}

} // namespace bonescope::secondlife
