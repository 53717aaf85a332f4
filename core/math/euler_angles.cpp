#include "core/math/euler_angles.h"

#include <cmath>

namespace bonescope {

glm::dvec3 eulerXYZDegrees(const glm::dquat& q) { return glm::degrees(glm::eulerAngles(q)); }

glm::dquat quatFromEulerXYZDegrees(const glm::dvec3& degrees) { return glm::dquat(glm::radians(degrees)); }

namespace {

double near(double a, double ref) { return a + 360.0 * std::round((ref - a) / 360.0); }

glm::dvec3 nearEach(const glm::dvec3& e, const glm::dvec3& ref)
{
    return {near(e.x, ref.x), near(e.y, ref.y), near(e.z, ref.z)};
}

double distance(const glm::dvec3& a, const glm::dvec3& b)
{
    return std::abs(a.x - b.x) + std::abs(a.y - b.y) + std::abs(a.z - b.z);
}

} // namespace

glm::dvec3 nearestEquivalentEuler(const glm::dvec3& e, const glm::dvec3& ref)
{
    const glm::dvec3 same = nearEach(e, ref);
    const glm::dvec3 flipped = nearEach({e.x + 180.0, 180.0 - e.y, e.z + 180.0}, ref);
    return distance(flipped, ref) < distance(same, ref) ? flipped : same;
}

} // namespace bonescope
