#pragma once
// A Cast Model node <-> the common skeleton and mesh.
#include <utility>
#include <vector>

#include "core/model/mesh.h"
#include "core/model/skeleton.h"
#include "formats/cast/cast_tree.h"

namespace bonescope {

// Fills `skeleton` and appends the model's meshes to `mesh` (one skinned mesh, faces offset);
// `meshRanges` gets (child index, vertex count) per Mesh node. False when the model has neither.
// Throws ParseError naming the offset of a bad bone, buffer or index.
bool readCastModel(const cast::Node& model, Skeleton& skeleton, Mesh& mesh,
                   std::vector<std::pair<int, uint32_t>>& meshRanges);

// A new Model node for a skeleton and mesh read from another format; `nextHash` numbers the nodes.
cast::Node makeCastModel(const Skeleton& skeleton, const Mesh& mesh, uint64_t& nextHash);

// Writes an edited skeleton (and the mesh positions and normals) into a model read from a file,
// keeping every other property and node.
void updateCastModel(cast::Node& model, const Skeleton& skeleton, const Mesh& mesh,
                     const std::vector<std::pair<int, uint32_t>>& meshRanges, uint64_t& nextHash);

// Property helpers shared by the model and animation writers.
cast::Property castIndexProperty(const char* name, std::span<const uint64_t> values); // narrowest b/h/i

} // namespace bonescope
