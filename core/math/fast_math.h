#pragma once
// Trigonometry for the sampler's hot path, without calling libm (acos and sin were half of a
// full-pose sample): in double, accurate to about 1e-8 on the ranges slerp needs; in float (the
// pose's own precision), to float rounding.
#include <cmath>

#include "core/math/float4.h"

namespace bonescope::fastmath {

// Abramowitz & Stegun 4.4.46: acos(x) = sqrt(1 - x) * acosFactor(x) for x in [0, 1], |error| <= 2e-8.
template <class T>
inline T acosFactor(T x)
{
    return T(1.5707963050) +
           x * (T(-0.2145988016) +
                x * (T(0.0889789874) +
                     x * (T(-0.0501743046) +
                          x * (T(0.0308918810) + x * (T(-0.0170881256) + x * (T(0.0066700901) + x * T(-0.0012624911)))))));
}

// acos(x) for x in [0, 1], |error| <= 2e-8 (plus rounding: float or double).
template <class T>
inline T acosUnit(T x)
{
    return std::sqrt(T(1) - x) * acosFactor(x);
}

// sin(x) for x in [0, pi/2]: Taylor series to x^15, |error| < 1e-10 there.
inline double sinHalfPi(double x)
{
    const double x2 = x * x;
    return x * (1.0 + x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 + x2 * (1.0 / 362880 +
                x2 * (-1.0 / 39916800 + x2 * (1.0 / 6227020800 + x2 * (-1.0 / 1307674368000))))))));
}

// cos(x) for x in [0, pi/2]: Taylor series to x^16, |error| < 1e-11 there.
inline double cosHalfPi(double x)
{
    const double x2 = x * x;
    return 1.0 + x2 * (-1.0 / 2 + x2 * (1.0 / 24 + x2 * (-1.0 / 720 + x2 * (1.0 / 40320 + x2 * (-1.0 / 3628800 +
                x2 * (1.0 / 479001600 + x2 * (-1.0 / 87178291200 + x2 * (1.0 / 20922789888000))))))));
}

// acos(x) for x in [0, 1): the polynomial refined by one Newton step on cos(t) = x, to about
// 1e-15 (the polynomial alone is off by up to 2e-8 rad, visible in long slerps).
inline double acosAccurate(double x)
{
    const double t = acosUnit(x);
    return t + (cosHalfPi(t) - x) / sinHalfPi(t);
}

// The short forms for small angles, which are what consecutive keys mostly hold: fewer dependent
// steps than the full-range series, same accuracy on their range.
// sin(x) for |x| <= 0.5: Taylor series to x^9, |error| < 2e-10.
inline double sinSmall(double x)
{
    const double x2 = x * x;
    return x * (1.0 + x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 + x2 * (1.0 / 362880)))));
}

// asin(y) for 0 <= y <= 0.25: Taylor series to y^13, |error| < 2e-11.
inline double asinSmall(double y)
{
    const double y2 = y * y;
    return y * (1.0 + y2 * (1.0 / 6 + y2 * (3.0 / 40 + y2 * (5.0 / 112 + y2 * (35.0 / 1152 +
                y2 * (63.0 / 2816 + y2 * (231.0 / 13312)))))));
}

// Coefficients of sinHalfPiF. Defined out of line so that the compiler uses them as vector operands
// in place (seen as constants, GCC builds each vector from a scalar on every call).
extern const float4 sinHalfPiCoefficients[4];

// sin(x) for x in [0, pi/2] in single precision, one value per lane: a minimax polynomial of
// degree 9 fitted for this range, within 1.2e-7 (relative) of sin in float evaluation.
inline float4 sinHalfPiF(float4 x)
{
    const float4* c = sinHalfPiCoefficients;
    const float4 z = x * x;
    return x + x * (z * (c[0] + z * (c[1] + z * (c[2] + z * c[3]))));
}

} // namespace bonescope::fastmath
