#include "formats/convert/animated_scale.h"

#include <algorithm>
#include <cmath>

#include "core/playback/binding.h"
#include "core/playback/channel_eval.h"
#include "formats/convert/name_list.h"
#include "formats/convert/static_scale.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

// Bones whose scale is uniform at rest and in every key of every animation, and keyed somewhere.
std::vector<bool> foldableBones(const Scene& scene, const std::vector<Binding>& bindings)
{
    const Skeleton& skel = scene.skeleton;
    std::vector<bool> fold(skel.size(), false);
    for (size_t b = 0; b < skel.size(); ++b) {
        if (!uniformScale(skel.bones[b].restScale))
            continue;
        bool keyed = false, ok = true;
        for (size_t a = 0; a < scene.animations.size() && ok; ++a) {
            const int t = bindings[a].trackOfBone[b];
            if (t < 0)
                continue;
            const Vec3Channel& ch = scene.animations[a].tracks[size_t(t)].scale;
            ok = !ch.cubic();
            for (size_t k = 0; k < ch.keys.size() && ok; ++k)
                ok = uniformScale(ch.keys.value(k));
            keyed = keyed || !ch.keys.empty();
        }
        fold[b] = ok && keyed;
    }
    return fold;
}

// A bone's uniform scale at time t in one animation: its keys, or its rest scale where it has none.
double scaleAt(const Animation& anim, int track, const Bone& bone, double t)
{
    glm::dvec3 s = bone.restScale;
    uint32_t cursor = 0;
    if (track >= 0)
        sampleChannel(anim.tracks[size_t(track)].scale, t, cursor, s);
    return s.x;
}

} // namespace

void foldAnimatedScale(Scene& scene, Report& report)
{
    Skeleton& skel = scene.skeleton;
    const auto order = skel.evaluationOrder();
    if (!order || skel.empty() || scene.animations.empty())
        return;
    std::vector<Binding> bindings;
    for (const Animation& a : scene.animations)
        bindings.push_back(Binding::bind(a, skel));
    const std::vector<bool> fold = foldableBones(scene, bindings);
    if (std::none_of(fold.begin(), fold.end(), [](bool f) { return f; }))
        return;

    // The folded bones above each bone, and whether every such bone's translation can take the product.
    std::vector<std::vector<size_t>> above(skel.size());
    for (int b : *order)
        if (const int p = skel.bones[size_t(b)].parent; p >= 0) {
            above[size_t(b)] = above[size_t(p)];
            if (fold[size_t(p)])
                above[size_t(b)].push_back(size_t(p));
        }
    for (size_t a = 0; a < scene.animations.size(); ++a)
        for (size_t b = 0; b < skel.size(); ++b) {
            if (above[b].empty())
                continue;
            const int t = bindings[a].trackOfBone[b];
            if (bindings[a].blendOfBone[b].translation != TranslationBlend::Replace ||
                (t >= 0 && scene.animations[a].tracks[size_t(t)].translation.cubic()))
                return; // the target reports the scale it loses
        }

    for (size_t a = 0; a < scene.animations.size(); ++a) {
        Animation& anim = scene.animations[a];
        std::vector<Track> added;
        for (size_t b = 0; b < skel.size(); ++b) {
            if (above[b].empty())
                continue;
            const int ti = bindings[a].trackOfBone[b];
            std::vector<double> times;
            if (ti >= 0)
                for (size_t k = 0; k < anim.tracks[size_t(ti)].translation.keys.size(); ++k)
                    times.push_back(anim.tracks[size_t(ti)].translation.keys.time(k));
            bool scaleKeyed = false;
            for (size_t up : above[b])
                if (const int s = bindings[a].trackOfBone[up]; s >= 0) {
                    const Vec3Channel& ch = anim.tracks[size_t(s)].scale;
                    for (size_t k = 0; k < ch.keys.size(); ++k)
                        times.push_back(ch.keys.time(k));
                    scaleKeyed = scaleKeyed || !ch.keys.empty();
                }
            if (!scaleKeyed && (ti < 0 || anim.tracks[size_t(ti)].translation.keys.empty()))
                continue; // the rest translation, folded below with the skeleton
            std::sort(times.begin(), times.end());
            times.erase(std::unique(times.begin(), times.end()), times.end());
            Vec3Channel out;
            if (ti >= 0)
                out.rules = anim.tracks[size_t(ti)].translation.rules;
            std::vector<Vec3Key> keys;
            uint32_t cursor = 0;
            for (double t : times) {
                glm::dvec3 v = skel.bones[b].restTranslation;
                if (ti >= 0)
                    sampleChannel(anim.tracks[size_t(ti)].translation, t, cursor, v);
                for (size_t up : above[b])
                    v *= scaleAt(anim, bindings[a].trackOfBone[up], skel.bones[up], t);
                keys.push_back({t, v});
            }
            out.keys = keys;
            if (ti >= 0) {
                anim.tracks[size_t(ti)].translation = std::move(out);
            } else {
                Track track{.name = skel.bones[b].name, .translation = std::move(out)};
                track.bone = int(b);
                added.push_back(std::move(track));
            }
        }
        for (size_t b = 0; b < skel.size(); ++b)
            if (const int t = bindings[a].trackOfBone[b]; fold[b] && t >= 0)
                anim.tracks[size_t(t)].scale.keys.clear();
        for (Track& t : added)
            anim.tracks.push_back(std::move(t));
    }

    std::vector<std::string> folded;
    const Skeleton rest = skel;
    for (size_t b = 0; b < skel.size(); ++b) {
        for (size_t up : above[b])
            skel.bones[b].restTranslation *= rest.bones[up].restScale.x;
        if (fold[b]) {
            skel.bones[b].restScale = glm::dvec3(1.0);
            folded.push_back(skel.bones[b].name);
        }
    }
    report.push_back("the animated scale of " + counted(folded.size(), "bone") +
                     " is carried by the translations below them, so the joints stay where they are "
                     "(the target keeps no scale): " + nameList(folded));
}

} // namespace bonescope
