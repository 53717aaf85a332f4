#pragma once
// Scenes Assimp reads (glTF, FBX, COLLADA, BVH, ...) converted into core types.
#include <cstdint>
#include <span>
#include <string>

#include "core/model/scene.h"
#include "formats/gltf/gltf_json.h" // MaxNodeDepth

// Declared only: builds without Assimp (BONESCOPE_ASSIMP=OFF) include this header too.
struct aiScene;
namespace Assimp {
class Importer;
}

namespace bonescope {

struct AssimpSource; // formats/assimp/assimp_io.h


// The skeleton and mesh of a scene Assimp has read (no animations; see assimp_format.h), as
// importWithAssimp describes. Throws std::runtime_error on a hierarchy deeper than MaxNodeDepth.
Scene sceneFromAssimp(const aiScene& scene);
// readConfined with assimpReadFlags(), after refusing glTF node hierarchies deeper than
// MaxNodeDepth (Assimp's glTF importer recurses once per level). Throws ParseError.
const aiScene& readAssimp(Assimp::Importer& importer, const AssimpSource& source);
// The post-processing importWithAssimp and the Assimp format ask for.
unsigned assimpReadFlags();

// What bonescope-import does, in the calling process: the file read by Assimp (`hint` an extension
// Assimp knows, `folder` where a .gltf finds its buffers or ""), converted to Bonescope's model, the
// animations too when asked (the format's read; a skeleton mesh has none). Throws ParseError.
// `name` is the file's own name, for readers that find files beside it by it (AssimpSource::name).
// Everything else reads through the helper (assimp_child.h); the fuzz target calls this directly.
Scene readWithAssimp(std::span<const uint8_t> bytes, const std::string& hint, const std::string& folder, bool animations,
                     const std::string& name = "");

// A document read in the helper (formats/assimp_formats: MD5, IQM, DirectX .x, ...), its format
// named `formatName` in messages. `folder` as in wire::ImportRequest; `path` names the file. In a
// build without Assimp it says the format is not in this build. Throws ParseError.
Scene readDocumentWithAssimp(std::span<const uint8_t> bytes, const std::string& hint, const std::string& folder,
                             const std::string& path, const std::string& formatName);

// The node hierarchy becomes the skeleton (rest pose = node transforms), so joints that skin no
// vertex are kept; Assimp's FBX helper nodes are folded into their bones (fbx_helper_nodes.h). All triangle meshes merge into Scene::mesh in scene-root space: joints and
// inverse bind matrices come from aiBone (matched to skeleton bones by node name), and a mesh without
// bones follows the node that holds it. Only the file itself is opened (and, for a .gltf, plain files
// in its folder): see assimp_io.h. Read in the helper process (assimp_child.h). Throws ParseError
// naming the file and the reason.
Scene importWithAssimp(const std::string& path);

} // namespace bonescope
