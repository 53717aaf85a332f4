// Common meaning -> LEGO Island. The game's nodes have no rest pose and apply no channel before its
// first key, and with one or two keys only keys flagged active count; the file is left-handed, which
// the writer handles through Animation::keyConvention. So every channel the common data implies
// (including a bone's non-identity rest) gets keys from time 0, all flagged active.
#include <cmath>
#include <map>

#include "core/playback/binding.h"
#include "core/playback/sampler.h"
#include "formats/lego/lego_extra.h"
#include "formats/lego/lego_format.h"

namespace bonescope {

namespace {

bool isIdentity(const glm::dvec3& v, double one) { return v == glm::dvec3(one); }

// Before its first key the game shows no channel; the common data held the first value.
template <class T>
void startAtZero(Channel<T>& ch)
{
    if (!ch.keys.empty() && ch.keys.front().time > 0) {
        Key<T> first = ch.keys.front();
        first.time = 0;
        ch.keys.insert(ch.keys.begin(), first);
    }
}

// The game slerps along the stored path: neighbours in one hemisphere take the short way, as the
// common data meant.
void shortestPath(QuatChannel& ch)
{
    for (size_t i = 1; i < ch.keys.size(); ++i)
        if (glm::dot(ch.keys.value(i - 1), ch.keys.value(i)) < 0)
            ch.keys.setValue(i, -ch.keys.value(i));
}

template <class T>
void markActive(Channel<T>& ch, const ChannelRules& rules)
{
    ch.rules = rules;
    for (auto&& k : ch.keys.edit()) {
        k.flags |= keyflag::Active;
        k.flags &= ~(keyflag::Negate | keyflag::Hold);
    }
}

// The file stores whole milliseconds. A key between two of them becomes two keys, on the
// millisecond before and the one after, each with the value the animation has there: the file then
// gives the common pose at every whole millisecond, and a corner of the motion (where a segment
// ends) stays within one millisecond of where it was.
void keysOnWholeMs(Animation& a, const Skeleton& skeleton)
{
    auto offGrid = [](double t) { return std::round(t * 1000.0) != t * 1000.0; };
    std::map<double, std::vector<LocalTransform>> at; // sampled once per time
    {
        Sampler sampler(a, skeleton);
        auto collect = [&](const auto& ch) {
            for (const auto& k : ch.keys)
                if (offGrid(k.time)) {
                    at[std::floor(k.time * 1000.0) / 1000.0];
                    at[std::ceil(k.time * 1000.0) / 1000.0];
                }
        };
        for (const Track& t : a.tracks) {
            collect(t.translation);
            collect(t.rotation);
            collect(t.scale);
        }
        for (auto& [time, local] : at)
            sampler.sampleLocal(time, local);
    }
    if (at.empty())
        return;
    const Binding binding = Binding::bind(a, skeleton.empty() ? flatSkeleton(a) : skeleton);
    std::vector<int> boneOf(a.tracks.size(), -1);
    for (size_t b = 0; b < binding.trackOfBone.size(); ++b)
        if (binding.trackOfBone[b] >= 0)
            boneOf[binding.trackOfBone[b]] = int(b);
    for (size_t ti = 0; ti < a.tracks.size(); ++ti) {
        const int b = boneOf[ti];
        Track& t = a.tracks[ti];
        auto move = [&](auto& ch, auto value) {
            std::decay_t<decltype(ch.keys)> out;
            auto push = [&](auto key) {
                if (!out.empty() && out.back().time == key.time)
                    out.set(out.size() - 1, key); // two keys on one millisecond: the later one wins
                else
                    out.push_back(key);
            };
            for (const auto& k : ch.keys) {
                if (!offGrid(k.time) || b < 0) {
                    auto kept = k;
                    kept.time = std::round(k.time * 1000.0) / 1000.0;
                    push(kept);
                    continue;
                }
                for (double ms : {std::floor(k.time * 1000.0) / 1000.0, std::ceil(k.time * 1000.0) / 1000.0}) {
                    auto moved = k;
                    moved.time = ms;
                    moved.value = value(at[ms][b]);
                    push(moved);
                }
            }
            ch.keys = std::move(out);
        };
        move(t.translation, [](const LocalTransform& x) { return x.translation; });
        move(t.rotation, [](const LocalTransform& x) { return x.rotation; });
        move(t.scale, [](const LocalTransform& x) { return x.scale; });
    }
}

} // namespace

void LegoFormat::fromCommon(Scene& scene, Report& report) const
{
    for (Animation& a : scene.animations) {
        const Skeleton& skel = scene.skeleton;
        keysOnWholeMs(a, skel);
        // A bone with a rest pose but no keys for it: the rest becomes a key at 0.
        for (const Bone& b : skel.bones) {
            const bool t = !isIdentity(b.restTranslation, 0.0);
            const bool r = b.restRotation != glm::dquat(1, 0, 0, 0);
            const bool s = !isIdentity(b.restScale, 1.0);
            if (!t && !r && !s)
                continue;
            int ti = a.findTrack(b.name);
            if (ti < 0) {
                a.tracks.emplace_back().name = b.name;
                ti = int(a.tracks.size()) - 1;
            }
            Track& track = a.tracks[ti];
            if (t && track.translation.empty())
                track.translation.keys.push_back({0.0, b.restTranslation});
            if (r && track.rotation.empty())
                track.rotation.keys.push_back({0.0, b.restRotation});
            if (s && track.scale.empty())
                track.scale.keys.push_back({0.0, b.restScale});
        }
        for (Track& t : a.tracks) {
            startAtZero(t.translation);
            startAtZero(t.rotation);
            startAtZero(t.scale);
            shortestPath(t.rotation);
            markActive(t.translation, lego::translationRules());
            markActive(t.rotation, lego::rotationRules());
            t.scale.rules = lego::scaleRules();
            t.visibility.rules = lego::visibilityRules();
        }
    }
    for (Bone& b : scene.skeleton.bones) {
        b.restTranslation = glm::dvec3(0.0);
        b.restRotation = glm::dquat(1, 0, 0, 0);
        b.restScale = glm::dvec3(1.0);
    }
}

} // namespace bonescope
