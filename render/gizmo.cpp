#include "render/gizmo.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace bonescope::render {

namespace {

// The rotation part of a matrix that may carry scale.
glm::dquat rotationOf(const glm::dmat4& m)
{
    const glm::dmat3 r(glm::normalize(glm::dvec3(m[0])), glm::normalize(glm::dvec3(m[1])), glm::normalize(glm::dvec3(m[2])));
    return glm::normalize(glm::quat_cast(r));
}

} // namespace

ViewAxes viewAxes(const OrbitCamera& camera, UpAxis up)
{
    // Rows of the view matrix are the camera axes in display space; displayMatrix maps source to display.
    const glm::dmat3 view(glm::dmat4(camera.view()));
    const glm::dmat3 toSource = glm::transpose(glm::dmat3(glm::dmat4(displayMatrix(up))));
    const glm::dmat3 rows = glm::transpose(view);
    return {toSource * rows[0], toSource * rows[1], toSource * rows[2]};
}

double sweptAngle(const glm::dvec2& centre, const glm::dvec2& from, const glm::dvec2& to)
{
    const double a0 = std::atan2(-(from.y - centre.y), from.x - centre.x);
    const double a1 = std::atan2(-(to.y - centre.y), to.x - centre.x);
    double d = a1 - a0;
    while (d > M_PI)
        d -= 2 * M_PI;
    while (d <= -M_PI)
        d += 2 * M_PI;
    return d;
}

double unitsPerPixel(const OrbitCamera& camera, int viewportHeight)
{
    return 2.0 * camera.distance * std::tan(camera.fovY / 2.0) / std::max(1, viewportHeight);
}

LocalTransform rotateInWorld(const LocalTransform& local, const glm::dmat4& parentWorld, const glm::dquat& worldDelta)
{
    const glm::dquat parent = rotationOf(parentWorld);
    LocalTransform out = local;
    out.rotation = glm::normalize(glm::inverse(parent) * worldDelta * parent * local.rotation);
    return out;
}

LocalTransform moveInWorld(const LocalTransform& local, const glm::dmat4& parentWorld, const glm::dvec3& worldOffset)
{
    LocalTransform out = local;
    const glm::dmat3 linear(parentWorld);
    out.translation += glm::inverse(linear) * worldOffset; // the parent's rotation and scale undone
    return out;
}

} // namespace bonescope::render
