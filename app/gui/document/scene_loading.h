#pragma once
// Reading files for the window, off the GUI thread: any registered animation format, and skeleton
// meshes through Assimp (or a registered format that carries a skeleton). Errors come back as text.
#include <memory>
#include <string>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/gui/document/file_stamp.h"
#include "core/model/scene.h"

namespace bonescope::gui {

struct LoadResult {
    std::shared_ptr<Scene> scene; // null on failure
    QString path;
    QString error;  // the reader's message
    QString format; // the display name of the format that read it
    FileStamp stamp; // the file as it was just before it was read (animations only)
};

LoadResult loadAnimationFile(const QString& path);
LoadResult loadMeshFile(const QString& path);

// True when no registered format claims the file but it looks like a mesh (by extension).
bool looksLikeMeshFile(const QString& path);
// A file dropped on the window loads as the skeleton mesh (rather than replace the animation): a
// model format's file (.semodel, what Assimp reads), and a glTF / FBX / COLLADA file too while an
// animation is open (such a file may hold animations, and opens as one into an empty window).
bool dropsAsSkeletonMesh(const QString& path, bool animationOpen);
// Mesh files next to an animation with the same base name (.glb, .gltf, .fbx, .dae), best first.
QStringList meshCompanions(const QString& animationPath);
// A SEModel or Cast model in the animation's folder whose bones match at least half of the tracks
// (the best match), or an empty string. Game rips name models and animations differently.
QString matchingGameModel(const QString& animationPath, const std::vector<std::string>& trackNames);

} // namespace bonescope::gui
