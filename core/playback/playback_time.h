#pragma once
// From the time a player has been running to the time to sample the animation at, and the weight an
// animation with ease in/out has at that moment. Qt-free, for the UI and the CLI alike.
#include <optional>

#include "core/model/animation.h"

namespace bonescope {

// Animation time for a playback time `t` (seconds since the start, >= 0):
// - not looping: clamped to [0, duration];
// - looping: played up to the loop-out point, then wrapped into [loop in, loop out):
//   loopIn + fmod(t - loopOut, loopOut - loopIn). Without a loop range the whole clip loops.
//   loopIn == loopOut holds the pose at loopOut. Loop points are clamped into [0, duration].
double animationTime(double t, double duration, bool looping, const std::optional<LoopRange>& loop);
double animationTime(double t, const Animation& anim);

// Smoothstep x²(3 - 2x) of x clamped to [0, 1]: the shape of an ease in or out.
double easeStep(double x);

// Weight (0..1) of an animation `sinceStart` seconds after it started and `untilStop` seconds before
// it stops (pass a large number while it plays on): the ease-in ramp times the ease-out ramp, each a
// smoothstep over its duration; a duration <= 0 means no ramp.
double easeWeight(double sinceStart, double untilStop, double easeIn, double easeOut);

} // namespace bonescope
