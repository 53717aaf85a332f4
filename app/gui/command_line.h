#pragma once
// bonescope [FILE] [--skeleton MESH] [--base FILE[:ANIMATION] [--base-weight W]] [--preview-while BASE]
//           [--screenshot OUT.png [--frame N] [--size WxH]]
//           [--benchmark-playback [--seconds S]]
#include <optional>

#include <QSize>
#include <QString>
#include <QStringList>

namespace bonescope::gui {

struct Options {
    QString file;      // empty: the demo
    QString skeleton;  // a skeleton mesh to load after the file
    QString base;      // FILE[:ANIMATION] the animation is layered on (core/layering.h)
    double baseWeight = 1;
    QString previewWhile; // stand, walk, sit, fly or a .anim file (core/priority_mix.h)
    QString screenshot;
    long long frame = 0;
    QSize size{1280, 800};
    bool benchmark = false;
    double seconds = 4;
};

// nullopt with `error` set on bad arguments; --help and --version print and exit inside.
std::optional<Options> parseOptions(const QStringList& arguments, QString* error);

} // namespace bonescope::gui
