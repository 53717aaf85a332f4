#pragma once
// An animated uniform scale on a bone (an SEAnim's squash and stretch, a glTF node growing) folded
// into the translations below it, for targets without a scale channel (SMD, BVH): the joints stay
// where the source puts them, where dropping the scale would pull every child back to its unscaled
// offset. Run after foldStaticScale and after baking, so that every channel has its keys on the
// target's frames and the product of two straight segments is exact where it is written.
#include "core/model/scene.h"
#include "formats/report_item.h"

namespace bonescope {

// Each bone whose rest scale and scale keys are all uniform (in every animation) gets scale 1 and
// no scale keys; the translation keys of the bones below it are multiplied by its scale at their
// times, keyed at the times of both. Left as they are (and reported as lost by the target): non-uniform
// scale, and animations whose translations add to the rest (the product would not be a key).
void foldAnimatedScale(Scene& scene, Report& report);

} // namespace bonescope
