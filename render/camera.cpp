#include "render/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace bonescope::render {

void Bounds::add(const glm::vec3& p)
{
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
}

float Bounds::radius() const { return valid() ? std::max(glm::length(hi - lo) * 0.5f, 1e-3f) : 1.f; }

glm::vec3 robustCenter(std::vector<glm::vec3> joints)
{
    if (joints.empty())
        return glm::vec3(0.f);
    glm::vec3 c;
    const auto mid = joints.begin() + std::ptrdiff_t(joints.size() / 2);
    for (int axis = 0; axis < 3; ++axis) {
        std::nth_element(joints.begin(), mid, joints.end(),
                         [axis](const glm::vec3& a, const glm::vec3& b) { return a[axis] < b[axis]; });
        c[axis] = (*mid)[axis];
    }
    return c;
}

Bounds sweep(const Bounds& pose, const std::vector<glm::vec3>& offsets)
{
    Bounds out = pose;
    if (!pose.valid())
        return out;
    for (const glm::vec3& d : offsets) {
        out.add(pose.lo + d);
        out.add(pose.hi + d);
    }
    return out;
}

glm::vec3 OrbitCamera::eye() const
{
    const glm::vec3 dir(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
    return target + dir * distance;
}

void OrbitCamera::orbit(float dx, float dy)
{
    yaw -= dx * 0.008f;
    pitch = std::clamp(pitch + dy * 0.008f, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dx, float dy, int viewportHeight)
{
    const glm::mat4 v = view();
    const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
    const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
    // One pixel moves the target by the size of a pixel at the target's depth.
    const float perPixel = 2.f * distance * std::tan(fovY * 0.5f) / float(std::max(viewportHeight, 1));
    target += (-dx * right + dy * up) * perPixel;
}

void OrbitCamera::zoom(float steps) { distance = std::clamp(distance * std::pow(0.87f, steps), 1e-4f, 1e6f); }

void OrbitCamera::frame(const Bounds& b, float aspect)
{
    if (!b.valid())
        return;
    const float fovX = 2.f * std::atan(std::tan(fovY * 0.5f) * std::max(aspect, 0.05f));
    target = b.center();
    distance = b.radius() / std::sin(std::min(fovX, fovY) * 0.5f) * 1.1f;
}

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), target, glm::vec3(0, 1, 0)); }

glm::mat4 OrbitCamera::projection(float aspect) const
{
    return glm::perspective(fovY, aspect, distance * 0.01f, distance * 100.f);
}

} // namespace bonescope::render
