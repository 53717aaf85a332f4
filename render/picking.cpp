#include "render/picking.h"

#include <algorithm>

#include <glm/geometric.hpp>

namespace bonescope::render {

ScreenPoint project(const glm::mat4& viewProj, glm::vec2 size, const glm::vec3& world)
{
    const glm::vec4 c = viewProj * glm::vec4(world, 1.f);
    ScreenPoint s;
    if (c.w <= 1e-6f)
        return s;
    const glm::vec3 ndc = glm::vec3(c) / c.w;
    s.pixel = {(ndc.x * 0.5f + 0.5f) * size.x, (0.5f - ndc.y * 0.5f) * size.y};
    s.depth = ndc.z;
    s.visible = ndc.z >= -1.f && ndc.z <= 1.f;
    return s;
}

int pickBone(const PickScene& scene, const glm::mat4& viewProj, glm::vec2 size, glm::vec2 mouse, float jointRadius,
             float segmentRadius)
{
    const size_t n = scene.joints.size();
    std::vector<ScreenPoint> screen(n);
    for (size_t i = 0; i < n; ++i)
        screen[i] = project(viewProj, size, scene.joints[i]);
    auto shown = [&](size_t i) { return screen[i].visible && (scene.visible.empty() || scene.visible[i]); };

    int best = -1;
    float bestDepth = 2.f;
    for (size_t i = 0; i < n; ++i)
        if (shown(i) && glm::distance(screen[i].pixel, mouse) <= jointRadius && screen[i].depth < bestDepth) {
            best = int(i);
            bestDepth = screen[i].depth;
        }
    if (best >= 0)
        return best;

    float bestDist = segmentRadius;
    for (size_t i = 0; i < n && i < scene.parents.size(); ++i) {
        const int p = scene.parents[i];
        if (p < 0 || p >= int(n) || !shown(i) || !shown(size_t(p)) || (i < scene.lines.size() && scene.lines[i]))
            continue;
        const glm::vec2 a = screen[p].pixel, b = screen[i].pixel;
        const glm::vec2 ab = b - a;
        const float len2 = glm::dot(ab, ab);
        const float t = len2 > 0 ? std::clamp(glm::dot(mouse - a, ab) / len2, 0.f, 1.f) : 0.f;
        const float d = glm::distance(a + ab * t, mouse);
        if (d <= bestDist) {
            bestDist = d;
            best = p;
        }
    }
    return best;
}

} // namespace bonescope::render
