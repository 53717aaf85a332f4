#pragma once
// The seam of a looping clip, where its last frame jumps back to its first: how far the pose jumps
// and how much the motion's speed changes there, and closing it by blending the last frames towards
// the first pose. The loop is the loop range where the clip has one (Second Life's loop in / out),
// else the whole clip. The travel of the character (its hips' move over the ground, and the bones
// above the hips') is the loop's purpose, not its error: a walk's seam is measured, and closed, with
// that travel kept, not pulled back to the start.
#include <string>

#include <glm/vec3.hpp>

#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct SeamWorst {
    double value = 0;
    std::string bone; // where it is largest ("" when nothing moves)
};

struct LoopSeam {
    double in = 0, out = 0;     // the loop's first and last time, seconds
    bool fromLoopRange = false; // in and out are the clip's loop range
    SeamWorst rotation;         // degrees: the largest local rotation difference between out and in
    SeamWorst position;         // skeleton units: the largest world position difference, the travel taken out
    SeamWorst angularJump;      // degrees per second: the largest change of a bone's spin across the seam
    SeamWorst velocityJump;     // skeleton units per second: the largest change of a bone's world velocity
    double height = 0;          // the character's height at rest, skeleton units (position as a share of it)
    std::string travelBone;     // the bone whose move over the ground is travel ("" when none moves)
    double travel = 0;          // its travel over the ground from in to out, skeleton units
};

// The clip's loop: [in, out] seconds (loop range when it has a non-empty one, else [0, duration]).
void loopSpan(const Animation& a, double& in, double& out);

// Measures the seam of `a` on `skeleton` (empty: one bone per track), velocities over one frame.
LoopSeam measureSeam(const Animation& a, const Skeleton& skeleton);

// Frames to blend over by default: enough that no bone turns by more than about a degree, nor moves
// by more than 0.5% of the height, per frame of the blend; at least 3, at most half the loop.
int defaultCloseFrames(const LoopSeam& seam, const Animation& a);
// The most frames a blend can take in `a`'s loop (all but its first frame), at least 1.
int maxCloseFrames(const Animation& a);

// Closes the loop: over the last `frames` frames before the loop's end, each keyed channel is
// bent towards its value (and its speed) at the loop's start, so that the end meets the start; the
// travel bones' move over the ground stays. The blend region gets a key on each frame, sampled by
// the channel's own rules. Returns the number of channels changed.
size_t closeLoop(Animation& a, const Skeleton& skeleton, int frames);

// "pose 2.31 deg apart (mElbowLeft) and 1.20% of the height (mWristLeft); speed jump 45.0 deg/s
// (mElbowLeft) and 12.0% of the height per second (mFootLeft)", or "seamless: ..." when the last frame
// meets the first; distances in `unit` (" cm"; "" says " units") only for a clip without a height.
std::string describeSeam(const LoopSeam& seam, const std::string& unit = "");

} // namespace bonescope
