#pragma once
// The default Second Life avatar as plain data (generated into avatar_skeleton_data.cpp by
// scripts/gen-sl-skeleton): bones, collision volumes and attachment points with their parents.
#include <cstddef>
#include <cstdint>

namespace bonescope::secondlife {

enum class JointKind : uint8_t {
    Bone = 0,       // base skeleton bone
    BentoBone = 1,  // extended (Bento) bone
    Volume = 2,     // collision volume (constraint source/target)
    Attachment = 3, // attachment point, animatable by name
    Special = 4,    // mRoot and mScreen: viewer joints the file lacks, never animated
};

struct AvatarJointInfo {
    const char* name;
    int parent;          // index into kAvatarJoints, -1 for mRoot
    double pos[3];       // rest offset from the parent, metres
    double rot[4];       // rest rotation x, y, z, w
    uint8_t kind;        // JointKind
    const char* aliases; // space-separated BVH names (bones only)
};

extern const AvatarJointInfo kAvatarJoints[];
extern const size_t kAvatarJointCount;

} // namespace bonescope::secondlife
