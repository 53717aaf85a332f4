#pragma once
// What each node Assimp read is for: a joint, or a camera, a light or an empty transform that the
// viewer draws as what it is and leaves out of the figure's bounds (core/model/skeleton.h, BoneKind).
#include <vector>

#include "core/model/skeleton.h"

struct aiScene;
struct aiNode;

namespace bonescope {

// `nodes[i]` is the node read as skeleton.bones[i]. Cameras and lights are found by name, as Assimp
// links them to nodes. Joints are the nodes a mesh's bones name (in a file without skins, the nodes
// an animation channel names), and every node below a joint that holds no mesh, camera or light (end
// bones that skin nothing). The rest are empties: the containers above the skeleton ("RootNode",
// "Armature", "Z_UP"), mesh holders, locators. A scene where nothing names a joint (a static model)
// keeps every node a bone.
void markNodeKinds(const aiScene& ai, const std::vector<const aiNode*>& nodes, Skeleton& skeleton);

} // namespace bonescope
