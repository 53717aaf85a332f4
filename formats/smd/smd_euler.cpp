#include "formats/smd/smd_euler.h"

#include "formats/bvh/bvh_euler.h"

namespace bonescope::smd {

namespace {
constexpr std::array<int, 3> kZYX = {2, 1, 0};
}

glm::dquat rotationFromEuler(const glm::dvec3& r)
{
    return bvh::composeEuler(kZYX, glm::degrees(glm::dvec3(r.z, r.y, r.x)));
}

glm::dvec3 eulerFromRotation(const glm::dquat& q, const glm::dvec3* near)
{
    glm::dvec3 nearZYX;
    if (near)
        nearZYX = glm::degrees(glm::dvec3(near->z, near->y, near->x));
    const glm::dvec3 zyx = glm::radians(bvh::decomposeEuler(kZYX, q, near ? &nearZYX : nullptr));
    return {zyx.z, zyx.y, zyx.x};
}

} // namespace bonescope::smd
