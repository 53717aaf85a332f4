#pragma once
// "The same pose" for conversion tests (docs/conversion.md), measured as `bonescope-cli diff` measures
// it (core/compare/animation_compare.h): both scenes brought into the common meaning by their
// format's toCommon(), sampled at the same times, bones paired by name: local and world rotations
// (degrees) and world positions (the files' units).
#include <string>
#include <vector>

#include "core/compare/animation_compare.h"
#include "core/model/scene.h"

namespace bonescope::test {

// `a` and `b` are scenes as their formats read them (Scene::format names the format); each plays on
// its own skeleton, or on `fallback` when it has none (SEAnim). `times` empty: every key time of
// either and every frame at the finer rate (what diff samples).
AnimationComparison compareConverted(const Scene& a, const Scene& b, const std::vector<double>& times = {},
                                     const Skeleton& fallback = {});

// The same, summed up as the older tests read it.
struct PoseDifference {
    double maxPosition = 0; // largest world position distance
    double maxDegrees = 0;  // largest local rotation difference
    size_t bonesCompared = 0;
    std::string worstBone;
    double worstTime = 0;
};
PoseDifference comparePoses(const Scene& a, const Scene& b, const std::vector<double>& times,
                            const Skeleton& fallback = {});

// Times spread over the animation on its frame grid: 0, 1/4, 1/2, 3/4 and the end, plus two frames
// between keys.
std::vector<double> comparisonTimes(const Animation& a);

// SMD has no frame rate (the QC gives it): its file is read at 30 fps, so its frames are put back on
// the source's rate `fps` before the poses are compared, as a QC with the source's rate would.
void toRate(Animation& a, double fps);

} // namespace bonescope::test
