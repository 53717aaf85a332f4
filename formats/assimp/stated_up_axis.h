#pragma once
// The up axis of the data Assimp hands over, where the file states one.
#include <optional>
#include <string_view>

#include "core/math/up_axis.h"

struct aiScene;

namespace bonescope {

// glTF is Y up by its specification. COLLADA states its <up_axis> and Assimp turns the scene to
// Y up. FBX states GlobalSettings' UpAxis; Assimp 5.4 and later turn a scene with meshes to Y up
// (what Assimp 5.2 leaves as the file has it). `hint` is the format read ("glb", "fbx", ...). None
// when the file does not say (an FBX without GlobalSettings) or says X.
std::optional<UpAxis> statedUpAxis(const aiScene& ai, std::string_view hint);

} // namespace bonescope
