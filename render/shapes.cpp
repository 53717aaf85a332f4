#include "render/shapes.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

namespace bonescope::render {

std::vector<ShapeVertex> octahedronBone()
{
    const glm::vec3 head(0, 0, 0), tail(0, 1, 0);
    const glm::vec3 ring[4] = {{0.1f, 0.1f, 0}, {0, 0.1f, 0.1f}, {-0.1f, 0.1f, 0}, {0, 0.1f, -0.1f}};
    std::vector<ShapeVertex> out;
    auto face = [&out](glm::vec3 a, glm::vec3 b, glm::vec3 c) {
        const glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
        out.push_back({a, n});
        out.push_back({b, n});
        out.push_back({c, n});
    };
    for (int i = 0; i < 4; ++i) {
        const glm::vec3 a = ring[i], b = ring[(i + 1) % 4];
        face(head, a, b); // counter-clockwise seen from outside: back faces can be culled
        face(tail, b, a);
    }
    return out;
}

IndexedShape sphere(int rings, int sides)
{
    IndexedShape out;
    for (int i = 0; i <= rings; ++i)
        for (int s = 0; s <= sides; ++s) {
            const float phi = glm::pi<float>() * float(i) / float(rings);
            const float th = glm::two_pi<float>() * float(s) / float(sides);
            const glm::vec3 p(std::sin(phi) * std::cos(th), std::cos(phi), std::sin(phi) * std::sin(th));
            out.vertices.push_back({p, p});
        }
    auto at = [&](int i, int s) { return uint16_t(i * (sides + 1) + s); };
    for (int i = 0; i < rings; ++i)
        for (int s = 0; s < sides; ++s)
            out.indices.insert(out.indices.end(),
                               {at(i, s), at(i, s + 1), at(i + 1, s), at(i, s + 1), at(i + 1, s + 1), at(i + 1, s)});
    return out;
}

} // namespace bonescope::render
