#include "formats/convert/prepare.h"
#include "formats/convert/retarget_words.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "core/math/axis_conversion.h"
#include "core/playback/bake.h"
#include "core/playback/binding.h"
#include "core/editing/key_reduction.h"
#include "core/editing/bone_rename.h"
#include "core/retarget/retarget.h"
#include "formats/convert/bvh_to_secondlife.h"
#include "formats/convert/name_list.h"
#include "formats/convert/animated_scale.h"
#include "formats/convert/static_scale.h"
#include "formats/registry.h"
#include "formats/scene_mirror.h"
#include "formats/short_number.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "formats/skeleton_source.h"
#include "formats/counted.h"
#include "formats/platform/process_memory.h"

namespace bonescope {

namespace {

void dropEmptyTracks(Animation& a)
{
    std::erase_if(a.tracks, [](const Track& t) { return t.keyCount() == 0; });
}

// A reference pose (ConvertOptions::sourcePose / targetPose) as the rig's rest: "frame:N" is frame N
// of `own` (the rig's own animation), anything else a file whose first frame is the pose.
Skeleton referencePose(const Skeleton& rig, const std::string& spec, const Animation* own, const char* which)
{
    if (spec.rfind("frame:", 0) == 0) {
        char* end = nullptr;
        const double frame = std::strtod(spec.c_str() + 6, &end);
        if (!own || end == spec.c_str() + 6 || *end || !(frame >= 0))
            throw std::runtime_error(std::string("--") + which + "-pose " + spec +
                                     (own ? ": give a frame number, frame:N" : ": the rig has no animation of its own to take a frame from"));
        return posedAsRest(rig, *own, frame / own->fps);
    }
    const SkeletonSource pose = loadSkeletonScene(spec);
    if (pose.scene.animations.empty())
        return posedAsRest(rig, Animation{}, 0);
    return posedAsRest(rig, pose.scene.animations.front(), 0);
}

void retargetAll(Scene& s, const ConvertOptions& o, Report& report)
{
    const Skeleton& rig = *o.targetSkeleton;
    const RetargetSettings settings = o.retargetSettings();
    Skeleton target = rig;
    if (o.targetPose) {
        std::optional<SkeletonSource> own;
        if (o.targetPose->rfind("frame:", 0) == 0 && !o.targetSkeletonPath.empty())
            own = loadSkeletonScene(o.targetSkeletonPath);
        target = referencePose(rig, *o.targetPose, own && !own->scene.animations.empty() ? &own->scene.animations.front() : nullptr,
                               "target");
    }
    Skeleton resultSkeleton = rig;
    for (Animation& a : s.animations) {
        Skeleton source = s.skeleton.empty() ? flatSkeleton(a) : s.skeleton;
        if (o.sourcePose)
            source = referencePose(source, *o.sourcePose, &a, "source");
        const BoneMap map = o.boneMap ? *o.boneMap : autoMatch(source, target);
        const platform::LargeHeapUse heap(retargetResultBytes(a, target)); // the result's key lists
        RetargetResult r = retarget(a, source, target, map, settings);
        if (!r.unmappedSource.empty())
            report.push_back("retargeting: the motion of " + counted(r.unmappedSource.size(), "source bone") +
                             " with no target bone is lost: " + nameList(r.unmappedSource));
        if (!r.unmappedTarget.empty())
            report.push_back("retargeting: " + counted(r.unmappedTarget.size(), "target bone") + " no source bone drives" +
                             agree(r.unmappedTarget.size(), " keeps its", " keep their") + " rest pose: " + nameList(r.unmappedTarget));
        report.push_back(describeRetarget(a, settings, r.report));
        if (o.retargetReports)
            o.retargetReports->push_back(r.report);
        // The result plays on the rig as the user gave it (its rest), whatever pose served as reference;
        // extracting root motion may have added a root bone.
        for (size_t b = rig.size(); b < r.skeleton.size(); ++b)
            if (resultSkeleton.find(r.skeleton.bones[b].name) < 0) {
                resultSkeleton.bones.push_back(r.skeleton.bones[b]);
                const int hips = resultSkeleton.find(r.targetRoot);
                if (hips >= 0)
                    resultSkeleton.bones[size_t(hips)].parent = int(resultSkeleton.size()) - 1;
            }
        a = std::move(r.animation);
    }
    s.skeleton = resultSkeleton;
    // The rig's own mesh, when its file has one (its joints index the rig's bones, which a root bone
    // added by extraction follows): the motion plays on the character it was put on.
    const bool hadMesh = !s.mesh.empty();
    s.mesh = o.targetMesh ? *o.targetMesh : Mesh{};
    if (hadMesh)
        report.push_back(o.targetMesh ? "retargeting: the result plays on the rig's own mesh, not the source's"
                                      : "retargeting: the mesh is skinned to the source skeleton and is not carried over");
}

// Keys that already mean plain local transforms, played by the default rules, can be written as
// they are (the file's own key times kept); anything else is baked through the skeleton.
bool needsBake(const Animation& a, const ConvertOptions& o)
{
    if (o.fps || o.targetSkeleton || !a.modifiers.empty() || !a.keyConvention.isIdentity() ||
        !(a.blend == BlendMode{}))
        return true;
    const ChannelRules plain;
    for (const Track& t : a.tracks)
        if (!(t.translation.rules == plain) || !(t.rotation.rules == plain) || !(t.scale.rules == plain))
            return true;
    return false;
}

// "2.0 GiB", "24.0 PiB": a damaged file's duration can ask for more bytes than a number of GiB
// reads well in.
std::string sizeText(double bytes)
{
    static const char* const units[] = {"MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
    size_t unit = 0;
    bytes /= double(1 << 20);
    while (bytes >= 1024 && unit + 1 < std::size(units)) {
        bytes /= 1024;
        ++unit;
    }
    std::ostringstream m;
    m << std::setprecision(1) << (bytes < 1e6 ? std::fixed : std::scientific) << bytes << " " << units[unit];
    return m.str();
}

// Baking makes a translation, rotation and scale key per bone per frame: refuse it up front when
// those keys would not fit in options.maxMemory (a file declaring a duration of 1e15 s, or --fps
// far above the file's own rate).
void checkBakeSize(const Animation& a, size_t bones, double fps, const ConvertOptions& o)
{
    const double rate = fps > 0 ? fps : a.fps;
    if (!(rate > 0) || !std::isfinite(rate) || !(a.duration >= 0) || !std::isfinite(a.duration))
        return; // bake() makes a single frame
    const double frames = a.duration * rate + 1;
    const double perFrame = double(std::max<size_t>(bones, 1)) * (2 * sizeof(Vec3Key) + sizeof(QuatKey)) + sizeof(double);
    const double bytes = frames * perFrame;
    if (bytes > double(o.maxMemory)) {
        const std::string label = a.name.empty() ? "the animation" : "'" + a.name + "'";
        std::ostringstream m;
        m << "cannot convert: baking " << label << " ("
          << a.duration << " s at " << rate << " fps, " << std::fixed << std::setprecision(0) << frames
          << " frames x " << bones << " bones) would need " << sizeText(bytes) << ", more than the "
          << sizeText(double(o.maxMemory)) << " allowed";
        throw ReportedError({ReportItem::Code::BakeTooLarge, m.str(), {label, sizeText(bytes), sizeText(double(o.maxMemory))}});
    }
}

void reduceAll(Scene& s, const ConvertOptions& o)
{
    if (o.tolerance)
        for (Animation& a : s.animations)
            reduceKeys(a, {*o.tolerance, *o.tolerance, *o.tolerance});
}

// A BVH made for Second Life goes through the viewer's own upload rules, not the generic path.
bool usesUploaderRules(const Scene& source, const Format& target, const ConvertOptions& o)
{
    return source.format == "bvh" && target.id() == "secondlife" && !o.targetSkeleton && !o.boneMap &&
           namesAvatarPelvis(source);
}

Scene uploadBvh(const Scene& source, const Format& target, const ConvertOptions& o, Report& report)
{
    if (o.fps || o.scale || o.up)
        report.push_back({ReportItem::Code::UploadRulesFixFrames,
                          "the frame rate, scale and up axis asked for do not apply to BVH -> Second Life: the viewer's "
                          "upload rules fix the frames (the file's own), the units (inches to metres) and the axes"});
    Scene s = bvhToSecondLife(source, report);
    reduceAll(s, o);
    return s;
}

// A source without a frame rate (glTF) going into a format whose keys sit on frames: say which rate
// is used and why, and report keys that land on the same frame as another (merged, so lost).
void chooseFrameRates(Scene& s, const ConvertOptions& o, const Format& target, Report& report)
{
    for (Animation& a : s.animations) {
        if (!a.fpsFromKeys)
            continue;
        const double fps = o.fps.value_or(a.fps);
        const std::string label = a.name.empty() ? std::string("the animation") : "'" + a.name + "'";
        const std::string written = label + ": the source has no frame rate; written at " + shortNumber(fps) + " fps";
        if (o.fps)
            report.push_back({ReportItem::Code::FrameRateAsked, written + ", as asked", {label, shortNumber(fps)}});
        else
            report.push_back(ReportItem::around(ReportItem::Code::FrameRateFromKeys, written + " (derived from the key spacing",
                                                ")", {label, shortNumber(fps)}));
        size_t merged = 0;
        std::vector<std::string> bones;
        auto count = [&](const auto& keys) {
            size_t n = 0;
            for (size_t k = 1; k < keys.size(); ++k)
                n += std::llround(keys.time(k) * fps) == std::llround(keys.time(k - 1) * fps);
            return n;
        };
        for (const Track& t : a.tracks) {
            const size_t n = count(t.translation.keys) + count(t.rotation.keys) + count(t.scale.keys);
            if (n) {
                merged += n;
                bones.push_back(t.name);
            }
        }
        if (merged)
            report.push_back(ReportItem::around(ReportItem::Code::KeysShareFrames,
                                                label + ": " + counted(merged, "key") + agree(merged, " falls", " fall") +
                                                    " on the same frame as another at " + shortNumber(fps) +
                                                    " fps and are lost in " + target.displayName(),
                                                ": " + nameList(bones), {label, std::to_string(merged), shortNumber(fps)}));
        a.fps = fps;
        a.fpsFromKeys = false;
    }
}

// The source format's own fields (Second Life priorities, ease, hand pose...) have no place in another
// format: each is named, whatever the target.
void reportOwnFields(const Scene& source, const Format& target, Report& report)
{
    const Format* from = Registry::instance().byId(source.format);
    if (!from || from->id() == target.id())
        return;
    for (const std::string& field : from->ownFields(source))
        report.push_back(target.displayName() + " cannot hold " + field + ", a " + from->displayName() +
                         " field: it is lost");
}

} // namespace

Scene prepareForTarget(Scene source, const Format& target, const ConvertOptions& o,
                       Report& report)
{
    if (source.format == target.id() && !o.any())
        return source;
    if (o.mirror) { // in the file's own frame, where its own fields (Second Life constraints) live
        mirrorScene(source, fileAxis(source.format, 0));
        ConvertOptions rest = o;
        rest.mirror = false;
        return prepareForTarget(std::move(source), target, rest, report);
    }
    reportOwnFields(source, target, report);
    if (usesUploaderRules(source, target, o))
        return uploadBvh(source, target, o, report);
    const std::string sourceFormat = source.format;
    Scene s = std::move(source);
    if (const Format* from = Registry::instance().byId(sourceFormat))
        from->toCommon(s);
    // An animation without a skeleton of its own (SEAnim) plays on the rig given, its tracks bound to
    // the rig's bones by name, as the window and `pose` play it: there is no source rig to retarget
    // from (a flat stand-in rig lost every rest offset of the real one).
    const bool playsOnRig = o.targetSkeleton && s.skeleton.empty() && !o.boneMap;
    if (playsOnRig) {
        s.skeleton = *o.targetSkeleton;
        s.mesh = o.targetMesh ? *o.targetMesh : Mesh{};
        report.push_back("the animation has no skeleton of its own: it plays on the given skeleton's bones by name");
    }

    std::string why;
    if (!s.skeleton.evaluationOrder(&why))
        throw std::runtime_error("cannot convert: the skeleton is broken: " + why);

    const Capabilities caps = target.capabilities();
    if (!caps.scale || !caps.embeddedSkeleton)
        foldStaticScale(s, report);
    if (!caps.multipleAnimations && s.animations.size() > 1) {
        const int keep = s.current >= 0 && s.current < int(s.animations.size()) ? s.current : 0;
        std::vector<std::string> dropped;
        for (size_t i = 0; i < s.animations.size(); ++i)
            if (int(i) != keep)
                dropped.push_back(s.animations[i].name.empty() ? "#" + std::to_string(i) : s.animations[i].name);
        report.push_back(ReportItem::around(ReportItem::Code::AnimationsLeftOut,
                                            counted(dropped.size(), "other animation") + agree(dropped.size(), " is", " are") + " not written (" +
                                                target.displayName() + " holds one per file",
                                            "): " + nameList(dropped), {std::to_string(dropped.size())}));
        Animation kept = std::move(s.animations[keep]);
        s.animations.clear();
        s.animations.push_back(std::move(kept));
        s.current = 0;
    }

    if (caps.framed)
        chooseFrameRates(s, o, target, report);
    for (Animation& a : s.animations) {
        // The current animation on a base: its layered pose, a new animation (none of the file's
        // modes or overrides kept).
        const bool layered = o.base && &a == s.currentAnimation();
        if (!layered && !needsBake(a, o))
            continue;
        checkBakeSize(a, std::max(s.skeleton.size(), a.tracks.size()), o.fps.value_or(0), o);
        if (o.targetSkeleton)
            checkBakeSize(a, o.targetSkeleton->size(), o.fps.value_or(0), o);
        ExtraPtr kept = sourceFormat == target.id() && !layered ? a.extra : ExtraPtr();
        a = layered ? bake(a, *o.base, s.skeleton, {o.fps.value_or(0), true}) : bake(a, s.skeleton, {o.fps.value_or(0), true});
        a.extra = std::move(kept); // the file's own fields (priorities, header) when it stays in its format
        dropEmptyTracks(a);
    }

    // A map onto the avatar from another skeleton is the retarget's map (below), not a renaming: a bone
    // the map leaves out drives nothing.
    const bool mapsOntoAvatar = target.id() == "secondlife" && !o.targetSkeleton && o.boneMap &&
                                !s.skeleton.empty() && !secondlife::playsOnAvatar(s.skeleton);
    if (o.targetSkeleton && !playsOnRig)
        retargetAll(s, o, report);
    else if (o.boneMap && !mapsOntoAvatar)
        renameBones(s, o.boneMap->map, !(sourceFormat == target.id() && caps.fixedSkeleton));

    // After the bake: on a framed target the product of two straight segments is keyed on every frame.
    if (!caps.scale)
        foldAnimatedScale(s, report);

    AxisConversion axes;
    if (o.up && caps.fixedUpAxis)
        report.push_back({ReportItem::Code::UpAxisFixed,
                          "the up axis asked for does not apply: " + target.displayName() + " fixes its own axes",
                          {target.displayName()}});
    else if (o.up)
        axes = AxisConversion::upAxis(UpAxis::Y, *o.up);
    if (o.scale)
        axes = AxisConversion::uniformScale(*o.scale).after(axes);
    if (!axes.isIdentity()) {
        applyAxisConversion(axes, s.skeleton);
        applyAxisConversion(axes, s.mesh);
        for (Animation& a : s.animations)
            applyAxisConversion(axes, a);
    }

    reduceAll(s, o);

    for (ReportItem& loss : target.conversionLoss(s))
        report.push_back(std::move(loss));
    // Each writer only uses extra data of its own type: the source's stays for formats that share it
    // (the Dash variants) and is ignored by the others.
    s.format = target.id();
    // Onto the avatar with the retarget options given (the adapter alone would use the defaults).
    if (target.id() == "secondlife" && !o.targetSkeleton && !s.skeleton.empty() && o.sourcePose &&
        !secondlife::playsOnAvatar(s.skeleton) && s.animations.size() == 1) // the file holds one
        s.skeleton = referencePose(s.skeleton, *o.sourcePose, &s.animations.front(), "source");
    if (target.id() == "secondlife" && !o.targetSkeleton && !s.skeleton.empty())
        secondlife::retargetOntoAvatar(s, o.retargetSettings(), report, mapsOntoAvatar ? &*o.boneMap : nullptr,
                                       o.retargetReports.get());
    target.fromCommon(s, report);
    return s;
}

} // namespace bonescope
