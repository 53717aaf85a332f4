#include "core/editing/mirror.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <map>
#include <stdexcept>

#include "core/math/axis_conversion.h"

namespace bonescope {

namespace {

bool equalNoCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// The first of the two markers found in `name`, swapped for the other (same spelling as given).
std::optional<std::string> swapInside(std::string_view name, std::string_view a, std::string_view b)
{
    const size_t pa = name.find(a), pb = name.find(b);
    if (pa == std::string_view::npos && pb == std::string_view::npos)
        return std::nullopt;
    const bool first = pb == std::string_view::npos || (pa != std::string_view::npos && pa < pb);
    const size_t at = first ? pa : pb;
    std::string out(name);
    out.replace(at, (first ? a : b).size(), first ? b : a);
    return out;
}

// Keeps the case of the marker found: "_L" -> "_R", "_l" -> "_r", "_Le" -> "_Ri".
std::string withCaseOf(std::string_view found, std::string_view other)
{
    std::string out(other);
    for (size_t i = 0; i < out.size() && i < found.size(); ++i)
        out[i] = std::isupper(static_cast<unsigned char>(found[i])) ? char(std::toupper(static_cast<unsigned char>(out[i])))
                                                                    : char(std::tolower(static_cast<unsigned char>(out[i])));
    return out;
}

std::optional<std::string> swapSuffix(std::string_view name, std::string_view a, std::string_view b)
{
    for (auto [from, to] : {std::pair{a, b}, std::pair{b, a}})
        if (name.size() > from.size() && equalNoCase(name.substr(name.size() - from.size()), from)) {
            const std::string_view found = name.substr(name.size() - from.size());
            return std::string(name.substr(0, name.size() - from.size())) + withCaseOf(found, to);
        }
    return std::nullopt;
}

std::optional<std::string> swapPrefix(std::string_view name, std::string_view a, std::string_view b)
{
    for (auto [from, to] : {std::pair{a, b}, std::pair{b, a}})
        if (name.size() > from.size() && equalNoCase(name.substr(0, from.size()), from))
            return withCaseOf(name.substr(0, from.size()), to) + std::string(name.substr(from.size()));
    return std::nullopt;
}

} // namespace

std::string mirroredName(std::string_view name, const std::vector<SidePair>& user)
{
    for (const SidePair& p : user)
        if (auto s = swapInside(name, p.left, p.right))
            return *s;
    for (auto [a, b] : {std::pair{"Left", "Right"}, {"left", "right"}, {"LEFT", "RIGHT"}, {" L ", " R "}})
        if (auto s = swapInside(name, a, b))
            return *s;
    for (auto [a, b] : {std::pair{"_l", "_r"}, {".l", ".r"}, {"_le", "_ri"}})
        if (auto s = swapSuffix(name, a, b))
            return *s;
    if (auto s = swapPrefix(name, "l_", "r_"))
        return *s;
    return std::string(name);
}

bool parseSidePair(std::string_view text, SidePair& out)
{
    const size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size())
        return false;
    out = {std::string(text.substr(0, colon)), std::string(text.substr(colon + 1))};
    return true;
}

size_t mirrorAnimation(Animation& a, int axis, const std::vector<SidePair>& user)
{
    // Checked before anything changes: a user pair that is not a true swap could give two tracks
    // the same bone.
    // (Tracks that already share a name, as LEGO Island actors' nodes may, keep sharing it.)
    std::vector<std::string> names;
    std::map<std::string, std::string> from; // new name -> the original name that gets it
    for (const Track& t : a.tracks) {
        names.push_back(mirroredName(t.name, user));
        const auto [it, added] = from.emplace(names.back(), t.name);
        if (!added && it->second != t.name)
            throw std::runtime_error("cannot mirror: '" + it->second + "' and '" + t.name + "' would both become '" +
                                     names.back() + "'");
    }
    applyAxisConversion(AxisConversion::mirror(std::clamp(axis, 0, 2)), a);
    size_t moved = 0;
    for (size_t i = 0; i < a.tracks.size(); ++i)
        if (names[i] != a.tracks[i].name) {
            a.tracks[i].name = names[i];
            ++moved;
        }
    return moved;
}

} // namespace bonescope
