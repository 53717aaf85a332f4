#include "app/gui/document/scene_loading.h"

#include <exception>
#include <string>

#include <QDir>
#include <QFileInfo>

#include "app/gui/document/background_hash.h"
#include "core/model/bone_name_index.h"
#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/registry.h"
#include "formats/skeleton_source.h"

namespace bonescope::gui {

namespace {

constexpr qint64 kMaxCompanionBytes = 256ll << 20;
constexpr int kMaxCompanionFiles = 32;

const QStringList kMeshExtensions = {"glb", "gltf", "fbx", "dae", "obj", "blend", "3ds", "x", "ms3d", "md5mesh", "smd", "bvh"};

// The document's path whole: a name given relative to the folder Bonescope was started in (on the
// command line) went into the autosave as it was, and a recovery in another folder saved the edits
// into a new file there instead of the user's.
QString absolute(const QString& path) { return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath(); }

} // namespace

LoadResult loadAnimationFile(const QString& path)
{
    LoadResult r;
    r.path = absolute(path);
    // Size and time taken before reading: if another program rewrites the file meanwhile, the next
    // save notices.
    r.stamp = FileStamp::statOnly(path);
    try {
        // The hash is of the very bytes parsed, made on another core while they are parsed (on a
        // 100 MB file it took as long as the parse, and read the file a second time), without
        // holding the file where its format reads it in pieces.
        BackgroundHash hash;
        LoadedScene loaded = loadScene(path.toStdString(), [&hash](std::span<const uint8_t> bytes) { hash.add(bytes); });
        r.stamp.sha256 = hash.result();
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
    r.path = absolute(path);
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
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "semodel" || suffix == "psk" || suffix == "pskx")
        return true; // a registered format, but a model without animations
    if (Registry::instance().byExtension(path.toStdString()))
        return false;
    return kMeshExtensions.contains(QFileInfo(path).suffix().toLower());
}

bool dropsAsSkeletonMesh(const QString& path, bool animationOpen)
{
    return looksLikeMeshFile(path) || (animationOpen && kMeshExtensions.contains(QFileInfo(path).suffix().toLower()));
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

QString matchingGameModel(const QString& animationPath, const std::vector<std::string>& trackNames)
{
    if (trackNames.empty())
        return {};
    const QFileInfo info(animationPath);
    const QFileInfoList candidates =
        info.dir().entryInfoList({"*.semodel", "*.cast", "*.psk", "*.pskx"}, QDir::Files | QDir::Readable, QDir::Name);
    QString best;
    size_t bestMatched = 0;
    int read = 0;
    for (const QFileInfo& c : candidates) {
        // Rips hold many models: look at a bounded number of reasonably sized ones.
        if (c.absoluteFilePath() == info.absoluteFilePath() || c.size() > kMaxCompanionBytes)
            continue;
        if (++read > kMaxCompanionFiles)
            break;
        try {
            // Only the skeleton is read: a folder's big .cast files are mostly animations.
            const Skeleton skeleton = loadModelSkeleton(c.absoluteFilePath().toStdString());
            // Through an index: a search per track was quadratic (80 s to open 100,000 tracks beside a
            // 20,000-bone model).
            const BoneNameIndex names(skeleton);
            size_t matched = 0;
            for (const std::string& name : trackNames)
                matched += names.findLoose(name) >= 0;
            if (matched * 2 >= trackNames.size() && matched > bestMatched) {
                best = c.absoluteFilePath();
                bestMatched = matched;
            }
        } catch (const std::exception&) {
            // Not a model (an animation-only .cast) or unreadable: not offered.
        }
    }
    return best;
}

} // namespace bonescope::gui
