#pragma once
// bonescope [FILE] [--skeleton MESH] [--base FILE[:ANIMATION] [--base-weight W]] [--preview-while BASE]
//           [--screenshot OUT.png [--frame N] [--size WxH] [--camera VIEW] [--ortho] [--no-grid]
//                                 [--look-through-bone BONE [--bone-forward -z|+z|+y|+x]]]
//           [--benchmark-playback [--seconds S]] [--benchmark-open] [--figure female|male]
//           [--attach POINT=MESH]...
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
    QString camera;          // with --screenshot: a render::viewPresetNamed() name (View > Camera)
    bool ortho = false;      // with --screenshot: orthographic projection
    bool noGrid = false;     // with --screenshot: neither the ground grid nor the axes
    QString lookThroughBone; // with --screenshot: the bone whose view is shown
    QString boneForward = "-z"; // its forward axis: -z, +z, +y or +x (BoneForward)
    bool benchmark = false;     // --benchmark-playback
    bool benchmarkOpen = false; // --benchmark-open
    double seconds = 4;
    QString figure;     // "female" or "male": the Second Life avatar figure (View > Avatar figure)
    QStringList attach; // POINT=MESH: props on its attachment points
};

// nullopt with `error` set on bad arguments; --help and --version print and exit inside.
std::optional<Options> parseOptions(const QStringList& arguments, QString* error);

} // namespace bonescope::gui
