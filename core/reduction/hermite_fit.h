#pragma once
// Key reduction of cubic channels (glTF CUBICSPLINE): when keys between two kept keys are left out,
// the segment's two tangents are fitted to the curve it replaces (least squares over the measured
// times), so the reduced channel stays a cubic curve rather than turning linear. glTF gives each key
// its own in- and out-tangent, so every segment's pair is free of its neighbours'.
#include <cstddef>

#include <glm/vec4.hpp>

namespace bonescope::reduction {

// A value as four numbers: a vector's three (w = 0) or a quaternion's four, as glTF blends them.
struct HermiteTangents {
    glm::dvec4 out0{0.0}, in1{0.0}; // per second: leaving the first key, arriving at the second
};

// The glTF Hermite curve between p0 (time t0) and p1 (time t1) at time t.
glm::dvec4 hermiteAt(double t0, double t1, const glm::dvec4& p0, const glm::dvec4& p1, const HermiteTangents& m, double t);

// The tangents that bring the curve closest to values x[k] at times t[k] (t0 < t[k] < t1), in the
// least-squares sense; `prior` (the original tangents) decides what the samples leave open (one
// sample, or none).
HermiteTangents fitHermite(double t0, double t1, const glm::dvec4& p0, const glm::dvec4& p1, const double* t,
                           const glm::dvec4* x, size_t count, const HermiteTangents& prior);

} // namespace bonescope::reduction
