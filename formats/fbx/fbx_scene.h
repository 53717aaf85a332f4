#pragma once
// FBX objects (fbx_objects.h) as a Bonescope scene, in the shape the Assimp reader gives: a
// "RootNode" bone above the file's models, every model a bone (its pivots, offsets and pre/post
// rotations folded into its rest pose and keys, as fbx_helper_nodes.h folds Assimp's helper nodes),
// meshes merged in scene-root space with their skins, one animation per take / animation stack with
// keys at every key time of the model's curves.
#include <span>
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/fbx/fbx_objects.h"

namespace bonescope::fbx {

// Deeper model hierarchies are refused, as in the Assimp reader (MaxNodeDepth).
constexpr int kMaxModelDepth = 1000;

Scene sceneFromObjects(const Objects& objects, std::vector<std::string>& warnings);

// The whole reader: bytes (binary or ASCII, 6.x or 7.x) to a scene. Throws ParseError.
Scene readFbx(std::span<const uint8_t> bytes, std::vector<std::string>* warnings = nullptr);

} // namespace bonescope::fbx
