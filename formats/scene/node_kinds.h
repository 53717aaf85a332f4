#pragma once
// What each node of a scene file is for (glTF, FBX, COLLADA): a joint, or a camera, a light or an
// empty transform that the viewer draws as what it is and leaves out of the figure's bounds
// (core/model/skeleton.h, BoneKind). One rule for every reader of scene files.
#include <vector>

#include "core/model/skeleton.h"

namespace bonescope {

// What a reader knows about node i (skeleton.bones[i]).
struct NodeFacts {
    bool camera = false;
    bool light = false;
    bool joint = false; // a skin names it (in a file without skins: an animation moves it)
    bool mesh = false;  // it holds a mesh
};

// Cameras and lights are marked so. Joints stay bones, and so does every node below a joint that
// holds no mesh, camera or light (end bones that skin nothing). The rest are empties: the containers
// above the skeleton ("RootNode", "Armature", "Z_UP"), mesh holders, locators. A scene where no node is
// a joint (a static model) keeps every node a bone.
void markNodeKinds(const std::vector<NodeFacts>& facts, Skeleton& skeleton);

} // namespace bonescope
