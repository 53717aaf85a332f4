#pragma once
// Change of basis for a whole skeleton + animation (+ mesh): up axis, handedness and unit scale.
//
// Every point p becomes s * M * p, where M is a signed permutation matrix (axes swapped and/or
// negated) and s the unit scale. A local transform (T, R, S) becomes (s*M*T, M*R*M^-1, |M|*S), which
// makes every world position move exactly as a point does. For a proper M (det +1) the rotation is the
// quaternion conjugation b*q*b^-1 (b = M as a quaternion). For a mirror (det -1), M*R*M^-1 equals
// P*R*P^-1 with P = -M, a proper rotation by 180 degrees: mirroring across the plane normal to axis i
// keeps the quaternion's i component and negates the other two, e.g. mirror X: (w,x,y,z) -> (w,x,-y,-z).
// FORMATS.md's LEGO rule (w,-x,y,z) is this applied to the inverse quaternion (w,-x,-y,-z): the
// engine's row-vector rotations are the transposes of ours. In general, a row-vector quaternion
// mirrored across axis i only has its i component negated.
#include <glm/mat3x3.hpp>

#include "core/math/up_axis.h"
#include "core/model/animation.h"
#include "core/model/mesh.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct AxisConversion {
    glm::dmat3 basis{1.0}; // signed permutation: every column has exactly one +-1
    double scale = 1.0;

    static AxisConversion identity() { return {}; }
    // Y-up (x right, y up, z towards the viewer) <-> Z-up (x right, y away, z up): +-90 degrees about X.
    static AxisConversion upAxis(UpAxis from, UpAxis to);
    static AxisConversion mirror(int axis); // 0 = X, 1 = Y, 2 = Z
    static AxisConversion uniformScale(double s);
    // this after first: apply `first`, then this.
    AxisConversion after(const AxisConversion& first) const;
    AxisConversion inverse() const;
    bool isIdentity() const;
    bool isMirror() const; // det(basis) < 0

    glm::dvec3 point(const glm::dvec3& p) const { return scale * (basis * p); }
    glm::dvec3 direction(const glm::dvec3& d) const { return basis * d; }
    glm::dquat rotation(const glm::dquat& q) const;
    glm::dvec3 scaleVector(const glm::dvec3& s) const; // per-axis scale, axes permuted
};

// Rest poses, keys (translation, rotation, scale) of every animation, and the mesh. Works for any blend
// mode: rest + key and key * rest transform the same way as the values themselves.
void applyAxisConversion(const AxisConversion& c, Skeleton& skeleton);
void applyAxisConversion(const AxisConversion& c, Animation& animation);
void applyAxisConversion(const AxisConversion& c, Mesh& mesh);

} // namespace bonescope
