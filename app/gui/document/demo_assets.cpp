#include "app/gui/document/demo_assets.h"

#include <QFile>
#include <QTemporaryDir>

static void initDemoResources() { Q_INIT_RESOURCE(demo); }

namespace bonescope::gui {

namespace {
DemoFiles& extracted()
{
    static DemoFiles files;
    return files;
}
} // namespace

DemoFiles demoFiles()
{
    static QTemporaryDir dir;
    DemoFiles& files = extracted();
    if (!files.animation.isEmpty())
        return files;
    initDemoResources();
    auto extract = [](const QString& name) {
        const QString target = dir.filePath(name);
        QFile::remove(target);
        QFile::copy(":/demo/" + name, target);
        return target;
    };
    files.animation = extract("demo_walk.seanim");
    files.mesh = extract("demo_character.glb");
    return files;
}

bool isDemoFile(const QString& path)
{
    const DemoFiles& files = extracted();
    return !path.isEmpty() && (path == files.animation || path == files.mesh);
}

} // namespace bonescope::gui
