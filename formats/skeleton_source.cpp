#include "formats/skeleton_source.h"

#include <stdexcept>

#include "formats/assimp/assimp_import.h"
#include "formats/file_io.h"
#include "formats/registry.h"

namespace bonescope {

SkeletonSource loadSkeletonScene(const std::string& path)
{
    SkeletonSource out;
    {
        const FileBytes file = FileBytes::open(path);
        if (Registry::instance().detect(file.bytes(), path)) {
            LoadedScene s = readScene(file.bytes(), path);
            out.formatName = s.format->displayName();
            if (s.scene.skeleton.empty())
                throw std::runtime_error(path + ": this " + out.formatName + " file carries no skeleton");
            out.scene = std::move(s.scene);
            return out;
        }
    }
    // Not one of ours: a mesh file Assimp reads (only that file: see assimp_io.h).
    out.scene = importWithAssimp(path);
    out.formatName = "Assimp";
    if (out.scene.skeleton.empty())
        throw std::runtime_error(path + ": no skeleton (node hierarchy) found");
    return out;
}

} // namespace bonescope
