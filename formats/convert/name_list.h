#pragma once
// Report lines name the bones concerned without running on for hundreds of them.
#include <string>
#include <vector>

namespace bonescope {

// "a, b, c, d, e and 4 more"
inline std::string nameList(const std::vector<std::string>& names, size_t shown = 5)
{
    std::string out;
    for (size_t i = 0; i < names.size() && i < shown; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > shown)
        out += " and " + std::to_string(names.size() - shown) + " more";
    return out;
}

} // namespace bonescope
