#include "app/gui/headless_modes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QUndoStack>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/viewport/avatar_figure_menu.h"
#include "app/gui/viewport/motion_overlay.h"
#include "app/gui/video/frame_files.h"
#include "app/gui/video/video_encoder.h"
#include "app/gui/viewport/bone_camera.h"
#include "app/gui/viewport/window_capture.h"
#include "core/playback/sampler.h"
#include "formats/base_layer_file.h"
#include "formats/platform/process_memory.h"
#include "formats/secondlife/secondlife_priorities.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

// CPU seconds of the calling thread and of the whole process (the GL driver's threads included):
// less sensitive to other load on the machine than frames per second. Both clocks exist on Linux,
// macOS and MinGW-w64 (its winpthreads), unlike getrusage.
double cpuSeconds(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double threadCpuSeconds() { return cpuSeconds(CLOCK_THREAD_CPUTIME_ID); }

double processCpuSeconds() { return cpuSeconds(CLOCK_PROCESS_CPUTIME_ID); }

bool layerOnBase(Document& doc, const Options& o)
{
    try {
        BaseLayer base = loadBaseLayer(o.base.toStdString(), o.baseWeight, false);
        // Shown by its file name, as the window's own action names it.
        const std::string file = splitBaseSpec(o.base.toStdString()).file;
        base.label.replace(0, file.size(), QFileInfo(QString::fromStdString(file)).fileName().toStdString());
        doc.setBaseLayer(std::move(base));
        return true;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return false;
    }
}

bool previewWhile(Document& doc, const Options& o)
{
    if (doc.scene().format != "secondlife") {
        std::fprintf(stderr, "%s: --preview-while mixes Second Life animations by priority, and this file is not one\n",
                     qPrintable(doc.path()));
        return false;
    }
    try {
        doc.setPreviewBase(secondlife::loadPreviewBase(o.previewWhile.toStdString()));
        return true;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return false;
    }
}

bool load(MainWindow& w, const Options& o)
{
    if (o.file.isEmpty())
        return w.openDemoNow(false);
    if (!w.openFileNow(o.file))
        return false;
    if (!o.skeleton.isEmpty() && !w.loadSkeletonMeshNow(o.skeleton))
        return false;
    if (!w.avatarFigure()->applyCommandLine(o.figure, o.attach))
        return false;
    if ((!o.figure.isEmpty() || !o.attach.isEmpty()) && !w.document()->figureShown())
        std::fprintf(stderr, "--figure and --attach draw on the Second Life avatar's skeleton only: not shown\n");
    if (!o.previewWhile.isEmpty())
        return previewWhile(*w.document(), o);
    return o.base.isEmpty() || layerOnBase(*w.document(), o);
}

// --select, --onion and --paths: false, the error printed, when a bone is not in the skeleton.
bool showMotion(MainWindow& w, const Options& o)
{
    Document* doc = w.document();
    std::vector<int> bones;
    for (const QString& name : o.select) {
        const int b = doc->skeleton().find(name.toStdString());
        if (b < 0) {
            std::fprintf(stderr, "--select: no bone named '%s' in %s\n", qPrintable(name), qPrintable(doc->path()));
            return false;
        }
        bones.push_back(b);
    }
    if (bones.empty() && o.paths && doc->motionBone() >= 0)
        bones.push_back(doc->motionBone());
    if (!bones.empty())
        doc->setSelection(bones, bones.back());
    MotionOverlay* motion = w.motionOverlay();
    if (o.onion > 0) {
        OnionSkin onion = motion->onion();
        onion.count = o.onion;
        onion.step = o.onionStep;
        motion->setOnion(onion);
        motion->setOnionShown(true);
    }
    motion->setPathsShown(o.paths);
    return true;
}

// --camera, --ortho, --no-grid and --look-through-bone: what View > Camera and its toggles do in the window. False (with a
// message) for a bone the skeleton does not have.
bool applyCamera(MainWindow& w, BoneCamera& boneCamera, const Options& o)
{
    render::Viewport* v = w.viewport();
    if (const auto preset = render::viewPresetNamed(o.camera.toStdString()))
        v->setViewPreset(*preset);
    v->setOrtho(o.ortho);
    v->setShowGrid(!o.noGrid);
    v->setShowAxes(!o.noGrid);
    if (o.lookThroughBone.isEmpty())
        return true;
    const int bone = w.document()->skeleton().find(o.lookThroughBone.toStdString());
    if (bone < 0) {
        std::fprintf(stderr, "--look-through-bone: no bone named '%s' in %s\n", qPrintable(o.lookThroughBone),
                     qPrintable(w.document()->path()));
        return false;
    }
    boneCamera.setForward(o.boneForward == "+y"   ? BoneForward::PlusY
                          : o.boneForward == "+x" ? BoneForward::PlusX
                          : o.boneForward == "+z" ? BoneForward::PlusZ
                                                  : BoneForward::MinusZ);
    return boneCamera.lookThrough(bone);
}

} // namespace

int runScreenshot(const Options& o)
{
    MainWindow w(false);
    w.resize(o.size);
    w.show();
    if (!load(w, o))
        return 1;
    Document* doc = w.document();
    if (o.frame > doc->lastFrame())
        std::fprintf(stderr, "frame %lld is past the last frame (%lld): showing the last\n", o.frame, doc->lastFrame());
    doc->setTime(doc->timeOfFrame(o.frame));
    BoneCamera boneCamera(doc, w.viewport());
    if (!showMotion(w, o) || !applyCamera(w, boneCamera, o))
        return 1;
    if (!waitForViewportFrame(w)) {
        std::fprintf(stderr, "the viewport did not paint (no OpenGL 3.3?)\n");
        return 1;
    }
    const QImage image = captureWindow(w);
    if (!image.save(o.screenshot)) {
        std::fprintf(stderr, "%s: cannot write the image\n", qPrintable(o.screenshot));
        return 1;
    }
    std::printf("%s: %dx%d, frame %lld (%.3f s)\n", qPrintable(o.screenshot), image.width(), image.height(),
                doc->frame(), doc->time());
    return 0;
}

int runRenderOut(const Options& o)
{
    // Checked before any work: without ffmpeg a video cannot be made, and nothing is written.
    const QString ffmpeg = o.video.isEmpty() ? QString() : findFfmpeg();
    if (!o.video.isEmpty() && ffmpeg.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(ffmpegNotFound(true)));
        return 1;
    }
    // The window is not shown: the viewport renders offscreen at the size asked for.
    MainWindow w(false);
    if (!load(w, o))
        return 1;
    Document* doc = w.document();
    const FrameRange range{o.from, o.to < 0 ? doc->lastFrame() : o.to};
    if (const QString why = checkFrameRange(*doc, range); !why.isEmpty()) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(doc->path().isEmpty() ? QStringLiteral("the demo") : doc->path()), qPrintable(why));
        return 1;
    }
    std::unique_ptr<FrameSink> sink;
    QString why;
    if (o.video.isEmpty()) {
        auto files = std::make_unique<PngFrameFiles>(o.renderFrames, range, o.overwrite);
        why = files->prepare();
        sink = std::move(files);
    } else {
        auto encoder = std::make_unique<VideoEncoder>(ffmpeg, o.video, o.size, doc->fps(), o.overwrite);
        why = encoder->start();
        sink = std::move(encoder);
    }
    if (why.isEmpty()) {
        frameViewportFor(*w.viewport(), o.size);
        why = renderFrames(w, range, o.size, *sink).error;
    }
    if (!why.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(why));
        return 1;
    }
    const QString what = o.video.isEmpty()
        ? QStringLiteral("%1 to %2").arg(PngFrameFiles::fileName(range.from, range.to), PngFrameFiles::fileName(range.to, range.to))
        : QStringLiteral("%1 fps").arg(doc->fps());
    std::printf("%s: %lld frames (%lld to %lld), %dx%d, %s\n", qPrintable(o.video.isEmpty() ? o.renderFrames : o.video),
                range.count(), range.from, range.to, o.size.width(), o.size.height(), qPrintable(what));
    return 0;
}

namespace {

// Changes the first rotation (else translation) key of `count` tracks in turn, each one undo step
// as the Key dock makes it, waiting for the viewport to paint each; then undoes them all.
int benchmarkEdits(MainWindow& w, int count)
{
    Document* doc = w.document();
    const Animation& anim = doc->animation();
    std::vector<KeyRef> keys;
    for (size_t t = 0; t < anim.tracks.size() && int(keys.size()) < count; ++t) {
        if (!anim.tracks[t].rotation.keys.empty())
            keys.push_back({int(t), ChannelKind::Rotation, 0});
        else if (!anim.tracks[t].translation.keys.empty())
            keys.push_back({int(t), ChannelKind::Translation, 0});
    }
    if (keys.empty()) {
        std::fprintf(stderr, "--edits: the animation has no keys to change\n");
        return 1;
    }
    render::Viewport* v = w.viewport();
    auto painted = [&] {
        const quint64 before = v->framesPainted();
        QElapsedTimer wait;
        wait.start();
        while (v->framesPainted() == before && wait.elapsed() < 5000)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
    };
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < count; ++i) {
        const KeyRef& k = keys[size_t(i) % keys.size()];
        const glm::dvec4 value = k.channel == ChannelKind::Rotation ? glm::dvec4(0, 0, std::sin(0.01 * (i + 1)), std::cos(0.01 * (i + 1)))
                                                                    : glm::dvec4(0.01 * (i + 1), 0, 0, 0);
        setKeyValueEdit(doc, k, value);
        painted();
    }
    const double editMs = double(clock.nsecsElapsed()) * 1e-6 / count;
    const double afterEditsMb = double(platform::peakResidentBytes()) / 1e6;
    clock.restart();
    for (int i = 0; i < count; ++i) {
        doc->undoStack()->undo();
        painted();
    }
    const double undoMs = double(clock.nsecsElapsed()) * 1e-6 / count;
    std::printf("%d key edits: %.1f ms each (to the frame on screen); peak memory then %.1f MB\n", count, editMs,
                afterEditsMb);
    std::printf("undoing them: %.1f ms each; peak memory %.1f MB\n", undoMs,
                double(platform::peakResidentBytes()) / 1e6);
    return doc->isModified() ? 1 : 0; // all undone: the file as opened
}

} // namespace

int runBenchmark(const Options& o, const QElapsedTimer& sinceStart)
{
    MainWindow w(false);
    w.resize(o.size);
    w.show();
    // As a user's window does, it is up and painted before the file is read: the file's memory then
    // comes on top of the window's own (read first, it peaked before the window's and was not seen).
    if (!o.file.isEmpty() && !waitForViewportFrame(w))
        return 1;
    if (!load(w, o))
        return 1;
    if (!waitForViewportFrame(w))
        return 1;
    const double firstFrameMs = double(sinceStart.nsecsElapsed()) * 1e-6;
    Document* doc = w.document();
    if (o.benchmarkOpen) {
        // Measured from the start of main(): what a user waits for after double-clicking the file.
        const uint64_t fileBytes = o.file.isEmpty() ? 0 : uint64_t(QFileInfo(o.file).size());
        std::printf("file: %s (%.1f MB)\n", o.file.isEmpty() ? "the demo" : qPrintable(o.file), double(fileBytes) / 1e6);
        std::printf("first frame on screen: %.0f ms after start\n", firstFrameMs);
        std::printf("peak memory: %.1f MB\n", double(platform::peakResidentBytes()) / 1e6);
        if (o.edits > 0)
            return benchmarkEdits(w, o.edits);
        return 0;
    }
    render::Viewport* v = w.viewport();

    // Sample + render per frame, as fast as the GL allows and as interactive playback does it: each
    // iteration advances the clock (Document::setTime samples the pose; the viewport and the timeline
    // ask for a repaint) and runs the event loop until the viewport has painted, so the window is
    // composed once per frame.
    PlaybackController* playback = w.playback();
    playback->setLoop(true);
    playback->play();
    QElapsedTimer clock, frameClock;
    clock.start();
    frameClock.start();
    long long frames = 0;
    const double mainCpu0 = threadCpuSeconds(), allCpu0 = processCpuSeconds();
    while (clock.elapsed() < qint64(o.seconds * 1000)) {
        playback->advance(double(frameClock.nsecsElapsed()) * 1e-9);
        frameClock.restart();
        const quint64 before = v->framesPainted();
        v->update();
        while (v->framesPainted() == before && clock.elapsed() < qint64(o.seconds * 1000) + 5000)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
        ++frames;
    }
    const double seconds = double(clock.nsecsElapsed()) * 1e-9;
    const double mainCpuMs = (threadCpuSeconds() - mainCpu0) * 1e3 / double(std::max(frames, 1LL));
    const double allCpuMs = (processCpuSeconds() - allCpu0) * 1e3 / double(std::max(frames, 1LL));

    // The sampling cost alone, for comparison.
    Sampler sampler(doc->animation(), doc->skeleton());
    Pose pose;
    QElapsedTimer sc;
    sc.start();
    const int samples = 2000;
    for (int i = 0; i < samples; ++i)
        sampler.sample(doc->duration() * i / samples, pose);
    const double sampleUs = double(sc.nsecsElapsed()) * 1e-3 / samples;

    const auto mesh = doc->mesh();
    std::printf("file: %s\n", qPrintable(doc->path()));
    std::printf("bones: %zu, tracks: %zu, mesh vertices: %zu\n", doc->skeleton().size(), doc->animation().tracks.size(),
                mesh ? mesh->positions.size() : size_t(0));
    std::printf("window: %dx%d, GL: %s\n", w.width(), w.height(), qPrintable(v->glInfo()));
    std::printf("first frame on screen: %.0f ms after start\n", firstFrameMs);
    std::printf("playback: %lld frames in %.2f s = %.1f fps\n", frames, seconds, double(frames) / seconds);
    std::printf("cpu per frame: %.2f ms main thread, %.2f ms all threads\n", mainCpuMs, allCpuMs);
    std::printf("sampling alone: %.1f us per pose\n", sampleUs);
    std::printf("peak memory: %.1f MB\n", double(platform::peakResidentBytes()) / 1e6);
    return 0;
}

} // namespace bonescope::gui
