#pragma once
// The math of the posing gizmo: a drag turns a bone about the view axis (the angle it sweeps around
// the joint on screen) or moves it in the view plane, and the result becomes the bone's new local
// transform under its parent. Directions are in the source space of the pose.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "core/model/pose.h"
#include "render/camera.h"
#include "render/display_axes.h"

namespace bonescope::render {

// The camera's right, up and toward-the-viewer directions in source space.
struct ViewAxes {
    glm::dvec3 right{1, 0, 0}, up{0, 1, 0}, back{0, 0, 1};
};
ViewAxes viewAxes(const OrbitCamera& camera, UpAxis up);

// Angle (radians, counter-clockwise as seen on screen) swept from `from` to `to` around `centre`,
// all in widget pixels with y pointing down. In (-pi, pi].
double sweptAngle(const glm::dvec2& centre, const glm::dvec2& from, const glm::dvec2& to);

// Size of one pixel at the camera's target distance (moves in the view plane follow the cursor there).
double unitsPerPixel(const OrbitCamera& camera, int viewportHeight);

// A bone's local transform after turning its world rotation by `worldDelta` (or moving its world
// position by `worldOffset`), given its parent's world matrix (identity for a root).
LocalTransform rotateInWorld(const LocalTransform& local, const glm::dmat4& parentWorld, const glm::dquat& worldDelta);
LocalTransform moveInWorld(const LocalTransform& local, const glm::dmat4& parentWorld, const glm::dvec3& worldOffset);

} // namespace bonescope::render
