#include "formats/skeleton_source.h"

#include <stdexcept>

#include "formats/assimp/assimp_import.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_partial.h"
#include "formats/file_io.h"
#include "formats/registry.h"

namespace bonescope {

namespace {

// Whether the file starts like a Cast file (its magic): Cast is read a node at a time.
bool startsAsCast(platform::FileReader& file)
{
    uint8_t head[cast::HeaderSize] = {};
    if (file.size() >= sizeof head)
        file.readAt(0, head, sizeof head);
    return CastFormat().detect(head);
}

// The skeleton (and mesh) of a scene one of our formats read.
SkeletonSource withSkeleton(LoadedScene s, const std::string& path)
{
    SkeletonSource out;
    out.formatName = s.format->displayName();
    if (s.scene.skeleton.empty())
        throw std::runtime_error(path + ": this " + out.formatName + " file carries no skeleton");
    out.scene = std::move(s.scene);
    return out;
}

} // namespace

SkeletonSource loadSkeletonScene(const std::string& path)
{
    bool cast = false;
    {
        platform::FileReader file(path);
        cast = startsAsCast(file);
    }
    if (cast)
        return withSkeleton(loadScene(path), path); // a node at a time: not its bytes beside its model
    {
        const FileBytes file = FileBytes::open(path);
        if (Registry::instance().detect(file.bytes(), path))
            return withSkeleton(readScene(file.bytes(), path), path);
    }
    // Not one of ours: a mesh file Assimp reads (only that file: see assimp_io.h).
    SkeletonSource out;
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
        if (startsAsCast(file)) {
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
