#pragma once
// A rig in one pose: every bone's world matrix and world rotation, from its local transforms.
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "core/pose.h"
#include "core/skeleton.h"

namespace bonescope {

struct PosedRig {
    std::vector<glm::dmat4> world;
    // World rotations as products of the locals' rotations, so that a scaled container node does not
    // blur them (exact for uniform scales, which is what rigs use).
    std::vector<glm::dquat> rotation;

    // `order`: parents before children (Skeleton::evaluationOrder).
    void compute(const Skeleton& s, const std::vector<int>& order, const std::vector<LocalTransform>& local);
    glm::dvec3 at(int b) const { return glm::dvec3(world[size_t(b)][3]); }
};

// The rest pose's local transforms.
std::vector<LocalTransform> restLocals(const Skeleton& s);

} // namespace bonescope
