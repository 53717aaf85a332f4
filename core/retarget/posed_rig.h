#pragma once
// A rig in one pose: every bone's world position and world rotation, from its local transforms.
//
// Rigs scale uniformly (a container scaled 0.01, a child's bones shrunk), and then a position and a
// rotation per bone compose exactly, for a fraction of a 4x4 matrix product: retargeting poses both
// rigs at every frame, so this is where its time goes. A pose with a non-uniform scale anywhere is
// composed through matrices instead (rotations stay the product of the locals' rotations, so that a
// scale does not blur them).
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct PosedRig {
    std::vector<glm::dvec3> position;
    std::vector<glm::dquat> rotation;

    // `order`: parents before children (Skeleton::evaluationOrder).
    void compute(const Skeleton& s, const std::vector<int>& order, const std::vector<LocalTransform>& local);
    // Bone b's world transform from its local one, its parent's being placed already (for passes that
    // change locals as they go down the tree). Call start() first with the pose's locals.
    void start(const Skeleton& s, const std::vector<LocalTransform>& local);
    void place(int b, int parent, const LocalTransform& l);
    // A world point in the space of bone `parent`'s children (-1: the world).
    glm::dvec3 toChildSpace(int parent, const glm::dvec3& world) const;

    glm::dvec3 at(int b) const { return position[size_t(b)]; }

private:
    bool uniform_ = true;
    std::vector<double> scale_;     // each bone's accumulated uniform scale
    std::vector<glm::dmat4> world_; // only for a pose with a non-uniform scale
};

// The rest pose's local transforms.
std::vector<LocalTransform> restLocals(const Skeleton& s);

} // namespace bonescope
