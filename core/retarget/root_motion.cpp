#include "core/retarget/root_motion.h"

#include <algorithm>
#include <stdexcept>

#include "core/retarget/humanoid.h"
#include "core/retarget/rig_frame.h"

namespace bonescope {

namespace {

// The hips' parent space at rest: its rotation and uniform scale take local offsets to the world.
struct ParentSpace {
    glm::dquat rotation{1, 0, 0, 0};
    double scale = 1;
    glm::dvec3 up{0, 1, 0}; // the rig's up in this space

    glm::dvec3 ground(const glm::dvec3& v) const { return v - up * glm::dot(v, up); }
};

ParentSpace parentSpace(const Skeleton& s, int hips)
{
    ParentSpace p;
    const int parent = s.bones[hips].parent;
    if (parent >= 0) {
        glm::dvec3 t, sc;
        decomposeTRS(s.restWorld()[parent], t, p.rotation, sc);
        p.scale = std::abs(sc.x) > 0 ? std::abs(sc.x) : 1;
    }
    p.up = glm::normalize(glm::inverse(p.rotation) * rigUp(s));
    return p;
}

Track& trackOf(Animation& a, const std::string& name)
{
    const int t = a.findTrack(name);
    if (t >= 0)
        return a.tracks[t];
    Track track;
    track.name = name;
    a.tracks.push_back(std::move(track));
    return a.tracks.back();
}

Track& hipsTranslation(Animation& a, const Skeleton& s, int hips)
{
    const int t = hips >= 0 ? a.findTrack(s.bones[hips].name) : -1;
    if (t < 0 || a.tracks[t].translation.empty())
        throw std::runtime_error(hips < 0 ? std::string("no bone of this animation travels (none has translation keys)")
                                          : "the hips ('" + s.bones[hips].name + "') have no translation keys: nothing travels");
    return a.tracks[t];
}

// The value of a translation channel at `time`, linear between keys, held outside them.
glm::dvec3 linearAt(const Vec3Channel& c, double time)
{
    const auto& k = c.keys;
    if (time <= k.time(0))
        return k.value(0);
    for (size_t i = 1; i < k.size(); ++i)
        if (time <= k.time(i)) {
            const double t0 = k.time(i - 1), t1 = k.time(i);
            const double u = t1 > t0 ? (time - t0) / (t1 - t0) : 1;
            return glm::mix(k.value(i - 1), k.value(i), u);
        }
    return k.value(k.size() - 1);
}

} // namespace

glm::dvec3 rigUp(const Skeleton& s)
{
    return restFrame(s, findHumanoid(s)).up;
}

glm::dvec3 upInParent(const Skeleton& s, int bone) { return parentSpace(s, bone).up; }

int travelBone(const Animation& a, const Skeleton& s)
{
    if (const auto h = findHumanoid(s))
        return h->hips;
    int best = -1, bestDepth = 1 << 30;
    for (const Track& t : a.tracks) {
        const int b = s.find(t.name);
        if (b < 0 || t.translation.empty())
            continue;
        const int d = boneDepth(s, b);
        if (d < bestDepth)
            best = b, bestDepth = d;
    }
    return best;
}

double netTravel(const Animation& a, const Skeleton& s, int hips)
{
    const int t = hips >= 0 ? a.findTrack(s.bones[hips].name) : -1;
    if (t < 0 || a.tracks[t].translation.empty())
        return 0;
    const auto& k = a.tracks[t].translation.keys;
    return glm::length(parentSpace(s, hips).ground(k.value(k.size() - 1) - k.value(0)));
}

void removeTravel(Animation& a, const Skeleton& s, int hips, const std::vector<int>& alongWith)
{
    Track& track = hipsTranslation(a, s, hips);
    const ParentSpace space = parentSpace(s, hips);
    auto& k = track.translation.keys;
    const double t0 = k.time(0), t1 = k.time(k.size() - 1);
    const glm::dvec3 drift = space.ground(k.value(k.size() - 1) - k.value(0));
    auto remove = [&](KeyList<glm::dvec3>& keys, const glm::dvec3& d) {
        for (size_t i = 0; i < keys.size(); ++i) {
            const double u = t1 > t0 ? std::clamp((keys.time(i) - t0) / (t1 - t0), 0.0, 1.0) : 0;
            keys.set(i, {keys.time(i), keys.value(i) - d * u});
        }
    };
    // The drift in the world, then in each follower's parent's space (both at rest).
    const glm::dvec3 world = space.rotation * (space.scale * drift);
    for (int b : alongWith) {
        const int t = a.findTrack(s.bones[size_t(b)].name);
        if (t < 0 || isAncestor(s, hips, b) || a.tracks[size_t(t)].translation.empty()) // below the hips: moved with them
            continue;
        const ParentSpace own = parentSpace(s, b);
        remove(a.tracks[size_t(t)].translation.keys, glm::inverse(own.rotation) * world / own.scale);
    }
    remove(k, drift);
}

std::string extractTravel(Animation& a, Skeleton& s, int hips)
{
    const ParentSpace space = parentSpace(s, hips);
    std::vector<std::pair<double, glm::dvec3>> travel;
    {
        Track& track = hipsTranslation(a, s, hips);
        auto& k = track.translation.keys;
        for (size_t i = 0; i < k.size(); ++i) {
            const glm::dvec3 d = space.ground(k.value(i) - k.value(0));
            travel.emplace_back(k.time(i), d);
            k.set(i, {k.time(i), k.value(i) - d});
        }
    }
    // The hips' parent serves when nothing else hangs from it and it does not travel already.
    int root = s.bones[hips].parent;
    if (root >= 0) {
        int children = 0;
        for (const Bone& b : s.bones)
            children += b.parent == root && !b.isHelper();
        const int rt = a.findTrack(s.bones[root].name);
        if (children != 1 || s.bones[root].isHelper() || (rt >= 0 && !a.tracks[rt].translation.empty()))
            root = -1;
    }
    if (root < 0) {
        std::string name = "root";
        for (int n = 2; s.find(name) >= 0; ++n)
            name = "root_" + std::to_string(n);
        Bone b;
        b.name = name;
        b.parent = s.bones[hips].parent;
        s.bones.push_back(b);
        root = int(s.size()) - 1;
        s.bones[hips].parent = root;
    }
    const Bone& r = s.bones[root];
    const std::string rootName = r.name;
    const Bone rootRest = r;
    Track& rootTrack = trackOf(a, rootName);
    rootTrack.translation.keys.clear();
    for (const auto& [time, d] : travel)
        rootTrack.translation.keys.push_back({time, rootRest.restTranslation + rootRest.restRotation * (rootRest.restScale * d)});
    return rootName;
}

void restoreTravel(Animation& a, const Skeleton& s, int hips)
{
    const int root = hips >= 0 ? s.bones[hips].parent : -1;
    const int rt = root >= 0 ? a.findTrack(s.bones[root].name) : -1;
    if (rt < 0 || a.tracks[rt].translation.empty())
        throw std::runtime_error("the bone above the hips has no translation keys: there is no root motion to put back");
    const Bone& r = s.bones[root];
    const Vec3Channel rootKeys = a.tracks[rt].translation;
    Track& track = hipsTranslation(a, s, hips);
    auto& k = track.translation.keys;
    for (size_t i = 0; i < k.size(); ++i) {
        const glm::dvec3 local = glm::inverse(r.restRotation) * (linearAt(rootKeys, k.time(i)) - r.restTranslation);
        k.set(i, {k.time(i), k.value(i) + local / r.restScale});
    }
    a.tracks[rt].translation.keys.clear();
}

} // namespace bonescope
