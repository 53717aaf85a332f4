#pragma once
// Writes a skeleton and its skinned mesh as a glTF 2.0 binary (.glb): one node per bone, one skin,
// one mesh (positions, normals, JOINTS_0, WEIGHTS_0, triangle indices).
#include <cstdint>
#include <vector>

#include "core/model/mesh.h"
#include "core/model/skeleton.h"

namespace bonescope::demo {

std::vector<uint8_t> writeSkinnedGlb(const Skeleton& skeleton, const Mesh& mesh);

} // namespace bonescope::demo
