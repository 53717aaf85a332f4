// What the viewer checks when it loads or uploads an .anim, as findings that say what to change.
// Works on any scene (an .anim as read, or another format's content about to be converted).
#include <algorithm>
#include <cmath>
#include <set>

#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_upload.h"
#include "formats/convert/name_list.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

using namespace secondlife;
using Sev = Finding::Severity;

struct Out {
    std::vector<Finding>& list;
    void error(std::string m) { list.push_back({Sev::Error, std::move(m)}); }
    void warning(std::string m) { list.push_back({Sev::Warning, std::move(m)}); }
    // A finding a front end adds its own advice to (formats/report_item.h).
    void add(Sev severity, const ReportItem& item)
    {
        list.push_back({severity, item.text, ~uint64_t(0), item.code, item.values, item.adviceAt});
    }
};

std::string num(double v)
{
    std::string s = std::to_string(v);
    while (s.size() > 1 && s.back() == '0' && s[s.size() - 2] != '.')
        s.pop_back();
    return s;
}

void checkPriority(Out& out, const std::string& what, int32_t p)
{
    if (p < UseMotionPriority)
        out.error(what + " " + std::to_string(p) + " is below -1: the viewer refuses the file; use -1..6");
    else if (p > MaxPriority)
        out.warning(what + " " + std::to_string(p) + " is above 6: the viewer clamps it to 6; use -1..6");
}

void checkHeader(Out& out, const Animation& a, const SecondLifeExtra& x)
{
    if (!std::isfinite(a.duration))
        out.error("the duration is not a finite number");
    else if (a.duration < 0)
        out.error("the duration " + num(a.duration) + " s is negative; make it 0..60 s");
    else if (a.duration > MaxDuration)
        out.error("the duration " + num(a.duration) + " s is over the 60 s limit; shorten the animation to 60 s or less");
    checkPriority(out, "base priority", x.basePriority);
    if (x.handPose > MaxHandPose)
        out.error("hand pose " + std::to_string(x.handPose) + " is not a hand pose; use 0..13");
    if (!std::isfinite(x.easeIn) || !std::isfinite(x.easeOut))
        out.error("the ease in/out durations must be finite numbers");
    else if (x.easeIn < 0 || x.easeOut < 0)
        out.warning("a negative ease in/out duration (" + num(x.easeIn) + ", " + num(x.easeOut) + " s) means no ease; use 0 or more");
}

void checkLoop(Out& out, const Animation& a)
{
    if (!a.loopRange)
        return;
    const LoopRange& r = *a.loopRange;
    auto report = [&](std::string m) {
        // Loop points of an animation that does not loop are never used.
        if (a.looping)
            out.error(m);
        else
            out.warning(m + " (unused while the loop flag is off)");
    };
    const LoopPointFaults f = loopPointFaults(a);
    if (f.notFinite)
        return report("the loop points must be finite numbers");
    if (f.inOutside)
        report("loop in " + num(r.in) + " s lies outside the animation (0.." + num(a.duration) + " s); move it inside");
    if (f.outOutside)
        report("loop out " + num(r.out) + " s lies outside the animation (0.." + num(a.duration) + " s); move it inside");
    if (f.inAfterOut)
        report("loop in " + num(r.in) + " s is after loop out " + num(r.out) + " s; swap them");
}

void checkJoints(Out& out, const Animation& a, const SecondLifeExtra* x, bool upload)
{
    const size_t n = a.tracks.size();
    if (n == 0)
        out.error("the animation moves no joint; the viewer needs 1..216");
    else if (n > MaxJoints)
        out.error(std::to_string(n) + " joints: the viewer allows at most 216; remove " + std::to_string(n - MaxJoints));
    for (size_t i = 0; i < n; ++i) {
        const Track& t = a.tracks[i];
        const std::string j = "joint '" + t.name + "'";
        if (t.name == "mRoot" || t.name == "mScreen")
            out.error(j + " cannot be animated: the viewer refuses the file; remove it");
        else if (!isAnimatableJoint(t.name)) {
            const std::string m = j + " is not a joint of the Second Life avatar; rename it to a bone, "
                                      "collision volume or attachment point name, or remove it";
            upload ? out.error(m + " (the upload is refused)") : out.warning(m);
        }
        if (x)
            checkPriority(out, j + " priority", x->priorityOf(i, t.name));
        for (const Vec3Key& k : t.scale.keys)
            if (std::abs(k.value.x - 1) > 1e-6 || std::abs(k.value.y - 1) > 1e-6 || std::abs(k.value.z - 1) > 1e-6) {
                out.error(j + " has scale keys, which .anim cannot hold; bake or remove the scaling");
                break;
            }
        auto outside = [&](const auto& keys, const char* what) {
            for (const auto& k : keys)
                if (std::isfinite(k.time) && (k.time < 0 || k.time > a.duration)) {
                    out.warning(j + " has a " + what + " key at " + num(k.time) +
                                " s, outside 0.." + num(a.duration) + " s; it will be clamped into the animation");
                    return;
                }
        };
        outside(t.rotation.keys, "rotation");
        outside(t.translation.keys, "position");
        for (const Vec3Key& k : t.translation.keys)
            if (std::abs(k.value.x) > MaxOffset || std::abs(k.value.y) > MaxOffset || std::abs(k.value.z) > MaxOffset) {
                out.warning(j + " has a position key beyond 5 m at " + num(k.time) + " s; it will be clamped to ±5 m");
                break;
            }
    }
}

bool finite3(const float* v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }

void checkConstraints(Out& out, const Animation& a, const SecondLifeExtra& x)
{
    if (x.constraintCount > MaxConstraints) {
        out.warning(std::to_string(x.constraintCount) + " constraints: the viewer ignores all of them when there are "
                    "more than 10; keep at most 10");
        return;
    }
    if (x.constraintCount < 0) {
        out.warning("the constraint count " + std::to_string(x.constraintCount) + " is negative; the viewer ignores it");
        return;
    }
    std::set<std::string> animated;
    for (const Track& t : a.tracks)
        animated.insert(t.name);
    const Skeleton& avatar = avatarSkeleton();
    for (size_t i = 0; i < x.constraints.size(); ++i) {
        const SecondLifeConstraint& c = x.constraints[i];
        const std::string w = "constraint " + std::to_string(i) + ": ";
        if (c.type > ConstraintPlane)
            out.error(w + "type " + std::to_string(c.type) + " is neither 0 (point) nor 1 (plane)");
        if (c.chainLength > a.tracks.size())
            out.error(w + "chain length " + std::to_string(c.chainLength) + " is more than the " +
                      std::to_string(a.tracks.size()) + " joints of the animation; shorten the chain");
        else if (c.chainLength > MaxChainLength)
            out.error(w + "chain length " + std::to_string(c.chainLength) + " is more than 3: the viewer's constraint "
                      "solver holds 4 joints (MAX_CHAIN_LENGTH) and writes past them; use 0..3");
        const int source = findCollisionVolume(c.sourceName());
        if (source < 0)
            out.error(w + "source volume '" + c.sourceName() + "' is not a collision volume of the avatar");
        const std::string target = c.targetName();
        if (target != "GROUND" && findCollisionVolume(target) < 0)
            out.error(w + "target volume '" + target + "' is neither GROUND nor a collision volume of the avatar");
        if (!finite3(c.sourceOffset) || !finite3(c.targetOffset) || !finite3(c.targetDir) ||
            !std::isfinite(c.easeInStart) || !std::isfinite(c.easeInStop) || !std::isfinite(c.easeOutStart) ||
            !std::isfinite(c.easeOutStop))
            out.error(w + "has a value that is not a finite number");
        else if (std::max(double(c.easeInStart), 0.0) >= std::min(double(c.easeOutStop), a.duration))
            // The viewer applies a constraint from its ease-in start to its ease-out stop only.
            out.warning(w + "it acts from its ease-in start (" + num(c.easeInStart) + " s) to its ease-out stop (" +
                        num(c.easeOutStop) + " s), which leaves no time inside the animation (0.." + num(a.duration) +
                        " s): the viewer never applies it");
        if (source < 0 || c.chainLength > a.tracks.size())
            continue;
        // The viewer walks chain length + 1 joints up from the volume; each must be animated here.
        int joint = source;
        for (int step = 0; step <= c.chainLength; ++step) {
            joint = avatar.bones[joint].parent;
            if (joint < 0 || !animated.count(avatar.bones[joint].name)) {
                out.error(w + "its chain of " + std::to_string(c.chainLength + 1) + " joints above '" + c.sourceName() +
                          "' needs joint '" + (joint < 0 ? std::string("(none)") : avatar.bones[joint].name) +
                          "' in the animation; add that joint or shorten the chain");
                break;
            }
        }
    }
}

// What only the upload adds: the asset size limit and the joints the BVH uploader would drop.
void checkUpload(Out& out, const Animation& a, const SecondLifeExtra& x, bool upload)
{
    const uint64_t size = encodedSize(a, x);
    if (size > MaxUploadBytes) {
        const std::string m = "the animation takes " + std::to_string(size) + " bytes, over the " +
                              std::to_string(MaxUploadBytes) + "-byte upload limit; remove joints or keys";
        out.add(upload ? Sev::Error : Sev::Warning,
                ReportItem::around(ReportItem::Code::UploadTooLarge, m, upload ? " (the upload is refused)" : "",
                                   {std::to_string(size), std::to_string(MaxUploadBytes)}));
    }
    std::vector<std::string> still;
    for (const Track& t : a.tracks)
        if (isStaticJoint(t))
            still.push_back(t.name);
    if (!still.empty())
        out.add(Sev::Warning, ReportItem::around(ReportItem::Code::StaticJoints,
                                                 counted(still.size(), "joint") + agree(still.size(), " never leaves its", " never leave their") +
                                                     " rest pose (every rotation within the "
                                                     "uploader's 0.001 test, every position within 0.15 mm): the viewer's "
                                                     "BVH uploader drops such joints, and here they only hold the joint at "
                                                     "rest over lower priorities",
                                                 ": " + nameList(still), {std::to_string(still.size())}));
}

} // namespace

std::vector<Finding> SecondLifeFormat::validate(const Scene& scene, const std::string& target) const
{
    std::vector<Finding> list = commonFindings(scene);
    if (!target.empty() && target != id())
        return list;
    const bool upload = target == id();
    Out out{list};
    const SecondLifeExtra defaults;
    for (const Animation& a : scene.animations) {
        const SecondLifeExtra* x = a.extra.as<SecondLifeExtra>();
        checkHeader(out, a, x ? *x : defaults);
        checkLoop(out, a);
        checkJoints(out, a, x, upload);
        if (x)
            checkConstraints(out, a, *x);
        // Key values in the file's own terms (Z up, metres, pelvis offsets) only in a Second Life scene;
        // other formats are converted first.
        if (scene.format == id())
            checkUpload(out, a, x ? *x : defaults, upload);
    }
    return list;
}

} // namespace bonescope
