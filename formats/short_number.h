#pragma once
// A number as a person reads it in a message ("%g": 0.2, 30, 1e+300), for loss reports and warnings.
#include <cstdio>
#include <string>

namespace bonescope {

// `digits` significant digits: 3 where the value only names a thing (a bone's scale: 0.227).
inline std::string shortNumber(double v, int digits = 6)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

} // namespace bonescope
