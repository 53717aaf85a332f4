#pragma once
// Normals for a mesh that has none (a glTF primitive without NORMAL, as in Fox.glb), computed for
// drawing only: the file's data is left as it is, so that it is saved again without them.
#include <vector>

#include <glm/vec3.hpp>

#include "core/model/mesh.h"

namespace bonescope::render {

// One per position: the sum of the normals of the triangles round it, weighted by their area. Smooth
// rather than the flat normals glTF asks viewers for: the mesh is drawn indexed with one set of skin
// weights a vertex, and flat normals would need every triangle's corners as vertices of their own; a
// mesh split at its hard edges (as exporters write them) is still drawn with those edges hard.
// A vertex in no triangle, or only in degenerate ones, points up.
std::vector<glm::vec3> smoothNormals(const Mesh& mesh);

} // namespace bonescope::render
