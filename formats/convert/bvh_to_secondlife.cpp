#include "formats/convert/bvh_to_secondlife.h"

#include <algorithm>
#include <stdexcept>

#include "core/playback/bake.h"
#include "core/playback/sampler.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/convert/name_list.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

bool hasPositionChannels(const BvhExtra* extra, const std::string& name)
{
    if (!extra)
        return false;
    const auto it = extra->channels.find(name);
    return it != extra->channels.end() &&
           std::any_of(it->second.begin(), it->second.end(), [](bvh::ChannelKind c) { return !bvh::isRotation(c); });
}

// LLBVHLoader::optimize's test: a joint moves when some frame turns its X and Y axes by more than 0.001
// in total from frame 0, or (with position channels) moves more than 0.001 (inch) from frame 0. Like
// the viewer, the last frame's rotation is not looked at (when there are three frames or more), and a
// single frame always counts as motion.
bool movesFromFirstFrame(const std::vector<std::vector<LocalTransform>>& frames, size_t bone, bool positions)
{
    if (frames.size() < 2)
        return true;
    const glm::dvec3 x(1, 0, 0), y(0, 1, 0);
    const LocalTransform& first = frames.front()[bone];
    const size_t lastRotation = std::max<size_t>(frames.size() - 2, 1);
    for (size_t f = 1; f < frames.size(); ++f) {
        const LocalTransform& now = frames[f][bone];
        if (f <= lastRotation && glm::length(first.rotation * x - now.rotation * x) +
                                         glm::length(first.rotation * y - now.rotation * y) >
                                     0.001)
            return true;
        if (positions && glm::length(now.translation - first.translation) > 0.001)
            return true;
    }
    return false;
}

} // namespace

bool namesAvatarPelvis(const Scene& bvh)
{
    const int avatarPelvis = secondlife::findAvatarJoint("mPelvis");
    for (const Bone& b : bvh.skeleton.bones)
        if (!(b.flags & bvh::EndSiteFlag) && secondlife::findByAlias(b.name) == avatarPelvis)
            return true;
    return false;
}

Scene bvhToSecondLife(const Scene& bvh, Report& report)
{
    const Animation* source = bvh.currentAnimation();
    if (!source)
        throw std::runtime_error("the BVH file has no motion");
    const Skeleton& skel = bvh.skeleton;

    // BVH joint -> avatar joint through the aliases (first joint of a name wins).
    std::vector<int> joint(skel.size(), -1);
    std::vector<uint8_t> taken(secondlife::avatarSkeleton().size(), 0);
    std::vector<std::string> unknown;
    int pelvis = -1;
    const int avatarPelvis = secondlife::findAvatarJoint("mPelvis");
    for (size_t b = 0; b < skel.size(); ++b) {
        if (skel.bones[b].flags & bvh::EndSiteFlag)
            continue;
        const int j = secondlife::findByAlias(skel.bones[b].name);
        if (j < 0 || taken[j]) {
            unknown.push_back(skel.bones[b].name);
            continue;
        }
        taken[j] = 1;
        joint[b] = j;
        if (j == avatarPelvis)
            pelvis = int(b);
    }
    if (pelvis < 0)
        throw std::runtime_error("no BVH joint maps to mPelvis (name it hip, or see the aliases in avatar_skeleton.xml)");
    if (!unknown.empty())
        report.push_back("Second Life: " + counted(unknown.size(), "BVH joint") +
                         agree(unknown.size(), " has no avatar joint (name or alias) and is", " have no avatar joint (name or alias) and are") +
                         " not written: " + nameList(unknown));

    // Every frame's local transforms, as the file gives them.
    const double dt = 1.0 / source->fps;
    const std::vector<double> times = frameTimes(source->duration, source->fps);
    Sampler sampler(*source, skel);
    std::vector<std::vector<LocalTransform>> frames(times.size());
    for (size_t f = 0; f < times.size(); ++f)
        sampler.sampleLocal(times[f], frames[f]);

    const AxisConversion toFile = secondlife::fileFromCommon();
    const glm::dquat first = frames.front()[pelvis].rotation;
    const glm::dquat firstInv = glm::inverse(first);
    const glm::dvec3 p0 = frames.front()[pelvis].translation;
    const glm::dvec3 pelvisRest = secondlife::avatarSkeleton().bones[avatarPelvis].restTranslation;
    const BvhExtra* channels = bvh.extra.as<BvhExtra>();

    // Frame 0 is the reference, unless it is the only frame; frame f plays at (f - 1) * dt, and the
    // animation lasts (frames - 2) * dt, at least one frame time.
    const size_t firstKey = frames.size() > 1 ? 1 : 0;
    Animation a;
    a.name = source->name;
    a.fps = source->fps;
    a.duration = double(std::max<ptrdiff_t>(ptrdiff_t(frames.size()) - 2, 1)) * dt;
    std::vector<std::string> still;
    for (size_t b = 0; b < skel.size(); ++b) {
        if (joint[b] < 0)
            continue;
        const bool isPelvis = int(b) == pelvis;
        const bool positions = isPelvis || hasPositionChannels(channels, skel.bones[b].name);
        if (!movesFromFirstFrame(frames, b, positions)) {
            still.push_back(skel.bones[b].name);
            continue;
        }
        Track t;
        t.name = secondlife::avatarSkeleton().bones[joint[b]].name;
        for (size_t f = firstKey; f < frames.size(); ++f) {
            const double time = double(f - firstKey) * dt;
            const LocalTransform& x = frames[f][b];
            const glm::dquat r = isPelvis ? firstInv * x.rotation : x.rotation;
            t.rotation.keys.push_back({time, toFile.rotation(r)});
            if (isPelvis) {
                const glm::dvec3 d = firstInv * (x.translation - p0);
                t.translation.keys.push_back({time, pelvisRest + toFile.direction(d) * kBvhInchToMetre});
            } else if (positions) {
                t.translation.keys.push_back({time, toFile.direction(x.translation) * kBvhInchToMetre});
            }
        }
        a.tracks.push_back(std::move(t));
    }
    if (!still.empty())
        report.push_back("Second Life: " + counted(still.size(), "BVH joint") + agree(still.size(), " never moves from frame 0 and is", " never move from frame 0 and are") +
                         " left out, as the viewer's uploader leaves them out: " + nameList(still));
    secondlife::finishForFile(a, report);

    Scene out;
    out.format = "secondlife";
    out.skeleton = secondlife::avatarSkeleton();
    out.animations.push_back(std::move(a));
    return out;
}

} // namespace bonescope
