#pragma once
// A humanoid description of a rig: which bones are the hips, the spine, the neck and head, and each
// arm's and leg's joints. Found from the names people give bones (Mixamo, Unreal, Unity humanoid,
// Rigify, CMU and other BVH, Second Life, Call of Duty) and, where names say nothing (CesiumMan's
// Skeleton_torso_joint_1), from the shape of the hierarchy and the rest pose. Retargeting maps
// such descriptions onto each other (chain_map.h), so that rigs whose names share nothing, or whose
// spines have another number of bones, still drive each other limb for limb.
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/model/skeleton.h"

namespace bonescope {

struct HumanoidLimb {
    int root = -1;  // clavicle (arms only; -1 when the rig has none)
    int upper = -1; // upper arm / thigh
    int lower = -1; // forearm / shin
    int end = -1;   // hand / foot
    int tip = -1;   // toe; for arms the hand's main child (the middle finger's base, or the hand's end)
    // A bone of the end's name outside the chain, standing where the end is (RobotExpressive's FootL
    // under the armature's root, moved by IK): the bone the mesh follows, so it carries the end's
    // orientation and goes where the chain ends. -1: none.
    int detached = -1;
};

struct Humanoid {
    int hips = -1;
    std::vector<int> spine; // from the hips' child up to the chest (the arms' common ancestor), in order
    std::vector<int> neck;  // between the chest and the head, in order (may be empty)
    int head = -1;
    int neckBase = -1; // the joint hips-to-neck ends at: the bone named neck, else the chain's first (else the head)
    std::array<HumanoidLimb, 2> arms; // [0] left, [1] right (the character's own sides)
    std::array<HumanoidLimb, 2> legs;

    int chest() const { return spine.empty() ? hips : spine.back(); }
    // Each limb whose end is a detached bone (HumanoidLimb::detached), as (chain end, detached bone).
    std::vector<std::pair<int, int>> detachedEnds() const;
    // Every bone of the description, each once.
    std::vector<int> bones() const;
};

// How many ancestors bone `b` has (0 for a root); bounded by the skeleton's size should the parents
// form a cycle.
int boneDepth(const Skeleton& s, int b);
// Whether bone `a` is `b` or one of its ancestors.
bool isAncestor(const Skeleton& s, int a, int b);

// The humanoid in `s`, or nullopt with `why` saying what was not found (no two legs below a common
// hips bone, no two arms, ...). Helpers (collision volumes, attachment points) are never taken.
std::optional<Humanoid> findHumanoid(const Skeleton& s, std::string* why = nullptr);

} // namespace bonescope
