#pragma once
// The bundled demo (resources/demo/: a skinned character and its walk cycle, made by
// scripts/make-demo), embedded in the executable and extracted to a temporary folder for the readers.
#include <QString>

namespace bonescope::gui {

struct DemoFiles {
    QString animation; // demo_walk.seanim
    QString mesh;      // demo_character.glb
};

// Extracts once per process; the folder is removed when the process ends.
DemoFiles demoFiles();
// Whether `path` is one of those files, without extracting them.
bool isDemoFile(const QString& path);

} // namespace bonescope::gui
