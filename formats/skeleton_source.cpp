#include "formats/skeleton_source.h"

#include <stdexcept>

#include "formats/assimp/assimp_import.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_partial.h"
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

Skeleton loadModelSkeleton(const std::string& path)
{
    {
        platform::FileReader file(path);
        uint8_t head[cast::HeaderSize] = {};
        if (file.size() >= sizeof head)
            file.readAt(0, head, sizeof head);
        if (CastFormat().detect(head)) {
            FileSource source(file);
            std::optional<Skeleton> skeleton = namingFile(path, [&] { return cast::readModelSkeleton(source); });
            file.checkUnchanged();
            if (!skeleton)
                throw std::runtime_error(path + ": this Cast file carries no model with a skeleton");
            return std::move(*skeleton);
        }
    }
    return loadSkeletonSource(path); // SEModel: a model, never an animation, read whole
}

} // namespace bonescope
