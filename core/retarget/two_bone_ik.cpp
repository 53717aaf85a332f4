#include "core/retarget/two_bone_ik.h"

#include <algorithm>
#include <cmath>

#include "core/retarget/rig_frame.h"

namespace bonescope {

TwoBoneIkResult solveTwoBoneIk(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, const glm::dvec3& goal)
{
    TwoBoneIkResult r;
    const double l1 = glm::length(b - a), l2 = glm::length(c - b);
    const glm::dvec3 toGoal = goal - a;
    const double want = glm::length(toGoal);
    if (l1 < 1e-12 || l2 < 1e-12 || want < 1e-12)
        return r;
    const double lo = std::abs(l1 - l2) * (1 + 1e-9), hi = (l1 + l2) * (1 - 1e-9);
    const double d = std::clamp(want, lo, hi);
    r.reached = want >= lo && want <= hi;
    const glm::dvec3 dir = toGoal / want;
    // The bend keeps its side: the knee's offset from the a-goal line, else from the a-c line.
    glm::dvec3 bend = (b - a) - dir * glm::dot(b - a, dir);
    if (glm::length(bend) < 1e-9 * l1) {
        const glm::dvec3 ac = c - a;
        const glm::dvec3 n = glm::cross(b - a, ac);
        bend = glm::length(n) > 1e-12 ? glm::cross(n, dir) : glm::dvec3(0);
        if (glm::length(bend) < 1e-12) { // a straight limb along the goal: any side will do
            bend = glm::cross(dir, std::abs(dir.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0));
        }
    }
    bend = glm::normalize(bend);
    const double cosA = std::clamp((l1 * l1 + d * d - l2 * l2) / (2 * l1 * d), -1.0, 1.0);
    const double sinA = std::sqrt(std::max(0.0, 1 - cosA * cosA));
    const glm::dvec3 newB = a + l1 * (cosA * dir + sinA * bend);
    r.upper = rotationBetween(b - a, newB - a);
    const glm::dvec3 movedC = newB + r.upper * (c - b);
    const glm::dvec3 reach = a + dir * d;
    r.lower = rotationBetween(movedC - newB, reach - newB);
    return r;
}

} // namespace bonescope
