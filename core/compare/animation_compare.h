#pragma once
// Two animations compared on their skeletons (docs/compare.md): the question a pipeline asks after a
// conversion or a retarget, "did the motion change, where, and by how much?".
//
// Same rig (bones paired by name, bone_pairs.h): at every key time of either clip and every frame at
// the finer rate (sample_times.h), each paired bone's local rotation, world rotation (degrees) and
// world position difference, their largest and mean, and the time each is worst.
// Two rigs (another skeleton, a bone map): the retargeting's limb measure (core/retarget/limb_error.h)
// at the same times, clip b measured as the retarget of clip a.
// Both scenes must already mean the same thing (Y up, right-handed: each format's toCommon()).
#include <optional>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/math/axis_conversion.h"
#include "core/retarget/bone_map.h"
#include "core/retarget/retarget.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct CompareOptions {
    std::vector<double> times; // sample these instead of comparisonTimes() (tests, the window's frames)
    double bToA = 1;           // b's positions times this are in a's units (metres against centimetres)
    double reportUnit = 1;     // a's units times this are the positions reported (1000: metres -> mm)
    double withinDegrees = 0.01;
    double withinPosition = 0.01; // in the reported unit
    double withinSeconds = 1e-3;  // durations differing by less are the same (LEGO stores whole ms)
};

struct Extreme {
    double max = 0, mean = 0;
    double worstTime = 0; // seconds; the first time the largest difference is reached
};

struct BoneDifference {
    std::string name;     // a's bone
    int boneA = -1, boneB = -1;
    Extreme local, world; // rotation, degrees
    Extreme position;     // world position, reported unit
};

struct TimingDifference {
    double durationA = 0, durationB = 0, fpsA = 0, fpsB = 0;
    size_t keyTimesA = 0, keyTimesB = 0;         // distinct key times of each clip
    size_t keyTimesOnlyA = 0, keyTimesOnlyB = 0; // at which the other has no key (within 1 us)
};

struct AnimationComparison {
    std::vector<BoneDifference> bones;   // paired bones, in a's skeleton order
    std::vector<std::string> onlyInA, onlyInB;
    TimingDifference timing;
    std::vector<double> times;           // the times sampled
    double rate = 30;                    // the finer frame rate: worst times as frames
    double height = 0;                   // the character's height (a's rest, reported unit); 0: unknown
    std::optional<RetargetReport> limbs; // two rigs: the limb measure instead of bones
    double withinDegrees = 0.01, withinPosition = 0.01, withinSeconds = 1e-3;

    // The largest of each measure over every bone (or limb), and whether it is within the bounds.
    double maxLocalDegrees() const;
    double maxWorldDegrees() const;
    double maxPosition() const;
    const BoneDifference* worstBone() const; // the bone whose rotation or position is furthest out
    bool durationDiffers() const;
    bool within() const;
    // A time as a frame at `rate` (rounded).
    long long frameOf(double time) const;
    // `value` as a percentage of the height (0 when the height is unknown).
    double percentOfHeight(double value) const;
};

// a and b on their skeletons (an empty one: the clip's flatSkeleton). Throws std::runtime_error for
// a broken skeleton or clips too long to compare (sample_times.h).
AnimationComparison compareAnimations(const Animation& a, const Skeleton& skeletonA, const Animation& b,
                                      const Skeleton& skeletonB, const CompareOptions& options = {});

// a on its rig against b on another, through `map` (source: a's bones, target: b's), measured as the
// retarget of `mode` measures its result. Throws what pairRigs() throws.
AnimationComparison compareRigs(const Animation& a, const Skeleton& skeletonA, const Animation& b,
                                const Skeleton& skeletonB, const BoneMap& map, RetargetMode mode,
                                const CompareOptions& options = {}, UpAxis up = UpAxis::Y);

} // namespace bonescope
