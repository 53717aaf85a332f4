#pragma once
// bonescope [FILE] [--skeleton MESH] [--base FILE[:ANIMATION] [--base-weight W]] [--preview-while BASE]
//           [--screenshot OUT.png [--frame N] [--size WxH] [--onion N [--onion-step S]] [--paths]
//                                 [--select BONE[,BONE]...] [--camera VIEW] [--ortho] [--no-grid]
//                                 [--look-through-bone BONE [--bone-forward -z|+z|+y|+x]]]
//           [--render-frames OUT_DIR | --video OUT.mp4|.gif|.webp] [--from F] [--to F] [--size WxH] [--overwrite]
//           [--benchmark-playback [--seconds S]] [--benchmark-open [--edits N]] [--figure female|male]
//           [--attach POINT=MESH]...
#include <optional>

#include <QSize>
#include <QString>
#include <QStringList>

namespace bonescope::gui {

struct Options {
    QString file;      // empty: the demo
    QString skeleton;  // a skeleton mesh to load after the file
    QString base;      // FILE[:ANIMATION] the animation is layered on (core/playback/layering.h)
    double baseWeight = 1;
    QString previewWhile; // stand, walk, sit, fly or a .anim file (core/playback/priority_mix.h)
    QString screenshot;
    QString renderFrames; // a folder for one PNG per frame
    QString video;        // an .mp4, .gif or .webp file, encoded by ffmpeg
    long long from = 0;   // the first and last frames rendered out; -1: the animation's last
    long long to = -1;
    bool overwrite = false; // the rendered files may replace existing ones
    long long frame = 0;
    QSize size{1280, 800}; // the window; for --render-frames and --video the images (default 1280x720)
    QString camera;          // with --screenshot: a render::viewPresetNamed() name (View > Camera)
    bool ortho = false;      // with --screenshot: orthographic projection
    bool noGrid = false;     // with --screenshot: neither the ground grid nor the axes
    QString lookThroughBone; // with --screenshot: the bone whose view is shown
    QString boneForward = "-z"; // its forward axis: -z, +z, +y or +x (BoneForward)
    bool benchmark = false;     // --benchmark-playback
    bool benchmarkOpen = false; // --benchmark-open
    double seconds = 4;
    int edits = 0; // --edits, with --benchmark-open
    QString figure;     // "female" or "male": the Second Life avatar figure (View > Avatar figure)
    QStringList attach; // POINT=MESH: props on its attachment points
    int onion = 0;      // ghosts on each side (View > Onion skin); 0: none
    int onionStep = 1;  // frames between them
    bool paths = false; // motion paths of the selected bones (View > Motion paths)
    QStringList select; // bones selected by name; empty with --paths: the motion root

    bool rendersOut() const { return !renderFrames.isEmpty() || !video.isEmpty(); }
};

// nullopt with `error` set on bad arguments; --help and --version print and exit inside.
std::optional<Options> parseOptions(const QStringList& arguments, QString* error);

} // namespace bonescope::gui
