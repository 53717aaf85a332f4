#pragma once
// The distinct key times of a set of tracks (the timeline ruler's marks, next/previous key).
#include <vector>

#include "core/model/animation.h"

namespace bonescope {

// Every time at which one of the tracks' channels has a key, ascending, each once. Channels are kept
// sorted and most share their times, so they are merged one at a time (a channel whose times are
// already all there costs one pass); the cost stays near one pass over the keys even for millions.
std::vector<double> distinctKeyTimes(const std::vector<const Track*>& tracks);

} // namespace bonescope
