#pragma once
// The viewer's 16-bit key quantisation (llquantize.h): decoding exactly as it does, in single
// precision with the zero snap, and encoding new values by rounding to nearest. A key's codes as read
// are packed as time | x << 16 | y << 32 | z << 48 (SecondLifeKeyCodes).
#include <array>
#include <cstdint>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope::secondlife {

using Codes = std::array<uint16_t, 4>; // time, x, y, z

// code / 65535 * (hi - lo) + lo in float, then 0 when |v| < (hi - lo) / 65535.
float decodeU16(uint16_t code, float lo, float hi);
// Nearest code for v clamped to [lo, hi] (a non-finite v gives lo).
uint16_t encodeU16(double v, double lo, double hi);

double decodeTime(uint16_t code, float duration);
uint16_t encodeTime(double time, double duration);

// x, y, z over [-1, 1]; w = sqrt(1 - x² - y² - z²), 0 when that is negative.
glm::dquat decodeRotation(uint16_t x, uint16_t y, uint16_t z);
// Normalised, flipped to w >= 0, x, y, z rounded to the nearest code.
std::array<uint16_t, 3> encodeRotation(const glm::dquat& q);

glm::dvec3 decodePosition(uint16_t x, uint16_t y, uint16_t z);
std::array<uint16_t, 3> encodePosition(const glm::dvec3& p);

uint64_t packCodes(const Codes& c);
Codes unpackCodes(uint64_t raw);

} // namespace bonescope::secondlife
