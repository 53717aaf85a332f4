#pragma once
// A rig in one pose: every bone's world position and world rotation, from its local transforms.
//
// Rigs scale uniformly (a container scaled 0.01, a child's bones shrunk), and then a position and a
// rotation per bone compose exactly, for a fraction of a 4x4 matrix product: retargeting poses both
// rigs at every frame, so this is where its time goes. A pose with a non-uniform scale anywhere is
// composed through matrices instead (rotations stay the product of the locals' rotations, so that a
// scale does not blur them).
#include <cstdint>
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
    // change locals as they go down the tree). Call start() first with the pose's locals; passes that
    // change no scale may place the bones again without it.
    void start(const Skeleton& s, const std::vector<LocalTransform>& local);
    void place(int b, int parent, const LocalTransform& l);
    // A world point in the space of bone `parent`'s children (-1: the world).
    glm::dvec3 toChildSpace(int parent, const glm::dvec3& world) const;

    glm::dvec3 at(int b) const { return position[size_t(b)]; }

    // From now on only `bones` and their ancestors (whose positions theirs build on) get world
    // positions; the others' are left as they were. A pass that reads a few positions of a big rig (a
    // retarget reads the hips, limbs and spine of rigs of hundreds of bones) skips the rest; rotations
    // are always computed, and a pose with a non-uniform scale computes every position. Empty: all.
    void positionOnly(const Skeleton& s, const std::vector<int>& bones);

private:
    bool uniform_ = true;
    std::vector<uint8_t> positioned_; // per bone: its position is computed (every bone when empty)
    std::vector<double> scale_;     // each bone's accumulated uniform scale
    std::vector<glm::dmat4> world_; // only for a pose with a non-uniform scale
};

// `order` (parents before children) regrouped by depth: the roots, then their children, and so on,
// each depth in `order`'s order. A bone's world rotation waits on its parent's (a product and a
// normalisation, with a division and a square root); in this order the bones one after the other
// are mostly of other chains, so the processor works on several at once instead of waiting down
// one long chain. Every bone's transform is computed from the same values as in `order`.
std::vector<int> levelOrder(const Skeleton& s, const std::vector<int>& order);

// The rest pose's local transforms.
std::vector<LocalTransform> restLocals(const Skeleton& s);

} // namespace bonescope
