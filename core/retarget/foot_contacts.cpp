#include "core/retarget/foot_contacts.h"

#include <algorithm>
#include <cstdint>
#include <glm/geometric.hpp>

namespace bonescope {

namespace {

// Per frame: near its lowest height, and (unless in place) nearly still.
std::vector<uint8_t> grounded(const std::vector<glm::dvec3>& p, const glm::dvec3& up, double fps, double legLength,
                              bool inPlace, const ContactOptions& o)
{
    const int n = int(p.size());
    double lowest = glm::dot(p[0], up);
    for (const auto& x : p)
        lowest = std::min(lowest, glm::dot(x, up));
    std::vector<uint8_t> out(size_t(n), 0);
    for (int f = 0; f < n; ++f) {
        const int a = std::max(0, f - 1), b = std::min(n - 1, f + 1);
        const double speed = glm::length(p[b] - p[a]) * fps / double(b - a);
        const double height = glm::dot(p[f], up) - lowest;
        out[size_t(f)] = height < o.heightShare * legLength && (inPlace || speed < o.speedShare * legLength);
    }
    return out;
}

} // namespace

std::vector<ContactRange> findContacts(const std::vector<glm::dvec3>& ankle, const std::vector<glm::dvec3>& toe,
                                       const glm::dvec3& up, double fps, double legLength, bool inPlace,
                                       const ContactOptions& o)
{
    std::vector<ContactRange> out;
    const int n = int(ankle.size());
    if (n < 2 || !(fps > 0) || !(legLength > 0))
        return out;
    std::vector<uint8_t> planted = grounded(ankle, up, fps, legLength, inPlace, o);
    if (toe.size() == ankle.size()) {
        const std::vector<uint8_t> ball = grounded(toe, up, fps, legLength, inPlace, o);
        for (int f = 0; f < n; ++f)
            planted[size_t(f)] |= ball[size_t(f)];
    }
    // One frame lifted inside a contact is noise too.
    for (int f = 1; f + 1 < n; ++f)
        if (!planted[f] && planted[f - 1] && planted[f + 1])
            planted[f] = 1;
    for (int f = 0; f < n;) {
        if (!planted[f]) {
            ++f;
            continue;
        }
        int g = f;
        while (g + 1 < n && planted[g + 1])
            ++g;
        if (g - f + 1 >= o.minFrames)
            out.push_back({f, g});
        f = g + 1;
    }
    return out;
}

} // namespace bonescope
