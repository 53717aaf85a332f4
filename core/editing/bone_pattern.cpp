#include "core/editing/bone_pattern.h"

#include <cctype>

namespace bonescope {

namespace {

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

// Iterative glob match with one backtrack point per '*': linear in practice, never exponential.
bool glob(std::string_view p, std::string_view s)
{
    size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
    while (si < s.size()) {
        if (pi < p.size() && (p[pi] == '?' || (p[pi] != '*' && lower(p[pi]) == lower(s[si])))) {
            ++pi;
            ++si;
        } else if (pi < p.size() && p[pi] == '*') {
            star = pi++;
            mark = si;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            si = ++mark;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi] == '*')
        ++pi;
    return pi == p.size();
}

} // namespace

BonePattern::BonePattern(std::string_view patterns)
{
    size_t start = 0;
    while (start <= patterns.size()) {
        size_t comma = patterns.find(',', start);
        if (comma == std::string_view::npos)
            comma = patterns.size();
        std::string_view part = patterns.substr(start, comma - start);
        while (!part.empty() && part.front() == ' ')
            part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ')
            part.remove_suffix(1);
        if (!part.empty())
            globs_.emplace_back(part);
        start = comma + 1;
    }
}

bool BonePattern::matches(std::string_view name) const
{
    for (const std::string& g : globs_)
        if (glob(g, name))
            return true;
    return false;
}

} // namespace bonescope
