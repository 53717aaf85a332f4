#include "formats/skeleton_source.h"

#include <stdexcept>

#include "formats/assimp/assimp_import.h"
#include "formats/file_io.h"
#include "formats/registry.h"

namespace bonescope {

Skeleton loadSkeletonSource(const std::string& path)
{
    {
        FileBytes file = FileBytes::open(path);
        if (Registry::instance().detect(file.bytes(), path)) {
            LoadedScene s = loadScene(path);
            if (s.scene.skeleton.empty())
                throw std::runtime_error(path + ": this " + s.format->displayName() + " file carries no skeleton");
            return std::move(s.scene.skeleton);
        }
    }
    Scene scene = importWithAssimp(path);
    if (scene.skeleton.empty())
        throw std::runtime_error(path + ": no skeleton (node hierarchy) found");
    return std::move(scene.skeleton);
}

} // namespace bonescope
