#pragma once
// A number as a person reads it in a message ("%g": 0.2, 30, 1e+300), for loss reports and warnings.
#include <cstdio>
#include <string>

namespace bonescope {

inline std::string shortNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace bonescope
