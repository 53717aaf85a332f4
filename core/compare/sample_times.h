#pragma once
// The times two clips are compared at: every key time of either, and every frame at the finer of
// their frame rates, from 0 to the end of the longer clip. A difference between keys shows on the
// frames; one at a key that falls between frames (a resampled or time-rounded copy) shows at the key.
#include <vector>

#include "core/model/animation.h"

namespace bonescope {

// At most this many frames of the grid (a declared duration of hours at 1000 fps): beyond it
// comparisonTimes() throws rather than sample for minutes.
constexpr double kMaxComparedFrames = 2e6;

// Ascending, each once (times closer than a microsecond are one). Throws std::runtime_error saying
// how long the clips are when the grid would pass kMaxComparedFrames.
std::vector<double> comparisonTimes(const Animation& a, const Animation& b);

// Every time at which one of the clip's tracks has a key, ascending, each once.
std::vector<double> clipKeyTimes(const Animation& a);

// The finer of the two frame rates (30 when neither has one).
double finerRate(const Animation& a, const Animation& b);

} // namespace bonescope
