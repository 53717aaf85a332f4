#include "formats/skeleton_source.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "formats/assimp/assimp_import.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_partial.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/registry.h"
#include "formats/semodel/semodel_format.h"

namespace bonescope {

namespace {

// Whether the file starts as `format`'s files do (its magic in the first `n` bytes).
bool startsAs(platform::FileReader& file, const Format& format, size_t n)
{
    std::vector<uint8_t> head(n);
    if (file.size() >= n)
        file.readAt(0, head.data(), n);
    return format.detect(head);
}

// Cast files are read a node at a time, not whole.
bool startsAsCast(platform::FileReader& file) { return startsAs(file, CastFormat(), cast::HeaderSize); }

// An SEModel's bones, read from its first megabyte when they fit.
constexpr uint64_t kSemodelSkeletonBytes = 1 << 20;

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
        if (startsAs(file, SemodelFormat(), 9)) {
            // Its bones come first: a model of 200 MB costs the read of its first megabyte. One whose
            // bones go on past that, or that fails, is read whole below, which names the fault.
            std::vector<uint8_t> head(size_t(std::min<uint64_t>(file.size(), kSemodelSkeletonBytes)));
            file.readAt(0, head.data(), head.size());
            try {
                if (Skeleton skeleton = readSemodelSkeleton(head); !skeleton.empty())
                    return skeleton;
            } catch (const ParseError&) {
            }
        }
        if (startsAsCast(file)) {
            FileSource source(file);
            std::optional<Skeleton> skeleton = namingFile(path, [&] { return cast::readModelSkeleton(source); });
            file.checkUnchanged();
            if (!skeleton)
                throw std::runtime_error(path + ": this Cast file carries no model with a skeleton");
            return std::move(*skeleton);
        }
    }
    return loadSkeletonSource(path); // a model of another format, read whole
}

} // namespace bonescope
