#include "render/mesh_normals.h"

#include <cmath>

#include <glm/geometric.hpp>

namespace bonescope::render {

std::vector<glm::vec3> smoothNormals(const Mesh& mesh)
{
    const size_t n = mesh.positions.size();
    std::vector<glm::vec3> sum(n, glm::vec3(0.f));
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
        if (a >= n || b >= n || c >= n)
            continue;
        // Its length is twice the triangle's area: larger triangles weigh more.
        const glm::vec3 face = glm::cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a]);
        sum[a] += face;
        sum[b] += face;
        sum[c] += face;
    }
    for (glm::vec3& v : sum) {
        const float length = glm::length(v);
        v = length > 0.f && std::isfinite(length) ? v / length : glm::vec3(0.f, 1.f, 0.f);
    }
    return sum;
}

} // namespace bonescope::render
