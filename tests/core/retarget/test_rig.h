#pragma once
// Synthetic humanoid rigs for the retargeting tests, built from joint positions in world space so
// that one body can be given other bone axes, rest poses, up axes, units and spine lengths.
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "core/model/animation.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope::test {

struct RigOptions {
    std::string prefix;         // before every name ("mixamorig:")
    bool unrealNames = false;   // pelvis, spine_01, thigh_l ... instead of Hips, Spine, LeftUpLeg ...
    bool numbered = false;      // joint_1, joint_2 ...: names that say nothing
    int spineBones = 3;
    double armDrop = 0;         // degrees the arms hang below horizontal in the rest (0: T-pose, 45: A-pose)
    double height = 1.8;        // the body's height (units)
    bool bonesAlongX = false;   // each bone's rest rotation turns its X axis onto the bone (else identity)
    bool zUp = false;           // the body stands along +Z in the world (Y turned onto Z)
    bool container = false;     // the rig under a container node turned -90 degrees about X and scaled
    double containerScale = 1;  // by this (its children's translations are divided by it)
    bool facingMinusZ = false;  // the body faces -Z (turned half a turn about up)
    double kneeShift = 0;       // the knees this much higher (shorter thighs, longer shins)
};

Skeleton humanoidRig(const RigOptions& o);

// The body's own frame (Y up, facing +Z, left +X) -> the world, as the rig was built.
glm::dquat bodyToWorld(const RigOptions& o);

// The world matrices of every bone of `s` playing `a` at `time`.
std::vector<glm::dmat4> worldPose(const Skeleton& s, const Animation& a, double time);
glm::dvec3 jointAt(const std::vector<glm::dmat4>& world, const Skeleton& s, const std::string& name);

// A walk-like clip on the rig's joints (by their role names in `o`'s naming): the hips travel
// `travel` units forward, legs and arms swing, the spine bends, over 1 s at 30 fps.
Animation walkClip(const Skeleton& s, const RigOptions& o, double travel);

// The rig's bone name for a role ("hips", "spine1".., "neck", "head", "l_upperarm", "l_forearm",
// "l_hand", "l_finger", "l_clavicle", "l_thigh", "l_shin", "l_foot", "l_toe", and r_).
std::string roleName(const RigOptions& o, const std::string& role);

double angleDegrees(const glm::dvec3& a, const glm::dvec3& b);

} // namespace bonescope::test
