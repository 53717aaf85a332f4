#include "core/playback/bake.h"

#include <cmath>

#include "core/playback/binding.h"
#include "core/playback/layering.h"
#include "core/playback/sampler.h"

namespace bonescope {

std::vector<double> frameTimes(double duration, double fps)
{
    std::vector<double> times;
    if (!(fps > 0) || !std::isfinite(fps) || !(duration >= 0) || !std::isfinite(duration)) {
        times.push_back(0.0);
        return times;
    }
    const long long frames = std::llround(duration * fps) + 1;
    times.reserve(size_t(frames));
    for (long long k = 0; k < frames; ++k)
        times.push_back(double(k) / fps);
    return times;
}

namespace {

// The bone's track in `a` (null when none), through a binding.
const Track* boundTrack(const Animation* a, const Binding* binding, size_t bone)
{
    const int ti = a && binding ? binding->trackOfBone[bone] : -1;
    return ti >= 0 ? &a->tracks[ti] : nullptr;
}

// bake() through any sampler of plain local transforms (Sampler, LayeredSampler); `base` and
// `baseBinding` name the base's tracks when there is one, which animate the bones too.
template <class S>
Animation bakeWith(const Animation& source, S& sampler, const BakeOptions& options, const Animation* base,
                   const Binding* baseBinding)
{
    const Skeleton& bones = sampler.skeleton();
    const Binding& binding = sampler.binding();

    Animation out;
    out.name = source.name;
    out.fps = options.fps > 0 ? options.fps : source.fps;
    out.duration = source.duration;
    out.looping = source.looping;
    out.loopRange = source.loopRange;
    out.notes = source.notes;

    const std::vector<double> times = frameTimes(out.duration, out.fps);
    struct Wanted {
        bool t = true, r = true, s = true;
    };
    std::vector<Wanted> wanted(bones.size());
    out.tracks.resize(bones.size());
    for (size_t i = 0; i < bones.size(); ++i) {
        Track& track = out.tracks[i];
        track.name = bones.bones[i].name;
        track.flags = bones.bones[i].flags;
        const Track* src = boundTrack(&source, &binding, i);
        const Track* under = boundTrack(base, baseBinding, i);
        if (src)
            track.flags = src->flags;
        track.visibility = src && !src->visibility.empty() ? src->visibility
                           : under                        ? under->visibility
                                                          : ScalarChannel{};
        auto animates = [&](auto channel) {
            return (src && !(src->*channel).empty()) || (under && !(under->*channel).empty());
        };
        if (options.onlyAnimated)
            wanted[i] = {animates(&Track::translation), animates(&Track::rotation), animates(&Track::scale)};
        if (bones.bones[i].parent < 0)
            wanted[i].t = true; // root motion always travels
        if (wanted[i].t) track.translation.keys.reserve(times.size());
        if (wanted[i].r) track.rotation.keys.reserve(times.size());
        if (wanted[i].s) track.scale.keys.reserve(times.size());
    }

    std::vector<LocalTransform> local;
    for (double t : times) {
        sampler.sampleLocal(t, local);
        for (size_t i = 0; i < local.size(); ++i) {
            Track& track = out.tracks[i];
            const LocalTransform& x = local[i];
            if (wanted[i].t)
                track.translation.keys.push_back({t, x.translation});
            if (wanted[i].r) {
                // Same hemisphere as the previous key, so a shortest-path slerp follows the motion.
                glm::dquat q = x.rotation;
                auto& keys = track.rotation.keys;
                if (!keys.empty() && glm::dot(keys.back().value, q) < 0)
                    q = -q;
                keys.push_back({t, q});
            }
            if (wanted[i].s)
                track.scale.keys.push_back({t, x.scale});
        }
    }
    return out;
}

} // namespace

Animation bake(const Animation& source, const Skeleton& skeleton, const BakeOptions& options)
{
    Sampler sampler(source, skeleton);
    return bakeWith(source, sampler, options, nullptr, nullptr);
}

Animation bake(const Animation& source, const BaseLayer& layer, const Skeleton& skeleton, const BakeOptions& options)
{
    LayeredSampler sampler(source, layer, skeleton);
    Animation out = bakeWith(source, sampler, options, &layer.animation, &sampler.baseBinding());
    if (layer.frameTime) {
        // A held base frame holds its visibility too: one key, not the base's switches.
        std::vector<LocalTransform> pose;
        sampler.sampleLocal(0, pose);
        for (size_t i = 0; i < out.tracks.size(); ++i) {
            const Track* src = boundTrack(&source, &sampler.binding(), i);
            if ((!src || src->visibility.empty()) && !out.tracks[i].visibility.empty())
                out.tracks[i].visibility.keys = {{0, pose[i].visible}};
        }
    }
    return out;
}

} // namespace bonescope
