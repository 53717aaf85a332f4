#pragma once
// A frame rate for files whose keys are in seconds with no rate of their own (glTF, and what Assimp
// hands over from it).
#include <vector>

#include "core/model/animation.h"

namespace bonescope {

// The first common rate every key time sits on (24, 25, 30, 48, 50, 60, 120, 240 fps), else the
// first of 30, 60, 120 fps at which no two keys of a channel share a frame, else 240.
double rateFromKeySpacing(const Animation& a);

// The same rule on key times given channel by channel (each list in time order).
double rateFromKeyTimes(const std::vector<std::vector<double>>& channels);

} // namespace bonescope
