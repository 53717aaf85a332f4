#pragma once
// Mirroring an animation left <-> right: every key reflected across the plane normal to one axis of
// the data's own frame, and each bone's motion moved to its counterpart on the other side. On a
// skeleton whose sides mirror each other, every world position p of the result is the reflection of
// the original's at the counterpart bone: a left arm raise becomes a right arm raise.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/animation.h"

namespace bonescope {

// A user's own pair of side markers ("Lft" and "Rgt"): a name holding one is paired with the name
// holding the other in its place. Tried before the built-in ones.
struct SidePair {
    std::string left, right;
};

// The counterpart's name, or `name` itself for a bone with no side. Built in, in this order:
// "Left"/"Right" anywhere (also "left"/"right", "LEFT"/"RIGHT": mShoulderLeft, mHandThumb1Left,
// LeftArm), " L "/" R " (Bip01 L UpperArm), the suffixes "_l"/"_r", ".l"/".r", "_le"/"_ri" (any case:
// hand_l, hand.L, j_elbow_le) and the prefixes "L_"/"R_" (any case: L_UPPER_ARM).
std::string mirroredName(std::string_view name, const std::vector<SidePair>& user = {});

// Reads "LEFT:RIGHT" into a pair; false when either side is empty or there is no ':'.
bool parseSidePair(std::string_view text, SidePair& out);

// Reflects every translation and rotation key across the plane normal to `axis` (0 x, 1 y, 2 z, in
// the keys' own frame) and renames each track to its counterpart (the two tracks of a pair trade
// names, so each motion moves with its keys; a bone without a side is reflected in place). Scale and
// visibility keys are unchanged. Returns the number of tracks that changed side. Throws
// std::runtime_error, changing nothing, when two tracks would get the same name.
size_t mirrorAnimation(Animation& a, int axis, const std::vector<SidePair>& user = {});

} // namespace bonescope
