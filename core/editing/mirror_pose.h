#pragma once
// Mirroring one pose left <-> right (Blender's "paste X-flipped pose" on the spot): at one time, each
// bone takes its counterpart's local transform reflected across a plane, and is keyed there. The
// rest of the clip is untouched; core/editing/mirror.h mirrors the whole animation.
#include <vector>

#include "core/editing/key_editing.h"
#include "core/editing/mirror.h"

namespace bonescope {

// Keys the pose at `time` mirrored across the plane normal to `axis` (0 x, 1 y, 2 z of the skeleton's
// own frame) on `bones` and their counterparts (mirroredName; a bone without a side or without its
// counterpart in the skeleton takes its own pose, reflected). Empty `bones`: every bone. A bone is
// keyed on the channels that it or its counterpart animates (none: it is left alone, so a pose on an
// unanimated, symmetric rig gets no keys). Returns the keys set.
std::vector<KeyRef> mirrorPose(Animation& a, const Skeleton& skeleton, double time, int axis,
                               const std::vector<int>& bones = {}, const std::vector<SidePair>& user = {});

} // namespace bonescope
