#pragma once
// Key reduction: drop the keys that linear interpolation (slerp for rotations) between their
// neighbours already reproduces within a tolerance. First and last keys always stay.
#include <cstddef>

#include "core/model/animation.h"

namespace bonescope {

struct ReductionTolerance {
    double translation = 1e-4;     // file units
    double rotationDegrees = 1e-2; // angle between the reduced and the original rotation
    double scale = 1e-4;           // distance between the scale vectors
};

// Douglas-Peucker: keep the key farthest from the chord between the kept keys while it is farther
// than the tolerance, then recurse on both halves (iteratively: no deep recursion on long channels).
// The error is measured at the original keys; between them both curves are linear (slerp), so the
// reduced curve stays within the tolerance everywhere. Channels that step, or whose per-key flags
// change the interpolation, are left alone. Returns the number of keys removed.
size_t reduceChannel(Vec3Channel& channel, double tolerance);
size_t reduceChannel(QuatChannel& channel, double toleranceDegrees);
size_t reduceKeys(Animation& animation, const ReductionTolerance& tolerance);

// Angle in degrees between two rotations (either sign of the quaternion).
double rotationDistanceDegrees(const glm::dquat& a, const glm::dquat& b);

} // namespace bonescope
