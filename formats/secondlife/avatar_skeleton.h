#pragma once
// The default Second Life avatar (built-in data, see avatar_skeleton_data.h) as a core Skeleton:
// mRoot, the 133 bones, the 26 collision volumes and mScreen with the 55 attachment points, each
// under its parent joint. Bone::flags holds the JointKind; Bone::kind marks collision volumes,
// attachment points and mScreen as helpers.
#include <string_view>

#include "core/model/skeleton.h"
#include "formats/secondlife/avatar_skeleton_data.h"

namespace bonescope::secondlife {

const Skeleton& avatarSkeleton();

// Index into avatarSkeleton() of the joint with that exact name, or -1.
int findAvatarJoint(std::string_view name);
// A collision volume's index (constraint source and target), or -1.
int findCollisionVolume(std::string_view name);
// True for a name an animation may key (bones, collision volumes, attachment points).
bool isAnimatableJoint(std::string_view name);

// Whether `name` is one of the avatar's attachment points ("Neck", "Chest", "Skull", ...).
bool isAttachmentPoint(std::string_view name);
// The joint a BVH joint name maps to through the skeleton's aliases, its own name, or an attachment
// point's name with '_' for ' ', or -1.
int findByAlias(std::string_view bvhName);

} // namespace bonescope::secondlife
