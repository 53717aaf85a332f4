#pragma once
// The facts formats/scene/node_kinds.h needs, taken from what Assimp read.
#include <vector>

#include "core/model/skeleton.h"

struct aiScene;
struct aiNode;

namespace bonescope {

// `nodes[i]` is the node read as skeleton.bones[i]. Cameras and lights are found by name, as Assimp
// links them to nodes; joints are the nodes a mesh's bones name (in a file without skins, the nodes an
// animation channel names).
void markAssimpNodeKinds(const aiScene& ai, const std::vector<const aiNode*>& nodes, Skeleton& skeleton);

} // namespace bonescope
