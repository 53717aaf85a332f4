#include "formats/assimp/fbx_fallback.h"

#include <cstdlib>
#include <string_view>

#include "formats/fbx/fbx_document.h"
#include "formats/fbx/fbx_scene.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace {

Scene ownReader(std::span<const uint8_t> bytes, const std::string& path, bool animations)
{
    Scene scene;
    try {
        scene = fbx::readFbx(bytes);
    } catch (ParseError& e) {
        e.withFile(path);
        throw;
    }
    scene.format = "assimp";
    if (!animations)
        scene.animations.clear();
    return scene;
}

} // namespace

Scene readFbxWithFallback(std::span<const uint8_t> bytes, const std::string& path, bool animations,
                          const std::function<Scene()>& viaAssimp)
{
    const uint32_t version = fbx::versionOf(bytes);
    const char* choice = std::getenv("BONESCOPE_FBX_READER");
    const std::string_view reader = choice ? choice : "";
    if (reader == "bonescope" || (version != 0 && version < 7000 && reader != "assimp"))
        return ownReader(bytes, path, animations);
    if (reader == "assimp")
        return viaAssimp();
    try {
        return viaAssimp();
    } catch (const ParseError& assimpError) {
        try {
            return ownReader(bytes, path, animations);
        } catch (const ParseError& ownError) {
            // Assimp's reason first: it is the reader of this file; ours says why it could not help.
            const std::string where = ownError.offset() != ParseError::NoOffset
                                          ? "at byte " + std::to_string(ownError.offset()) + ": "
                                          : "";
            throw ParseError(assimpError.reason() + "; Bonescope's own FBX reader could not read it either: " + where +
                                 ownError.reason(),
                             assimpError.offset(), path);
        }
    }
}

} // namespace bonescope
