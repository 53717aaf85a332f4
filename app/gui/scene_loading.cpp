#include "app/gui/scene_loading.h"

#include <exception>

#include <QDir>
#include <QFileInfo>

#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/registry.h"
#include "formats/skeleton_source.h"

namespace bonescope::gui {

namespace {

const QStringList kMeshExtensions = {"glb", "gltf", "fbx", "dae", "obj", "blend", "3ds", "x", "ms3d", "md5mesh", "smd", "bvh"};

} // namespace

LoadResult loadAnimationFile(const QString& path)
{
    LoadResult r;
    r.path = path;
    // Taken before reading: if another program rewrites the file meanwhile, the next save notices.
    r.stamp = FileStamp::of(path);
    try {
        LoadedScene loaded = loadScene(path.toStdString());
        r.format = QString::fromStdString(loaded.format->displayName());
        r.scene = std::make_shared<Scene>(std::move(loaded.scene));
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

LoadResult loadMeshFile(const QString& path)
{
    LoadResult r;
    r.path = path;
    try {
        SkeletonSource source = loadSkeletonScene(path.toStdString());
        r.format = QString::fromStdString(source.formatName);
        r.scene = std::make_shared<Scene>(std::move(source.scene));
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

bool looksLikeMeshFile(const QString& path)
{
    if (Registry::instance().byExtension(path.toStdString()))
        return false;
    return kMeshExtensions.contains(QFileInfo(path).suffix().toLower());
}

QStringList meshCompanions(const QString& animationPath)
{
    const QFileInfo info(animationPath);
    QStringList out;
    for (const char* ext : {"glb", "gltf", "fbx", "dae"}) {
        const QString candidate = info.dir().filePath(info.completeBaseName() + "." + ext);
        if (QFileInfo::exists(candidate))
            out << candidate;
    }
    return out;
}

} // namespace bonescope::gui
