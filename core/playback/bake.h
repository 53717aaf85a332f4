#pragma once
// Baking: an animation played on a skeleton, turned into plain per-frame local transforms. Whatever
// the source's blend modes, modifiers and channel rules meant, the result means "this is the bone's
// local translation / rotation / scale at this frame" (BlendMode Replace), which every format and
// every conversion step (axes, retargeting, key reduction) can work with.
#include "core/model/animation.h"
#include "core/playback/layering.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct BakeOptions {
    double fps = 0;            // frame rate of the baked keys; 0 = the source's
    bool onlyAnimated = false; // keep only channels the source animates (root translation always)
};

// Keys at exact frame times k / fps covering [0, duration]; one track per skeleton bone (per track
// when the skeleton is empty and the animation plays on flatSkeleton()). Notes, name and looping are
// copied; visibility channels are copied as they are (they step, sampling would move the switches).
// The format's extra data is not copied: it describes the source's encoding, not the baked keys.
Animation bake(const Animation& source, const Skeleton& skeleton, const BakeOptions& options = {});

// The frame times bake() uses for a duration and rate.
// The same for `source` layered on a base (core/playback/layering.h): the layered pose as plain keys on the
// frames of `source` (its duration, options.fps or its rate). With onlyAnimated, a channel that the
// additive or the base animates is kept; visibility comes from the additive, else from the base
// (a held base frame: one key, its value at that frame).
Animation bake(const Animation& source, const BaseLayer& layer, const Skeleton& skeleton,
               const BakeOptions& options = {});

std::vector<double> frameTimes(double duration, double fps);

} // namespace bonescope
