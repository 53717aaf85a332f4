// Common meaning -> LEGO Island. The game's nodes have no rest pose and apply no channel before its
// first key, and with one or two keys only keys flagged active count; the file is left-handed, which
// the writer handles through Animation::keyConvention. So every channel the common data implies
// (including a bone's non-identity rest) gets keys from time 0, all flagged active.
#include "core/binding.h"
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
        first.hasRaw = false;
        ch.keys.insert(ch.keys.begin(), first);
    }
}

template <class T>
void markActive(Channel<T>& ch, const ChannelRules& rules)
{
    ch.rules = rules;
    for (Key<T>& k : ch.keys) {
        k.flags |= keyflag::Active;
        k.flags &= ~(keyflag::Negate | keyflag::Hold);
    }
}

} // namespace

void LegoFormat::fromCommon(Scene& scene, std::vector<std::string>& report) const
{
    for (Animation& a : scene.animations) {
        const Skeleton& skel = scene.skeleton;
        // A bone with a rest pose but no keys for it: the rest becomes a key at 0.
        for (const Bone& b : skel.bones) {
            const bool t = !isIdentity(b.restTranslation, 0.0);
            const bool r = b.restRotation != glm::dquat(1, 0, 0, 0);
            const bool s = !isIdentity(b.restScale, 1.0);
            if (!t && !r && !s)
                continue;
            int ti = a.findTrack(b.name);
            if (ti < 0) {
                a.tracks.push_back(Track{.name = b.name});
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
