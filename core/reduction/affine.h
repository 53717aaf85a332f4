#pragma once
// A transform as a 3x3 linear part and a translation (x -> a x + t): what world transforms are when
// scale and rotation mix down a hierarchy. The error measures of key reduction work on pairs of them.
#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "core/model/pose.h"

namespace bonescope::reduction {

struct Affine {
    glm::dmat3 a{1.0};
    glm::dvec3 t{0.0};
};

inline Affine operator*(const Affine& p, const Affine& l) { return {p.a * l.a, p.a * l.t + p.t}; }

// Scale, then rotate, then translate (composeTRS's order).
inline Affine toAffine(const LocalTransform& x)
{
    glm::dmat3 m = glm::mat3_cast(x.rotation);
    m[0] *= x.scale.x;
    m[1] *= x.scale.y;
    m[2] *= x.scale.z;
    return {m, x.translation};
}

// An upper bound of the largest stretch |m v| / |v| (the spectral norm), exact for the difference of
// two rotations about a coordinate axis: the smaller of the Frobenius norm and sqrt(|m|_1 |m|_inf).
inline double stretchBound(const glm::dmat3& m)
{
    double frob = 0, col = 0, row = 0;
    for (int c = 0; c < 3; ++c) {
        col = std::max(col, std::abs(m[c][0]) + std::abs(m[c][1]) + std::abs(m[c][2]));
        row = std::max(row, std::abs(m[0][c]) + std::abs(m[1][c]) + std::abs(m[2][c]));
        frob += m[c][0] * m[c][0] + m[c][1] * m[c][1] + m[c][2] * m[c][2];
    }
    return std::min(std::sqrt(frob), std::sqrt(col * row));
}

// How far the virtual points `distance` along each local axis of a bone move between `a` and `b`
// (the largest of the three): ACL's measure.
inline double pointError(const Affine& a, const Affine& b, double distance)
{
    const glm::dvec3 dt = b.t - a.t;
    double worst = 0;
    for (int c = 0; c < 3; ++c) {
        const glm::dvec3 e = (b.a[c] - a.a[c]) * distance + dt;
        worst = std::max(worst, glm::dot(e, e));
    }
    return std::sqrt(worst);
}

// A bound of how far any point within `reach` of the bone's origin (in its local units) moves.
inline double reachError(const Affine& a, const Affine& b, double reach)
{
    return glm::length(b.t - a.t) + stretchBound(b.a - a.a) * reach;
}

} // namespace bonescope::reduction
