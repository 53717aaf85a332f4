#include "formats/assimp/stated_up_axis.h"

#include <cstdint>

#include <assimp/scene.h>
#include <assimp/version.h>

namespace bonescope {

std::optional<UpAxis> statedUpAxis(const aiScene& ai, std::string_view hint)
{
    if (hint == "glb" || hint == "gltf" || hint == "dae")
        return UpAxis::Y;
    if (hint != "fbx" || !ai.mMetaData)
        return std::nullopt;
    int32_t up = -1;
    if (!ai.mMetaData->Get("UpAxis", up))
        return std::nullopt;
    const bool turnedByAssimp = (aiGetVersionMajor() > 5 || (aiGetVersionMajor() == 5 && aiGetVersionMinor() >= 4)) &&
                                ai.mNumMeshes > 0;
    if (turnedByAssimp)
        return UpAxis::Y;
    if (up == 1)
        return UpAxis::Y;
    if (up == 2)
        return UpAxis::Z;
    return std::nullopt;
}

} // namespace bonescope
