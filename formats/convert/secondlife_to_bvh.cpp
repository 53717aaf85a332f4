#include "formats/convert/secondlife_to_bvh.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/playback/bake.h"
#include "core/playback/sampler.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/convert/bvh_to_secondlife.h"
#include "formats/convert/name_list.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

// BVH names are single tokens: the viewer's aliases spell attachment points with '_' for ' '.
std::string bvhName(std::string name)
{
    std::replace(name.begin(), name.end(), ' ', '_');
    return name;
}

bool below(const Skeleton& s, int joint, int ancestor)
{
    while (joint >= 0 && joint != ancestor)
        joint = s.bones[joint].parent;
    return joint == ancestor;
}

// BVH frames are evenly spaced and the uploader keys every one of them: the lowest common rate (up to
// 120 fps) whose frames fall on every key time and on the duration, within the file's 16-bit time
// step, so that no key is lost between frames. Linden's own animations use 15, 24, 90 and 120.
double frameRateFor(const Animation& a)
{
    std::vector<double> times{a.duration};
    for (const Track& t : a.tracks) {
        for (const QuatKey& k : t.rotation.keys)
            times.push_back(k.time);
        for (const Vec3Key& k : t.translation.keys)
            times.push_back(k.time);
    }
    std::vector<double> rates = {10, 15, 20, 24, 25, 30, 40, 45, 48, 50, 60, 72, 75, 90, 96, 100, 120};
    if (a.fps > 0 && a.fps <= 120)
        for (int k = 1; a.fps * k <= 120; ++k)
            rates.push_back(a.fps * k);
    std::sort(rates.begin(), rates.end());
    const double step = std::max(0.0, a.duration) / 65535;
    for (double r : rates) {
        const double slack = std::max(0.01, 1.01 * step * r); // in frames
        if (std::all_of(times.begin(), times.end(),
                        [&](double t) { return std::abs(t * r - std::round(t * r)) <= slack; }))
            return r;
    }
    return 120;
}

} // namespace

Scene secondLifeBvh(const Scene& source, const ConvertOptions& options, Report& report)
{
    const Format& sl = *Registry::instance().byId("secondlife");
    ConvertOptions toAvatar = options;
    toAvatar.forSecondLife = false;
    toAvatar.optimize = false;
    toAvatar.fps.reset(); // the BVH's own frames are chosen below
    Scene file = prepareForTarget(source, sl, toAvatar, report);
    if (!file.currentAnimation())
        throw std::runtime_error("there is no animation to write");
    for (const std::string& field : sl.ownFields(file))
        report.push_back("BVH cannot hold " + field + ", a Second Life .anim field: set it again when uploading");

    // The avatar and the animation Y up, facing +Z: the BVH's axes before the uploader's F.
    Scene common = file;
    sl.toCommon(common);
    for (ReportItem& loss : Registry::instance().byId("bvh")->conversionLoss(common))
        report.push_back(std::move(loss));
    const Animation& anim = *common.currentAnimation();
    const Skeleton& avatar = common.skeleton;
    const int pelvis = avatar.find("mPelvis");

    // The joints written: every base bone, and every animated joint with the joints above it.
    std::vector<uint8_t> written(avatar.size(), 0);
    for (size_t j = 0; j < avatar.size(); ++j)
        written[j] = avatar.bones[j].flags == uint32_t(secondlife::JointKind::Bone) && below(avatar, int(j), pelvis);
    std::vector<std::string> left;
    std::vector<uint8_t> keyed(avatar.size(), 0);
    for (const Track& t : anim.tracks) {
        int j = avatar.find(t.name);
        if (j < 0 || !below(avatar, j, pelvis)) {
            left.push_back(t.name);
            continue;
        }
        keyed[j] = !t.translation.empty();
        for (; j != pelvis; j = avatar.bones[j].parent)
            written[j] = 1;
    }
    if (!left.empty())
        report.push_back("Second Life BVH: " + counted(left.size(), "joint") + " outside the body (HUD attachment points, or not the avatar's)" +
                         agree(left.size(), " has no place under mPelvis and is", " have no place under mPelvis and are") +
                         " not written: " +
                         nameList(left));

    // Frame 0 is the reference; frames 1..n+1 cover the animation: the uploader gives frame f the time
    // (f - 1) / fps and lasts (frames - 2) / fps, so the rate is made to divide the duration exactly.
    double fps = options.fps.value_or(frameRateFor(anim));
    if (!(fps > 0) || !std::isfinite(fps))
        fps = 30;
    // The uploader takes at most 60 s; a longer file (the reader takes any finite duration) would make
    // frames without end.
    if (!(anim.duration <= secondlife::MaxDuration))
        throw std::runtime_error("the animation lasts " + shortNumber(anim.duration) +
                                 " s; the Second Life uploader takes at most 60 s (trim it first)");
    const double duration = std::max(0.0, anim.duration);
    const double steps = duration > 0 ? std::max(1.0, std::round(duration * fps)) : 0;
    if (steps > 0)
        fps = steps / duration;
    const size_t frames = size_t(steps) + 2;

    Scene out;
    out.format = "bvh";
    auto extra = std::make_unique<BvhExtra>();
    std::vector<int> index(avatar.size(), -1);
    Animation a;
    a.name = anim.name;
    a.fps = fps;
    a.duration = double(frames - 1) / fps;
    const std::vector<double> times = frameTimes(a.duration, fps);
    for (size_t j = 0; j < avatar.size(); ++j) {
        if (!written[j])
            continue;
        const Bone& from = avatar.bones[j];
        Bone b;
        // The uploader requires the root to be "hip" (older viewers: a name containing it; newer: an alias
        // of mPelvis, which "hip" is in both).
        b.name = int(j) == pelvis ? std::string("hip") : bvhName(from.name);
        b.parent = int(j) == pelvis ? -1 : index[from.parent];
        b.restTranslation = from.restTranslation / kBvhInchToMetre;
        index[j] = int(out.skeleton.size());
        out.skeleton.bones.push_back(b);
        using namespace bvh;
        extra->channels[b.name] = int(j) == pelvis || keyed[j]
                                      ? std::vector<ChannelKind>{Xposition, Yposition, Zposition, Zrotation, Xrotation, Yrotation}
                                      : std::vector<ChannelKind>{Zrotation, Xrotation, Yrotation};
        Track t;
        t.name = b.name;
        t.translation.keys.reserve(frames);
        t.rotation.keys.reserve(frames);
        a.tracks.push_back(std::move(t));
    }

    // Frame 0: the rest pose (rest rotations are identity but on some attachment points).
    Sampler sampler(anim, avatar);
    std::vector<LocalTransform> local;
    for (size_t f = 0; f < frames && f < times.size(); ++f) {
        if (f > 0)
            sampler.sampleLocal(double(f - 1) / fps, local);
        for (size_t j = 0; j < avatar.size(); ++j) {
            if (index[j] < 0)
                continue;
            Track& t = a.tracks[size_t(index[j])];
            const glm::dvec3 p = f > 0 ? local[j].translation : avatar.bones[j].restTranslation;
            const glm::dquat r = f > 0 ? local[j].rotation : avatar.bones[j].restRotation;
            t.translation.keys.push_back({times[f], p / kBvhInchToMetre});
            t.rotation.keys.push_back({times[f], r});
        }
    }
    out.animations.push_back(std::move(a));
    out.extra = ExtraPtr(std::move(extra));
    return out;
}

} // namespace bonescope
