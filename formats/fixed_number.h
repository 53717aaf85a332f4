#pragma once
// A number in fixed notation for text formats (BVH, SMD): `precision` decimals, never "-0.000000".
#include <charconv>
#include <cmath>
#include <string>

namespace bonescope {

inline void appendFixed(std::string& out, double v, int precision)
{
    char buf[400]; // room for any finite double in fixed notation (DBL_MAX has 309 digits)
    if (std::abs(v) < 0.5 * std::pow(10.0, -precision))
        v = 0;
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, precision);
    out.append(buf, ec == std::errc() ? p : buf);
}

} // namespace bonescope
