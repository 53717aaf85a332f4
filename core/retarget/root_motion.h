#pragma once
// Root motion as clip operations: the hips' travel over the ground removed (in place), moved to a
// root bone above the hips (extract, as engines that drive the character from the root want it), and
// put back from the root bone into the hips. Each works on the hips' own translation keys, at their
// own times, so a file keeps its keys; the ground plane is the plane across the rig's up direction.
// The hips' ancestors are taken at rest (their translation keys are the travel in extract's output).
#include <optional>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope {

// The bone whose translation is the character's travel: the humanoid's hips, else the shallowest
// bone with translation keys; -1 when none.
int travelBone(const Animation& a, const Skeleton& s);

// The rig's up direction (world), from its body when it is a humanoid, else +Y.
glm::dvec3 rigUp(const Skeleton& s);

// The rig's up direction in the rest space of `bone`'s parent: the space its translation keys move in.
glm::dvec3 upInParent(const Skeleton& s, int bone);

// The hips' net travel over the ground (first key to last), in the hips' parent's units.
double netTravel(const Animation& a, const Skeleton& s, int hips);

// Removes the hips' drift over the ground, evenly over the clip, so that the last key stands where
// the first does; the sway within the clip stays. `alongWith`: bones beside the hips (hanging from
// one of the hips' ancestors, which stay at rest) that travel with them, whose translation keys lose
// the same drift in the world (a retarget's IK feet and the bones that follow the hips). Throws
// std::runtime_error when the hips have no translation keys.
void removeTravel(Animation& a, const Skeleton& s, int hips, const std::vector<int>& alongWith = {});

// Moves the hips' travel over the ground into translation keys of a root bone above them: the hips'
// parent when it is a bone with no translation keys and no other child, else a new bone (named
// "root", or "root_2"... when taken) inserted between the hips and their parent. Returns the root's
// name. Throws std::runtime_error when the hips have no translation keys.
std::string extractTravel(Animation& a, Skeleton& s, int hips);

// Puts the root's (the hips' parent's) translation keys back into the hips: the inverse of
// extractTravel. Throws std::runtime_error when the hips' parent has no translation keys.
void restoreTravel(Animation& a, const Skeleton& s, int hips);

} // namespace bonescope
