#pragma once
// Scenes Assimp reads (glTF, FBX, COLLADA, BVH, ...) converted into core types.
#include <string>

#include "core/scene.h"

struct aiScene;

namespace bonescope {

// The reader refuses a node hierarchy deeper than this; the glTF writer keeps to it too.
constexpr int MaxNodeDepth = 1000;

// The skeleton and mesh of a scene Assimp has read (no animations; see assimp_format.h), as
// importWithAssimp describes. Throws std::runtime_error on a hierarchy deeper than 1000 levels.
Scene sceneFromAssimp(const aiScene& scene);
// The post-processing importWithAssimp and the Assimp format ask for.
unsigned assimpReadFlags();

// The node hierarchy becomes the skeleton (rest pose = node transforms), so joints that skin no
// vertex are kept. All triangle meshes merge into Scene::mesh in scene-root space: joints and
// inverse bind matrices come from aiBone (matched to skeleton bones by node name), and a mesh without
// bones follows the node that holds it. Throws std::runtime_error naming the file and Assimp's reason.
Scene importWithAssimp(const std::string& path);

} // namespace bonescope
