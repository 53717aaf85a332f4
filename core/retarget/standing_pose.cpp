#include "core/retarget/standing_pose.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "core/retarget/retarget.h"
#include "core/retarget/rig_frame.h"

namespace bonescope {

namespace {

// The cosine of the angle between a and b; -2 when either has no length.
double cosBetween(const glm::dvec3& a, const glm::dvec3& b)
{
    const double l = glm::length(a) * glm::length(b);
    return l > 1e-12 ? glm::dot(a, b) / l : -2;
}

} // namespace

bool standsUpright(const std::vector<glm::dvec3>& world, const Humanoid& h, const glm::dvec3& up)
{
    if (h.hips < 0 || h.head < 0 || h.legs[0].end < 0 || h.legs[1].end < 0)
        return true; // nothing to judge by: the rest serves
    const glm::dvec3 hips = world[size_t(h.hips)];
    const glm::dvec3 body = world[size_t(h.head)] - hips;
    const glm::dvec3 legs = hips - 0.5 * (world[size_t(h.legs[0].end)] + world[size_t(h.legs[1].end)]);
    const double within = std::cos(glm::radians(45.0));
    return cosBetween(body, up) >= within && cosBetween(body, legs) >= within;
}

std::optional<Skeleton> standingReference(const Skeleton& s, const Animation& a, const glm::dvec3& up)
{
    if (s.empty() || a.tracks.empty())
        return std::nullopt;
    return standingReference(s, a, up, findHumanoid(s));
}

std::optional<Skeleton> standingReference(const Skeleton& s, const Animation& a, const glm::dvec3& up,
                                          const std::optional<Humanoid>& h)
{
    if (s.empty() || a.tracks.empty())
        return std::nullopt;
    if (!h || standsUpright(restPositions(s), *h, up))
        return std::nullopt;
    Skeleton first = posedAsRest(s, a, 0);
    if (!standsUpright(restPositions(first), *h, up))
        return std::nullopt;
    return first;
}

} // namespace bonescope
