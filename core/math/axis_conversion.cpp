#include "core/math/axis_conversion.h"

#include <cmath>
#include <utility>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

namespace bonescope {

AxisConversion AxisConversion::upAxis(UpAxis from, UpAxis to)
{
    AxisConversion c;
    if (from == to)
        return c;
    // Columns are the images of x, y, z. Y-up -> Z-up: x stays, y (up) -> z, z (towards) -> -y.
    glm::dmat3 m(0.0);
    m[0] = {1, 0, 0};
    m[1] = {0, 0, 1};
    m[2] = {0, -1, 0};
    c.basis = from == UpAxis::Y ? m : glm::transpose(m);
    return c;
}

AxisConversion AxisConversion::mirror(int axis)
{
    AxisConversion c;
    c.basis[axis][axis] = -1.0;
    return c;
}

AxisConversion AxisConversion::uniformScale(double s)
{
    AxisConversion c;
    c.scale = s;
    return c;
}

AxisConversion AxisConversion::after(const AxisConversion& first) const
{
    AxisConversion c;
    c.basis = basis * first.basis;
    c.scale = scale * first.scale;
    return c;
}

AxisConversion AxisConversion::inverse() const
{
    AxisConversion c;
    c.basis = glm::transpose(basis); // orthogonal
    c.scale = 1.0 / scale;
    return c;
}

bool AxisConversion::isIdentity() const { return basis == glm::dmat3(1.0) && scale == 1.0; }

bool AxisConversion::isMirror() const { return glm::determinant(basis) < 0; }

glm::dquat AxisConversion::rotation(const glm::dquat& q) const
{
    const glm::dquat b = glm::quat_cast(isMirror() ? -basis : basis);
    return b * q * glm::conjugate(b);
}

glm::dvec3 AxisConversion::scaleVector(const glm::dvec3& s) const
{
    glm::dmat3 a;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            a[c][r] = std::abs(basis[c][r]);
    return a * s;
}

void applyAxisConversion(const AxisConversion& c, Skeleton& skeleton)
{
    for (Bone& b : skeleton.bones) {
        b.restTranslation = c.point(b.restTranslation);
        b.restRotation = c.rotation(b.restRotation);
        b.restScale = c.scaleVector(b.restScale);
    }
}

void applyAxisConversion(const AxisConversion& c, Animation& animation)
{
    for (Track& t : animation.tracks) {
        for (auto&& k : t.translation.keys.edit())
            k.value = c.point(k.value);
        for (auto&& k : t.rotation.keys.edit())
            k.value = c.rotation(k.value);
        for (auto&& k : t.scale.keys.edit())
            k.value = c.scaleVector(k.value);
    }
}

void applyAxisConversion(const AxisConversion& c, Mesh& mesh)
{
    for (glm::vec3& p : mesh.positions)
        p = glm::vec3(c.point(glm::dvec3(p)));
    for (glm::vec3& n : mesh.normals)
        n = glm::vec3(c.direction(glm::dvec3(n)));
    if (c.isMirror())
        for (size_t i = 0; i + 2 < mesh.indices.size(); i += 3)
            std::swap(mesh.indices[i + 1], mesh.indices[i + 2]); // keep front faces in front
    // Mesh space and bone space both change basis: IB' = C * IB * C^-1.
    const glm::dmat4 cm = glm::dmat4(c.basis * c.scale);
    const glm::dmat4 ci = glm::inverse(cm);
    for (glm::mat4& ib : mesh.inverseBind)
        ib = glm::mat4(cm * glm::dmat4(ib) * ci);
}

} // namespace bonescope
