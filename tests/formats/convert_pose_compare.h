#pragma once
// "The same pose" for conversion tests (docs/conversion.md): both scenes are brought into the common
// meaning by their format's toCommon(), sampled at the same times, and compared bone for bone by
// name: world positions (target units) and local rotations (degrees).
#include <string>
#include <vector>

#include "core/scene.h"

namespace bonescope::test {

struct PoseDifference {
    double maxPosition = 0; // largest world position distance
    double maxDegrees = 0;  // largest local rotation difference
    size_t bonesCompared = 0;
    std::string worstBone;
    double worstTime = 0;
};

// `a` and `b` are scenes as their formats read them (Scene::format names the format); each plays on
// its own skeleton, or on `fallback` when it has none (SEAnim).
PoseDifference comparePoses(const Scene& a, const Scene& b, const std::vector<double>& times,
                            const Skeleton& fallback = {});

// Times spread over the animation on its frame grid: 0, 1/4, 1/2, 3/4 and the end, plus two frames
// between keys.
std::vector<double> comparisonTimes(const Animation& a);

} // namespace bonescope::test
