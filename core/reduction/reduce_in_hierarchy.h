#pragma once
// Key reduction under an error bound measured where it shows: ACL's measure (nfrechette/acl,
// docs/error_metrics.md), the movement of virtual points a set distance from each joint along its
// three axes, in the skeleton's root space, through the whole hierarchy. A small rotation error at
// the hips moves the fingertips far more than the hips: the bound holds at every bone's points.
// (core/editing/key_reduction.h is the per-channel form, each channel's error measured on its own.)
#include <cstddef>

#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct HierarchyReduction {
    double maxError = 0;      // the bound, in the file's units (the skeleton's root space)
    double pointDistance = 0; // the virtual points' distance from each joint, in the same units
    // Linear channels become cubic splines (glTF's) with each kept segment's tangents fitted: far
    // fewer keys for the same bound, for formats that hold tangents. Stepped and flagged channels,
    // and rotations that take the long way, stay as they are.
    bool curves = false;
};

struct HierarchyReductionResult {
    size_t keysBefore = 0, keysAfter = 0; // every channel's keys (visibility included)
    double largestError = 0;              // the largest point movement found, file units
    size_t channelsKeptWhole = 0;         // channels whose per-key flags decide how they play
    size_t timesMeasured = 0;             // the times the error was measured at (every key time, and
                                          // the quarters between them where a channel is cubic)
};

// Removes keys of `animation` (played on `skeleton`, or one bone per track when it is empty) while
// every bone's virtual points stay within maxError of where the original puts them, at every key
// time of the animation (between them all curves are linear or stepped, and so is the error to
// first order; with cubic channels also at the quarters between). Keys stay at their times with their
// values: the reduced curves are the original ones with keys left out. Translation, rotation and
// scale are reduced (linear, slerp, nlerp or stepped, each by its channel's rules; cubic splines
// stay cubic, each kept segment's two tangents fitted to the curve it replaces); visibility and channels whose per-key flags change how they
// play are kept whole; first and last keys stay. Throws std::runtime_error for a skeleton whose
// parents form a cycle.
// The numbers a curve editor counts as keyframe points of single curves (Blender's unit): a rotation
// key is four, a translation or scale key three (visibility is not counted). The reduction keeps the
// fewest of these it finds.
size_t singleCurvePoints(const Track& track);
size_t singleCurvePoints(const Animation& animation);

HierarchyReductionResult reduceInHierarchy(Animation& animation, const Skeleton& skeleton,
                                           const HierarchyReduction& settings);

} // namespace bonescope
