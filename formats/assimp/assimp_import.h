#pragma once
// Scenes Assimp reads (glTF, FBX, COLLADA, BVH, ...) converted into core types.
#include <string>

#include "core/scene.h"

namespace bonescope {

// The node hierarchy becomes the skeleton (rest pose = node transforms), so joints that skin no
// vertex are kept. All triangle meshes merge into Scene::mesh in scene-root space: joints and
// inverse bind matrices come from aiBone (matched to skeleton bones by node name), and a mesh without
// bones follows the node that holds it. Throws std::runtime_error naming the file and Assimp's reason.
Scene importWithAssimp(const std::string& path);

} // namespace bonescope
