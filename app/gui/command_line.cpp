#include "app/gui/command_line.h"

#include <QCommandLineParser>
#include <QRegularExpression>

#include "core/playback/layering.h"
#include "render/camera.h"

namespace bonescope::gui {

std::optional<Options> parseOptions(const QStringList& arguments, QString* error)
{
    QCommandLineParser p;
    p.setApplicationDescription("Bonescope: a viewer and editor for skeletal animation files.");
    p.addHelpOption();
    p.addVersionOption();
    p.addPositionalArgument("file", "The animation to open (the demo when omitted).", "[FILE]");
    const QCommandLineOption skeleton("skeleton", "Load a skeleton mesh (glTF, FBX, COLLADA, SEModel, Cast, ...).", "mesh");
    const QCommandLineOption screenshot("screenshot", "Render the window to an image and exit.", "out.png");
    const QCommandLineOption frame("frame", "The frame to show (with --screenshot).", "n", "0");
    const QCommandLineOption size("size", "Window size for --screenshot / --benchmark-playback (1280x800); image size "
                                          "for --render-frames / --video (1280x720).", "WxH");
    const QCommandLineOption renderFrames("render-frames", "Render the viewport to one PNG per frame "
                                          "(OUT_DIR/frame_00000.png, ...) and exit.", "OUT_DIR");
    const QCommandLineOption video("video", "Render the viewport to a video through ffmpeg (.mp4, .gif or .webp) and exit.",
                                   "out.mp4");
    const QCommandLineOption from("from", "The first frame rendered out (0 when omitted).", "F");
    const QCommandLineOption to("to", "The last frame rendered out (the animation's last when omitted).", "F");
    const QCommandLineOption overwrite("overwrite", "Let --render-frames / --video replace existing files.");
    const QCommandLineOption bench("benchmark-playback", "Play for a few seconds, print frames per second and CPU time per frame, exit.");
    const QCommandLineOption benchOpen("benchmark-open", "Open the file, print the time to the first frame on screen "
                                                         "and the peak memory, exit.");
    const QCommandLineOption seconds("seconds", "How long --benchmark-playback plays.", "s", "4");
    const QCommandLineOption edits("edits", "With --benchmark-open: then change N keys one by one (each an undo "
                                            "step), undo them all, and print the time per edit and the memory.",
                                   "N", "0");
    const QCommandLineOption base("base", "Play the animation on this base's pose (with --screenshot or "
                                          "--benchmark-playback; in the window: Edit > Clip > Layer on base).",
                                  "file[:animation]");
    const QCommandLineOption baseWeight("base-weight", "How much of the animation is added to the base (0 to 2).", "w", "1");
    const QCommandLineOption figure("figure", "Draw the Second Life avatar figure, female or male, on a Second Life "
                                              "animation (View > Avatar figure).", "shape");
    const QCommandLineOption attach("attach", "Attach a prop mesh to a body attachment point of the avatar, e.g. "
                                              "\"Right Hand=sword.glb\" (repeatable).", "point=mesh");
    const QCommandLineOption previewWhile("preview-while", "Play a Second Life animation over a base motion, mixed by "
                                          "priority (with --screenshot or --benchmark-playback; in the window: "
                                          "View > Preview while).", "stand|walk|sit|fly|file");
    const QCommandLineOption onion("onion", "Draw N onion-skin ghosts before and after the frame (with --screenshot; in "
                                            "the window: View > Onion skin).", "n");
    const QCommandLineOption onionStep("onion-step", "Frames between onion-skin ghosts.", "s", "1");
    const QCommandLineOption paths("paths", "Draw the motion paths of the selected bones over the clip (with "
                                            "--screenshot; in the window: View > Motion paths). Without --select: "
                                            "the motion root's.");
    const QCommandLineOption select("select", "Select these bones by name (with --screenshot).", "bone[,bone...]");
    const QCommandLineOption camera("camera", "The view for --screenshot, as the numpad gives it in the window (View > "
                                              "Camera): front, back, left, right (or side), top or bottom.", "view");
    const QCommandLineOption ortho("ortho", "Orthographic projection (with --screenshot; View > Camera > Orthographic).");
    const QCommandLineOption noGrid("no-grid", "Hide the ground grid and the axes (with --screenshot; View > Show grid, "
                                               "Show axes).");
    const QCommandLineOption lookBone("look-through-bone", "Show the view through this bone, as a first-person camera "
                                                           "(with --screenshot; View > Camera > Look through selected bone).",
                                      "bone");
    const QCommandLineOption boneForward("bone-forward", "The axis the bone looks along: -z (+y up, the default), +z "
                                                         "(+y up), +y (+z up) or +x (+z up).", "axis", "-z");
    p.addOptions({skeleton, base, baseWeight, previewWhile, screenshot, frame, size, renderFrames, video, from, to, overwrite,
                  bench, benchOpen, seconds, edits, figure, attach, onion, onionStep, paths, select, camera, ortho, noGrid,
                  lookBone, boneForward});
    p.process(arguments);

    Options o;
    const QStringList pos = p.positionalArguments();
    if (pos.size() > 1) {
        *error = "give at most one file";
        return std::nullopt;
    }
    if (!pos.isEmpty())
        o.file = pos[0];
    o.skeleton = p.value(skeleton);
    o.screenshot = p.value(screenshot);
    o.benchmark = p.isSet(bench);
    o.benchmarkOpen = p.isSet(benchOpen);
    o.renderFrames = p.value(renderFrames);
    o.video = p.value(video);
    o.overwrite = p.isSet(overwrite);
    if (int(!o.screenshot.isEmpty()) + int(!o.renderFrames.isEmpty()) + int(!o.video.isEmpty()) + int(o.benchmark) +
            int(o.benchmarkOpen) > 1) {
        *error = "give one of --screenshot, --render-frames, --video, --benchmark-playback and --benchmark-open";
        return std::nullopt;
    }
    if (!o.video.isEmpty() && !QRegularExpression("\\.(mp4|gif|webp)$", QRegularExpression::CaseInsensitiveOption).match(o.video).hasMatch()) {
        *error = "--video writes .mp4, .gif or .webp, not '" + o.video + "'";
        return std::nullopt;
    }
    if ((p.isSet(from) || p.isSet(to) || o.overwrite) && !o.rendersOut()) {
        *error = "--from, --to and --overwrite go with --render-frames or --video";
        return std::nullopt;
    }
    const bool headlessImages = !o.screenshot.isEmpty() || o.rendersOut();
    bool ok = true;
    o.base = p.value(base);
    o.baseWeight = p.value(baseWeight).toDouble(&ok);
    if (!ok || !validBaseWeight(o.baseWeight)) {
        *error = "--base-weight takes a number from 0 to 2, not '" + p.value(baseWeight) + "'";
        return std::nullopt;
    }
    if (p.isSet(baseWeight) && o.base.isEmpty()) {
        *error = "--base-weight needs --base";
        return std::nullopt;
    }
    if (!o.base.isEmpty() && !headlessImages && !o.benchmark && !o.benchmarkOpen) {
        *error = "--base goes with --screenshot, --render-frames, --video or --benchmark-playback (in the window: Edit > Clip > Layer on base...)";
        return std::nullopt;
    }
    o.figure = p.value(figure).toLower();
    if (!o.figure.isEmpty() && o.figure != "female" && o.figure != "male") {
        *error = "--figure takes female or male, not '" + p.value(figure) + "'";
        return std::nullopt;
    }
    o.attach = p.values(attach);
    for (const QString& a : o.attach)
        if (a.indexOf('=') <= 0 || a.endsWith('=')) {
            *error = "--attach needs POINT=MESH (an attachment point's name and a mesh file), not '" + a + "'";
            return std::nullopt;
        }
    o.previewWhile = p.value(previewWhile);
    if (!o.previewWhile.isEmpty() && !headlessImages && !o.benchmark) {
        *error = "--preview-while goes with --screenshot, --render-frames, --video or --benchmark-playback (in the window: View > Preview while)";
        return std::nullopt;
    }
    if (!o.previewWhile.isEmpty() && !o.base.isEmpty()) {
        *error = "--preview-while and --base are two ways to play on a base: give one";
        return std::nullopt;
    }
    if ((p.isSet(onion) || p.isSet(onionStep) || p.isSet(paths) || p.isSet(select)) && o.screenshot.isEmpty()) {
        *error = "--onion, --onion-step, --paths and --select go with --screenshot (in the window: View > Onion skin, "
                 "View > Motion paths and a click on a bone)";
        return std::nullopt;
    }
    if (p.isSet(onion)) {
        o.onion = p.value(onion).toInt(&ok);
        if (!ok || o.onion < 1 || o.onion > 10) {
            *error = "--onion takes a number of ghosts from 1 to 10, not '" + p.value(onion) + "'";
            return std::nullopt;
        }
    }
    o.onionStep = p.value(onionStep).toInt(&ok);
    if (!ok || o.onionStep < 1 || o.onionStep > 1000) {
        *error = "--onion-step takes a number of frames from 1 to 1000, not '" + p.value(onionStep) + "'";
        return std::nullopt;
    }
    if (p.isSet(onionStep) && !p.isSet(onion)) {
        *error = "--onion-step needs --onion";
        return std::nullopt;
    }
    o.paths = p.isSet(paths);
    for (const QString& v : p.values(select))
        for (const QString& name : v.split(',', Qt::SkipEmptyParts))
            o.select << name.trimmed();
    o.camera = p.value(camera).toLower();
    o.ortho = p.isSet(ortho);
    o.noGrid = p.isSet(noGrid);
    o.lookThroughBone = p.value(lookBone);
    o.boneForward = p.value(boneForward).toLower();
    if (!o.camera.isEmpty() && !render::viewPresetNamed(o.camera.toStdString())) {
        *error = "--camera takes front, back, left, right, side, top or bottom, not '" + p.value(camera) + "'";
        return std::nullopt;
    }
    if (o.boneForward != "-z" && o.boneForward != "+z" && o.boneForward != "+y" && o.boneForward != "+x") {
        *error = "--bone-forward takes -z, +z, +y or +x, not '" + p.value(boneForward) + "'";
        return std::nullopt;
    }
    if ((p.isSet(camera) || o.ortho || o.noGrid || p.isSet(lookBone) || p.isSet(boneForward)) && o.screenshot.isEmpty()) {
        *error = "--camera, --ortho, --no-grid, --look-through-bone and --bone-forward go with --screenshot (in the "
                 "window: View > Camera and the Show toggles)";
        return std::nullopt;
    }
    if (p.isSet(boneForward) && o.lookThroughBone.isEmpty()) {
        *error = "--bone-forward needs --look-through-bone";
        return std::nullopt;
    }
    o.frame = p.value(frame).toLongLong(&ok);
    if (!ok || o.frame < 0) {
        *error = "--frame needs a frame number (0 or more)";
        return std::nullopt;
    }
    const QString sizeText = p.isSet(size) ? p.value(size) : o.rendersOut() ? "1280x720" : "1280x800";
    const auto m = QRegularExpression("^(\\d{1,5})x(\\d{1,5})$").match(sizeText);
    const auto inRange = [](int n) { return n >= 100 && n <= 8192; };
    if (!m.hasMatch() || !inRange(m.captured(1).toInt()) || !inRange(m.captured(2).toInt())) {
        *error = "--size needs WIDTHxHEIGHT, each from 100 to 8192";
        return std::nullopt;
    }
    o.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    for (auto [option, value] : {std::pair{&from, &o.from}, std::pair{&to, &o.to}}) {
        if (!p.isSet(*option))
            continue;
        *value = p.value(*option).toLongLong(&ok);
        if (!ok || *value < 0) {
            *error = "--" + option->names().first() + " needs a frame number (0 or more)";
            return std::nullopt;
        }
    }
    if (o.to >= 0 && o.from > o.to) {
        *error = "--from must not come after --to";
        return std::nullopt;
    }
    o.seconds = p.value(seconds).toDouble(&ok);
    if (!ok || !(o.seconds > 0)) {
        *error = "--seconds needs a positive number";
        return std::nullopt;
    }
    o.edits = p.value(edits).toInt(&ok);
    if (!ok || o.edits < 0 || o.edits > 100000) {
        *error = "--edits needs a number of edits from 0 to 100000";
        return std::nullopt;
    }
    if (o.edits > 0 && !o.benchmarkOpen) {
        *error = "--edits goes with --benchmark-open";
        return std::nullopt;
    }
    return o;
}

} // namespace bonescope::gui
