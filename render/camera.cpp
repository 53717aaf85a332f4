#include "render/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
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

std::optional<ViewPreset> viewPresetNamed(std::string_view name)
{
    const std::pair<std::string_view, ViewPreset> names[] = {
        {"front", ViewPreset::Front}, {"back", ViewPreset::Back},   {"left", ViewPreset::Left},
        {"right", ViewPreset::Right}, {"side", ViewPreset::Right},  {"top", ViewPreset::Top},
        {"bottom", ViewPreset::Bottom}};
    for (const auto& [n, p] : names)
        if (n == name)
            return p;
    return std::nullopt;
}

void OrbitCamera::setPreset(ViewPreset preset, float frontYaw)
{
    constexpr float half = glm::half_pi<float>();
    yaw = frontYaw;
    pitch = 0.f;
    switch (preset) {
    case ViewPreset::Front: break;
    case ViewPreset::Back: yaw += 2.f * half; break;
    case ViewPreset::Right: yaw += half; break;
    case ViewPreset::Left: yaw -= half; break;
    case ViewPreset::Top: pitch = half; break;
    case ViewPreset::Bottom: pitch = -half; break;
    }
}

glm::vec3 OrbitCamera::eye() const
{
    const glm::vec3 dir(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
    return target + dir * distance;
}

glm::vec3 OrbitCamera::forward() const { return glm::normalize(target - eye()); }

void OrbitCamera::orbit(float dx, float dy)
{
    yaw -= dx * 0.008f;
    pitch = std::clamp(pitch + dy * 0.008f, -glm::half_pi<float>(), glm::half_pi<float>());
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

void OrbitCamera::frame(const std::vector<glm::vec3>& points, float aspect, float fill)
{
    if (points.empty())
        return;
    Bounds box;
    for (const glm::vec3& p : points)
        box.add(p);
    target = box.center();
    const glm::mat4 v = view(); // its axes depend on yaw and pitch only
    const glm::vec3 right(v[0][0], v[1][0], v[2][0]), up(v[0][1], v[1][1], v[2][1]);
    const glm::vec3 ahead = -glm::vec3(v[0][2], v[1][2], v[2][2]);
    const float tanY = std::tan(fovY * 0.5f), tanX = tanY * std::max(aspect, 0.05f);
    const float size = box.radius();
    // The nearest distance at which every point is inside the view: a point `side` off the axis at
    // `depth` behind the target needs (distance + depth) * tan * fill >= |side|. Orthographic views
    // show the same width at every depth. Then the target moves to the middle of what is seen, and
    // the fit is made again (perspective makes near points look larger than far ones).
    auto fit = [&] {
        float d = size * 1e-3f, nearest = -HUGE_VALF;
        for (const glm::vec3& p : points) {
            const glm::vec3 q = p - target;
            const float depth = ortho ? 0.f : glm::dot(q, ahead);
            d = std::max({d, std::abs(glm::dot(q, right)) / (tanX * fill) - depth,
                          std::abs(glm::dot(q, up)) / (tanY * fill) - depth});
            nearest = std::max(nearest, -glm::dot(q, ahead));
        }
        // The eye stays outside the figure, a little in front of its nearest point.
        return std::max(d, nearest + size * 0.05f);
    };
    for (int pass = 0; pass < 3; ++pass) {
        distance = fit();
        float loX = HUGE_VALF, hiX = -HUGE_VALF, loY = HUGE_VALF, hiY = -HUGE_VALF;
        for (const glm::vec3& p : points) {
            const glm::vec3 q = p - target;
            const float at = ortho ? distance : distance + glm::dot(q, ahead);
            const float x = glm::dot(q, right) / at * distance, y = glm::dot(q, up) / at * distance;
            loX = std::min(loX, x), hiX = std::max(hiX, x), loY = std::min(loY, y), hiY = std::max(hiY, y);
        }
        target += right * ((loX + hiX) * 0.5f) + up * ((loY + hiY) * 0.5f);
    }
    distance = fit();
}

glm::mat4 OrbitCamera::view() const
{
    // The screen's up is the direction the eye moves as the pitch grows: defined straight above and
    // below too (top and bottom views), where the world's up is the view direction itself.
    const glm::vec3 up(-std::sin(pitch) * std::sin(yaw), std::cos(pitch), -std::sin(pitch) * std::cos(yaw));
    return glm::lookAt(eye(), target, up);
}

glm::mat4 OrbitCamera::projection(float aspect) const
{
    if (ortho) {
        const float h = distance * std::tan(fovY * 0.5f);
        // Depth reaches as far behind the eye as in front: zooming in never cuts the figure.
        return glm::ortho(-h * aspect, h * aspect, -h, h, -distance * 100.f, distance * 100.f);
    }
    return glm::perspective(fovY, aspect, distance * 0.01f, distance * 100.f);
}

} // namespace bonescope::render
