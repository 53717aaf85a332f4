#pragma once
// Each rig's own axes, taken from its body in the reference pose rather than from what its file
// says: up is hips -> chest, left is right thigh -> left thigh, forward their cross product. Two rigs'
// frames give the rotation between their worlds (Z-up against Y-up, facing -Z against +Z, a container
// node rotated 90 degrees), and the leg length gives the scale of travel between them (centimetres
// against metres, a container scaled 0.01, a child against an adult).
#include <optional>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "core/retarget/humanoid.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct RigFrame {
    glm::dquat axes{1, 0, 0, 0}; // rig (x left, y up, z forward) -> world
    glm::dvec3 up{0, 1, 0};      // world
    double legLength = 0;        // hips above the lower ankle (else the lowest bone) along up (0: unknown)
    double restGround = 0;       // height of the lowest bone along up in the reference pose
    double ground = 0;           // where the rig's animations stand: restGround, or 0 for a rig that
                                 // rests hanging below its origin (BVH)

    double height(const glm::dvec3& p) const { return glm::dot(p, up); }
};

// The frame of rig `s` posed as `world` (its bones' world positions). Without a humanoid, the frame
// is the world's with `fallbackUp` as up. The leg length is the hips' (`root`'s) height above the
// lowest bone.
RigFrame rigFrame(const Skeleton& s, const std::vector<glm::dvec3>& world, const std::optional<Humanoid>& h, int root,
                  const glm::dvec3& fallbackUp);

// Each bone's rest position in the skeleton's space.
std::vector<glm::dvec3> restPositions(const Skeleton& s);

// The height along `f.up` of the lowest bone of `s` posed as `world` (helpers left out).
double lowestHeight(const Skeleton& s, const std::vector<glm::dvec3>& world, const RigFrame& f);

// Where a clip stands, from the lowest height its bones reach over its frames: a clip whose body
// stays more than half a leg length away from the rig's ground (MakeHuman's BVHs keep the hips at
// the origin and the feet below it, in the rest and in the motion alike) stands on its own lowest
// point; otherwise on the rig's ground (a jump, a dive or a fall keep their heights).
double clipGround(const RigFrame& f, double clipLowest);

// The frame of rig `s` at rest, from its humanoid body `h` (found by findHumanoid) when it has one.
RigFrame restFrame(const Skeleton& s, const std::optional<Humanoid>& h);

// The rotation that takes directions of the source's world to the target's: the source's left, up
// and forward onto the target's.
glm::dquat worldToWorld(const RigFrame& source, const RigFrame& target);

// The shortest rotation taking direction `from` onto `to` (identity when either is zero).
glm::dquat rotationBetween(const glm::dvec3& from, const glm::dvec3& to);

} // namespace bonescope
