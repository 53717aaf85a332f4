#include "formats/fbx/fbx_transform.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bonescope::fbx {

glm::dmat4 eulerMatrix(const glm::dvec3& degrees, int order)
{
    // The axes in the order they apply, per FBX rotation order.
    static constexpr int kAxes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 2, 0}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}};
    const int* axes = kAxes[order >= 0 && order < 6 ? order : 0];
    glm::dquat q(1.0, 0.0, 0.0, 0.0);
    for (int k = 0; k < 3; ++k) {
        glm::dvec3 axis(0.0);
        axis[axes[k]] = 1.0;
        q = glm::angleAxis(glm::radians(degrees[axes[k]]), axis) * q;
    }
    return glm::mat4_cast(q);
}

glm::dmat4 localMatrix(const TransformProps& p)
{
    const glm::dmat4 I(1.0);
    const glm::dmat4 rp = glm::translate(I, p.rotationPivot), sp = glm::translate(I, p.scalingPivot);
    return glm::translate(I, p.translation) * glm::translate(I, p.rotationOffset) * rp * eulerMatrix(p.preRotation, 0) *
           eulerMatrix(p.rotation, p.rotationOrder) * glm::inverse(eulerMatrix(p.postRotation, 0)) * glm::inverse(rp) *
           glm::translate(I, p.scalingOffset) * sp * glm::scale(I, p.scaling) * glm::inverse(sp);
}

glm::dmat4 geometricMatrix(const TransformProps& p)
{
    const glm::dmat4 I(1.0);
    return glm::translate(I, p.geometricTranslation) * eulerMatrix(p.geometricRotation, 0) *
           glm::scale(I, p.geometricScaling);
}

} // namespace bonescope::fbx
