#pragma once
// Assimp's FBX importer cannot express an FBX node's pivots, offsets and pre/post-rotations in one
// aiNode, so it makes a chain of helper nodes "NAME_$AssimpFbx$_PreRotation", "..._Translation",
// "..._RotationPivot", ... above the node NAME (and geometric inverses below it). Animation keys
// land either on NAME alone, holding the whole chain's transform (only Translation, Rotation,
// Scaling and pre/post-rotations), or on the helpers ("..._Translation", "..._Rotation", ...).
#include <string_view>

#include "core/model/scene.h"

namespace bonescope {

// True for a name Assimp gives such a helper node.
bool isFbxHelperName(std::string_view name);

// Folds every helper bone into the real bones below it, so that the skeleton has the file's bones
// only: a bone's rest pose becomes the product of its chain, the tracks of the chain's parts merge
// into one track on the bone (sampled at all their key times), and mesh joints follow. Returns how
// many helper bones were removed (0 leaves the scene as it was).
size_t collapseFbxHelperNodes(Scene& scene);

} // namespace bonescope
