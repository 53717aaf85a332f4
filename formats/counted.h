#pragma once
// A count with its noun in messages a person reads: "1 bone", "4 bones", never "4 bone(s)".
#include <cstddef>
#include <string>

namespace bonescope {

// counted(4, "bone") is "4 bones"; a noun with another plural names it: counted(2, "mesh", "meshes").
inline std::string counted(size_t n, const std::string& one, const std::string& many = {})
{
    return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

// The word that agrees with a count: agree(n, "is", "are").
inline const char* agree(size_t n, const char* one, const char* many)
{
    return n == 1 ? one : many;
}

} // namespace bonescope
