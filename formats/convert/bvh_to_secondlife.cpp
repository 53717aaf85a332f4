#include "formats/convert/bvh_to_secondlife.h"

#include <stdexcept>

#include "core/bake.h"
#include "core/sampler.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/convert/name_list.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_adapter.h"

namespace bonescope {

Scene bvhToSecondLife(const Scene& bvh, std::vector<std::string>& report)
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
        report.push_back("Second Life: " + std::to_string(unknown.size()) +
                         " BVH joint(s) have no avatar joint (name or alias) and are not written: " + nameList(unknown));

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

    Animation a;
    a.name = source->name;
    a.fps = source->fps;
    a.duration = times.size() > 1 ? double(times.size() - 2) * dt : 0.0;
    for (size_t b = 0; b < skel.size(); ++b) {
        if (joint[b] < 0)
            continue;
        Track t;
        t.name = secondlife::avatarSkeleton().bones[joint[b]].name;
        const bool isPelvis = int(b) == pelvis;
        for (size_t f = 1; f < frames.size(); ++f) {
            const double time = double(f - 1) * dt;
            const LocalTransform& x = frames[f][b];
            const glm::dquat r = isPelvis ? firstInv * x.rotation : x.rotation;
            t.rotation.keys.push_back({time, toFile.rotation(r)});
            if (isPelvis) {
                const glm::dvec3 d = firstInv * (x.translation - p0);
                t.translation.keys.push_back({time, pelvisRest + toFile.direction(d) * kBvhInchToMetre});
            }
        }
        a.tracks.push_back(std::move(t));
    }
    secondlife::finishForFile(a, report);

    Scene out;
    out.format = "secondlife";
    out.skeleton = secondlife::avatarSkeleton();
    out.animations.push_back(std::move(a));
    return out;
}

} // namespace bonescope
