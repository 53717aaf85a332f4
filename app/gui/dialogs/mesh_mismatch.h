#pragma once
// File > Load skeleton mesh... with a mesh whose bones are not the ones the open animation moves (a
// glTF character under a CMU walk): loaded as it is, the mesh stands still beside the animation, which
// a new user took for a fault. The window says so and offers the retarget, which matches bones by
// their place in the body rather than by name.
#include <QString>

class QWidget;

namespace bonescope::gui {

struct MeshFit;

enum class MeshMismatchChoice { Load, Retarget, Cancel };

// The sentence the window shows (and the status bar keeps when the mesh is loaded anyway).
QString meshMismatchWords(const QString& meshName, const MeshFit& fit);

// Asks what to do; without a person to ask (headless runs, tests) the mesh is loaded as asked.
MeshMismatchChoice askAboutMismatchedMesh(QWidget* parent, const QString& meshName, const MeshFit& fit, bool interactive);

} // namespace bonescope::gui
