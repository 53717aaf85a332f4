// Second Life <-> the common meaning. The file's avatar is Z up and faces +X; its rest rotations are
// all identity, so a rotation key is the joint's local rotation; position keys replace a joint's
// offset, except mPelvis, whose keys are offsets from its rest position (a key of 0 is the standing
// pose): the channel rule offsetFromRest, which the sampler, baking and key insertion honour. The
// common meaning is the avatar skeleton turned Y up facing +Z, keys and rules unchanged.
#include <algorithm>
#include <cmath>

#include "core/playback/binding.h"
#include "core/retarget/retarget.h"
#include "formats/convert/name_list.h"
#include "formats/convert/retarget_words.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/counted.h"
#include "formats/platform/process_memory.h"

namespace bonescope {

namespace secondlife {

ChannelRules viewerRules()
{
    ChannelRules r;
    r.interpolation = Interpolation::Linear;
    r.rotation = RotationInterp::NlerpShortest; // the viewer's nlerp, slerp when the dot is negative
    r.before = OutsideKeys::Hold;
    r.after = OutsideKeys::Hold;
    return r;
}

ChannelRules positionRules(std::string_view joint)
{
    ChannelRules r = viewerRules();
    r.offsetFromRest = joint == "mPelvis";
    return r;
}

AxisConversion fileFromCommon()
{
    AxisConversion c;
    c.basis = glm::dmat3(glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1), glm::dvec3(1, 0, 0)); // columns
    return c;
}

namespace {

const char* const kPelvis = "mPelvis";

glm::dvec3 pelvisRest() { return avatarSkeleton().bones[findAvatarJoint(kPelvis)].restTranslation; }

// Pelvis keys that hold its local translation (baked, or made by the uploader) become offsets from
// its rest position.
void pelvisKeysFromRest(Animation& a)
{
    const glm::dvec3 rest = pelvisRest();
    for (Track& t : a.tracks)
        if (t.name == kPelvis && !t.translation.rules.offsetFromRest)
            for (auto&& k : t.translation.keys.edit())
                k.value -= rest;
}

// Source bone -> avatar joint: the joint's own name, else a BVH alias of it (hip, abdomen, lShldr,
// ...), else the automatic matcher of core/retarget/auto_match.h.
BoneMap mapOntoAvatar(const Skeleton& source, const Skeleton& avatarCommon)
{
    BoneMap m;
    // Keys as the map names bones (a path where names repeat: a LEGO scene has a HEAD per actor), so
    // that each source bone is mapped once.
    const std::vector<std::string> keys = boneMapNames(source);
    const BoneMap automatic = autoMatch(source, avatarCommon);
    std::vector<uint8_t> taken(avatarCommon.size(), 0);
    for (size_t i = 0; i < source.size(); ++i) {
        const std::string& name = source.bones[i].name;
        int j = isAnimatableJoint(name) ? findAvatarJoint(name) : findByAlias(name);
        // A rig's "Neck" or "Chest" is its neck or chest, not the attachment point of that name,
        // where the matcher finds it a body joint of the avatar.
        if (j >= 0 && isAttachmentPoint(name))
            if (const auto it = automatic.map.find(keys[i]); it != automatic.map.end() && !isAttachmentPoint(it->second))
                j = -1;
        if (j >= 0 && !taken[j]) {
            m.map[keys[i]] = avatarCommon.bones[j].name;
            taken[j] = 1;
        }
    }
    for (const auto& [from, to] : automatic.map) {
        const int j = findAvatarJoint(to);
        if (!m.map.count(from) && j >= 0 && !taken[j] && isAnimatableJoint(to)) {
            m.map[from] = to;
            taken[j] = 1;
        }
    }
    return m;
}

bool hasMotion(const Animation& a, const std::string& bone)
{
    const int t = a.findTrack(bone);
    return t >= 0 && (!a.tracks[t].rotation.empty() || !a.tracks[t].translation.empty());
}

// Plays `a` (on `source`) on the avatar, in the common frame; returns the retarget's measure.
RetargetReport ontoAvatar(Animation& a, const Skeleton& source, const Skeleton& avatarCommon, const RetargetSettings& settings,
                          const BoneMap* map, Report& report)
{
    const Skeleton src = source.empty() ? flatSkeleton(a) : source;
    const platform::LargeHeapUse heap(retargetResultBytes(a, avatarCommon)); // the result's key lists
    RetargetResult r = retarget(a, src, avatarCommon, map ? *map : mapOntoAvatar(src, avatarCommon), settings, UpAxis::Y);
    std::vector<std::string> lost;
    for (const std::string& n : r.unmappedSource)
        if (hasMotion(a, n))
            lost.push_back(n);
    if (!lost.empty())
        report.push_back("Second Life: " + counted(lost.size(), "animated bone") + agree(lost.size(), " matches", " match") +
                         " no avatar joint (by name, BVH alias or automatic match) and their motion is lost: " + nameList(lost));
    report.push_back(describeRetarget(a, settings, r.report));
    if (r.unmappedSource.size() == src.size())
        report.push_back({ReportItem::Code::NoJointMatchesAvatar, "Second Life: no bone matches the avatar; the animation "
                                                                  "keeps no motion"});
    a = std::move(r.animation);
    return r.report;
}

} // namespace

void finishForFile(Animation& a, Report& report)
{
    // Joints the file cannot name (mRoot, mScreen, unknown names) are dropped, and said so.
    std::vector<std::string> dropped;
    std::erase_if(a.tracks, [&](const Track& t) {
        if (isAnimatableJoint(t.name))
            return false;
        const int j = findAvatarJoint(t.name);
        const Bone* rest = j >= 0 ? &avatarSkeleton().bones[j] : nullptr;
        bool moves = !rest;
        for (const auto& k : t.rotation.keys)
            moves = moves || std::abs(std::abs(k.value.w) - 1.0) > 1e-9;
        for (const auto& k : t.translation.keys)
            moves = moves || glm::length(k.value - rest->restTranslation) > 1e-9;
        if (moves)
            dropped.push_back(t.name);
        return true;
    });
    if (!dropped.empty())
        report.push_back("Second Life: " + counted(dropped.size(), "joint") + " no animation may key" +
                         agree(dropped.size(), " is", " are") + " not written: " + nameList(dropped));
    pelvisKeysFromRest(a);

    if (a.duration > MaxDuration) {
        size_t cut = 0;
        for (Track& t : a.tracks) {
            cut += t.rotation.keys.eraseIf([](const QuatKey& k) { return k.time > MaxDuration; });
            cut += t.translation.keys.eraseIf([](const Vec3Key& k) { return k.time > MaxDuration; });
        }
        report.push_back("Second Life: the animation lasts " + std::to_string(a.duration) +
                         " s; the viewer takes at most 60 s, so it is cut at 60 s (" + counted(cut, "key") + " dropped)");
        a.duration = MaxDuration;
        if (a.loopRange)
            a.loopRange = LoopRange{std::min(a.loopRange->in, MaxDuration), std::min(a.loopRange->out, MaxDuration)};
    }
    std::vector<std::string> far;
    const ChannelRules rules = viewerRules();
    for (Track& t : a.tracks) {
        t.scale.keys.clear(); // reported by conversionLoss() (the format has no scale channel)
        t.visibility.keys.clear();
        t.rotation.rules = rules;
        t.translation.rules = positionRules(t.name);
        for (const Vec3Key& k : t.translation.keys)
            if (std::abs(k.value.x) > MaxOffset || std::abs(k.value.y) > MaxOffset || std::abs(k.value.z) > MaxOffset) {
                far.push_back(t.name);
                break;
            }
    }
    if (!far.empty())
        report.push_back("Second Life: positions beyond 5 m from the joint's origin are clamped to 5 m on: " +
                         nameList(far));
    a.blend = BlendMode{};
    a.modifiers.clear();
    a.keyConvention = KeyConvention{};
}

} // namespace secondlife

using namespace secondlife;

Skeleton secondlife::avatarInCommonFrame()
{
    Skeleton avatarCommon = avatarSkeleton();
    applyAxisConversion(fileFromCommon().inverse(), avatarCommon);
    return avatarCommon;
}

bool secondlife::playsOnAvatar(const Skeleton& s)
{
    const Skeleton& avatar = avatarSkeleton();
    if (s.size() != avatar.size())
        return false;
    for (size_t i = 0; i < s.size(); ++i)
        if (s.bones[i].name != avatar.bones[i].name)
            return false;
    return true;
}

BoneMap secondlife::avatarMap(const Skeleton& source)
{
    return mapOntoAvatar(source, avatarInCommonFrame());
}

void secondlife::retargetOntoAvatar(Scene& scene, const RetargetSettings& settings, Report& report,
                                    const BoneMap* map, std::vector<RetargetReport>* measures)
{
    if (playsOnAvatar(scene.skeleton))
        return;
    const Skeleton avatarCommon = avatarInCommonFrame();
    for (Animation& a : scene.animations) {
        const RetargetReport measure = ontoAvatar(a, scene.skeleton, avatarCommon, settings, map, report);
        if (measures)
            measures->push_back(measure);
    }
    scene.skeleton = avatarCommon;
}

void SecondLifeFormat::toCommon(Scene& scene) const
{
    const AxisConversion toCommonAxes = fileFromCommon().inverse();
    for (Animation& a : scene.animations)
        applyAxisConversion(toCommonAxes, a);
    applyAxisConversion(toCommonAxes, scene.skeleton);
}

void SecondLifeFormat::fromCommon(Scene& scene, Report& report) const
{
    const AxisConversion toFile = fileFromCommon();
    secondlife::retargetOntoAvatar(scene, {}, report);
    for (Animation& a : scene.animations) {
        applyAxisConversion(toFile, a);
        finishForFile(a, report);
    }
    scene.skeleton = avatarSkeleton();
    scene.mesh = Mesh{};
}

} // namespace bonescope
