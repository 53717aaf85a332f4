#pragma once
// Unit shapes for instanced drawing, as triangle lists of position + normal.
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace bonescope::render {

struct ShapeVertex {
    glm::vec3 position;
    glm::vec3 normal;
};

// An octahedral bone from (0,0,0) to (0,1,0), widest (0.1) at y = 0.1, flat-shaded.
std::vector<ShapeVertex> octahedronBone();
// An indexed triangle list: shared vertices are shaded once.
struct IndexedShape {
    std::vector<ShapeVertex> vertices;
    std::vector<uint16_t> indices;
};

// A sphere of radius 1, smooth-shaded: (rings + 1) * (sides + 1) vertices, 2 * rings * sides triangles.
IndexedShape sphere(int rings, int sides);

} // namespace bonescope::render
