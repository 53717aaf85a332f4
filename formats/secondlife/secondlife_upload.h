#pragma once
// What the Second Life upload takes beyond what the viewer can read: the size limit, the joints its
// BVH uploader drops because they never move, and the optimisation that removes both the static
// joints and the keys interpolation already reproduces (`bonescope-cli convert --optimize`).
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/editing/key_reduction.h"

namespace bonescope {

struct SecondLifeExtra;

namespace secondlife {

// The asset server refuses animations larger than this (the .anim as uploaded).
constexpr uint64_t MaxUploadBytes = 250000;

// The bytes SecondLifeFormat::write() gives for `a` with the file's own fields `x`.
uint64_t encodedSize(const Animation& a, const SecondLifeExtra& x);

// The viewer's BVH uploader (LLBVHLoader::optimize) drops a joint whose rotation never turns its X and
// Y axes (the avatar's Y and Z) by more than 0.001 in total from the reference frame, and whose position
// never moves by more than 0.001 inch from it. The reference is the rest pose, so in .anim terms: every
// rotation key within that test of the joint's rest rotation, and every position key within one 16-bit
// step (10 m / 65535, 0.15 mm: the file cannot place a key closer) of its rest offset (for mPelvis, of
// zero: its keys are offsets from the rest). A joint without keys is static too. Joints that are not
// the avatar's are never called static.
bool isStaticJoint(const Track& track);

// The loop points as the upload judges them: each fault found (none: they are fine). One rule for
// the upload check's findings and the Format dock's line under the fields, which word them each.
struct LoopPointFaults {
    bool notFinite = false;  // loop in or out is not a number
    bool inOutside = false;  // loop in before 0 or after the end
    bool outOutside = false; // loop out before 0 or after the end
    bool inAfterOut = false;
    bool any() const { return notFinite || inOutside || outOutside || inAfterOut; }
};
LoopPointFaults loopPointFaults(const Animation& a);

// The joints the chains of the animation's constraints need (the viewer refuses the file when one
// is missing); none when the viewer ignores the constraints (more than 10, or a negative count).
std::vector<std::string> constraintJoints(const SecondLifeExtra& x);

struct UploadOptimization {
    std::vector<std::string> removedJoints; // static joints taken out
    size_t removedKeys = 0;                 // keys of the remaining joints taken out
};

// Removes the static joints (except those a constraint needs, and always leaving one joint: the
// viewer needs 1..216), then the keys that the viewer's interpolation between their neighbours
// already reproduces within `tolerance` (core/editing/key_reduction.h; a channel whose keys all stay within it
// of its first key keeps that key alone). Kept keys keep their 16-bit codes.
UploadOptimization optimizeForUpload(Animation& a, const SecondLifeExtra& x, const ReductionTolerance& tolerance);

// --optimize's tolerance T: rotations within T degrees, positions within T cm; 0.1 (1 mm) unless given.
constexpr double DefaultOptimizeTolerance = 0.1;
constexpr double OptimizeMetresPerDegree = 0.01;

} // namespace secondlife

} // namespace bonescope
