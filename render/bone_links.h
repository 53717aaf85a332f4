#pragma once
// Which parent-to-child joins the viewport draws as bone shapes and which as thin relationship lines.
// A bone shape stands for a rigid bone: it joins a joint to a child that is "connected" (Blender's
// word), standing at its rest offset from the parent. A child the animation carries away from that
// offset (the hips a walk takes off RobotExpressive's armature root `Bone`, an IK foot, the demo's
// pelvis over its ground root), and every child of a root that has such a child, is joined by a
// dashed line instead: a bone shape there reads as a limb that is not there (three blades from the
// floor to the hips and feet, like folded legs).
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope::render {

// How far (a fraction of the rest offset's length) a child may stand off its rest offset and still
// be connected: in a frame, and anywhere over a clip (bobbing hips move a few per cent).
constexpr float kConnectedInFrame = 0.05f;
constexpr float kConnectedOverClip = 0.01f;

// Per bone: its rest offset from its parent (the rest translation).
std::vector<glm::vec3> restOffsets(const Skeleton& skeleton);

// Whether an offset is off the rest offset by more than `tolerance` of the rest offset's length; a
// zero rest offset (a file without a rest pose) is never departed from.
bool offRest(const glm::vec3& rest, const glm::vec3& offset, float tolerance);

// Per bone: offRest() of its local translation in `local` (a pose's), with kConnectedInFrame.
std::vector<uint8_t> movedInFrame(const std::vector<glm::vec3>& restOffset, const std::vector<BoneTransform>& local);

// Per bone: 1 when its parent's joint is joined to its own by a relationship line, not a bone shape:
// it is `moved` (off its rest offset), or its parent is a root (`drawn` it, not its own parent) with
// a moved child. `drawn`: per bone, whether it is drawn as a limb joint (empty: all).
std::vector<uint8_t> relationshipLinks(const std::vector<int>& parents, const std::vector<uint8_t>& moved,
                                       const std::vector<uint8_t>& drawn);

// Per bone: its nearest ancestor not `hidden` (-1: none). A joint the view hides (Second Life's
// mSpine1..4, between mPelvis, mTorso and mChest, while the animation leaves them alone) is passed over,
// so the visible joints below it join the visible joint above it: the figure is drawn whole.
std::vector<int> shownParents(const std::vector<int>& parents, const std::vector<uint8_t>& hidden);

// Per bone: `flag` of the bone itself or of any joint passed over between it and its shown parent (a
// child reached through a hidden joint that the animation moves is not at its rest offset either).
std::vector<uint8_t> throughHidden(const std::vector<int>& parents, const std::vector<int>& shownParent,
                                   const std::vector<uint8_t>& flag);

// Bones from a transform-only root: a root whose every child lies much farther away than a typical
// bone (LEGO Island's '-' nodes above actors far from the origin, Second Life's mRoot). Per child:
// 1 when its parent is such a root. `limb` marks the bones taken into account (helpers are not).
std::vector<uint8_t> findLinks(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                               const std::vector<uint8_t>& limb, float typicalLength);

} // namespace bonescope::render
