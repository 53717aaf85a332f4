#include "formats/assimp/fbx_helper_nodes.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/playback/binding.h"
#include "core/model/bone_name_index.h"
#include "core/playback/channel_eval.h"

namespace bonescope {

namespace {

constexpr std::string_view kHelperTag = "_$AssimpFbx$_";

// The FBX node a helper belongs to: "Hips_$AssimpFbx$_PreRotation" -> "Hips".
std::string_view ownerOf(std::string_view helper) { return helper.substr(0, helper.find(kHelperTag)); }

// The bones whose product is one real bone's local transform in the collapsed skeleton, top down.
struct Chain {
    std::vector<int> parts;
    int realParent = -1; // old index of the nearest real ancestor
};

template <class K>
void addTimes(const K& keys, std::set<double>& times)
{
    for (size_t i = 0; i < keys.size(); ++i)
        if (std::isfinite(keys.time(i)))
            times.insert(keys.time(i));
}

// One part's local transform at `time`: its track's keys where it has them (Assimp's keys replace
// the rest values), else its rest values.
glm::dmat4 partMatrix(const Bone& bone, const Track* track, double time)
{
    glm::dvec3 t = bone.restTranslation, s = bone.restScale;
    glm::dquat r = bone.restRotation;
    if (track) {
        uint32_t cursor = 0;
        glm::dvec3 v;
        glm::dquat q;
        if (sampleChannel(track->translation, time, cursor, v))
            t = v;
        cursor = 0;
        if (sampleRotation(track->rotation, time, cursor, q))
            r = q;
        cursor = 0;
        if (sampleChannel(track->scale, time, cursor, v))
            s = v;
    }
    return composeTRS(t, r, s);
}

// The track of a real bone whose chain has animated parts: the chain's product sampled at every key
// time of those parts and, where several parts move at once (a rotation about a moving pivot), at
// every frame in between too (unless that would be far more samples than keys), so that
// interpolating the product stays close to the product of the interpolations.
Track mergedTrack(const Chain& chain, const Skeleton& skeleton, const std::vector<const Track*>& trackOf,
                  double fps)
{
    std::set<double> times;
    int animatedParts = 0;
    for (int p : chain.parts) {
        const Track* track = trackOf[size_t(p)];
        if (!track)
            continue;
        ++animatedParts;
        addTimes(track->translation.keys, times);
        addTimes(track->rotation.keys, times);
        addTimes(track->scale.keys, times);
    }
    if (animatedParts > 1 && fps > 0 && !times.empty()) {
        const double first = std::ceil(*times.begin() * fps), last = *times.rbegin() * fps;
        if (last - first < 4.0 * double(times.size()) + 1000.0)
            for (double f = first; f < last; ++f)
                times.insert(f / fps);
    }
    Track out;
    out.name = skeleton.bones[size_t(chain.parts.back())].name;
    for (const double time : times) {
        glm::dmat4 m(1.0);
        for (int p : chain.parts)
            m = m * partMatrix(skeleton.bones[size_t(p)], trackOf[size_t(p)], time);
        glm::dvec3 t, s;
        glm::dquat r;
        decomposeTRS(m, t, r, s);
        out.translation.keys.push_back({time, t});
        out.rotation.keys.push_back({time, r});
        out.scale.keys.push_back({time, s});
    }
    return out;
}

} // namespace

bool isFbxHelperName(std::string_view name) { return name.find(kHelperTag) != std::string_view::npos; }

size_t collapseFbxHelperNodes(Scene& scene)
{
    const Skeleton old = scene.skeleton;
    const size_t n = old.size();
    std::vector<uint8_t> helper(n);
    for (size_t i = 0; i < n; ++i)
        helper[i] = isFbxHelperName(old.bones[i].name);
    const size_t helpers = size_t(std::count(helper.begin(), helper.end(), 1));
    const auto order = old.evaluationOrder();
    if (helpers == 0 || !order)
        return 0;

    // The helpers between each bone and its nearest real ancestor, top down.
    std::vector<std::vector<int>> above(n);
    std::vector<int> realParent(n, -1);
    for (const int i : *order) {
        const int p = old.bones[size_t(i)].parent;
        if (p < 0)
            continue;
        if (helper[size_t(p)]) {
            above[size_t(i)] = above[size_t(p)];
            above[size_t(i)].push_back(p);
            realParent[size_t(i)] = realParent[size_t(p)];
        } else {
            realParent[size_t(i)] = p;
        }
    }

    // The new skeleton: real bones in their old order, rest pose = the product of the chain.
    std::vector<int> newIndex(n, -1);
    std::vector<int> real;
    for (size_t i = 0; i < n; ++i)
        if (!helper[i]) {
            newIndex[i] = int(real.size());
            real.push_back(int(i));
        }
    Skeleton collapsed;
    for (const int i : real) {
        Bone b = old.bones[size_t(i)];
        glm::dmat4 m(1.0);
        for (const int h : above[size_t(i)]) {
            const Bone& hb = old.bones[size_t(h)];
            m = m * composeTRS(hb.restTranslation, hb.restRotation, hb.restScale);
        }
        decomposeTRS(m * composeTRS(b.restTranslation, b.restRotation, b.restScale), b.restTranslation, b.restRotation,
                     b.restScale);
        b.parent = realParent[size_t(i)] >= 0 ? newIndex[size_t(realParent[size_t(i)])] : -1;
        collapsed.bones.push_back(std::move(b));
    }

    for (Animation& anim : scene.animations) {
        const Binding binding = Binding::bind(anim, old);
        std::vector<const Track*> trackOf(n, nullptr);
        for (size_t b = 0; b < n; ++b)
            if (binding.trackOfBone[b] >= 0)
                trackOf[b] = &anim.tracks[size_t(binding.trackOfBone[b])];
        // Per real bone: the parts of its local transform. A track on the bone itself already holds
        // its own helpers (Assimp's one-channel form), so those are left out of its chain.
        std::vector<Chain> chains(n);
        std::vector<std::vector<int>> ownersOfTrack(anim.tracks.size());
        for (const int i : real) {
            Chain& c = chains[size_t(i)];
            const bool ownTrack = binding.trackOfBone[size_t(i)] >= 0;
            for (const int h : above[size_t(i)])
                if (!ownTrack || ownerOf(old.bones[size_t(h)].name) != old.bones[size_t(i)].name)
                    c.parts.push_back(h);
            c.parts.push_back(i);
            for (const int p : c.parts)
                if (binding.trackOfBone[size_t(p)] >= 0)
                    ownersOfTrack[size_t(binding.trackOfBone[size_t(p)])].push_back(i);
        }
        // New tracks in the order of the first old track each one draws on; unbound tracks stay.
        std::vector<Track> tracks;
        std::vector<uint8_t> done(n);
        std::vector<int> boundBone(anim.tracks.size(), -1);
        for (size_t b = 0; b < n; ++b)
            if (binding.trackOfBone[b] >= 0)
                boundBone[size_t(binding.trackOfBone[b])] = int(b);
        for (size_t t = 0; t < anim.tracks.size(); ++t) {
            if (boundBone[t] < 0) {
                tracks.push_back(anim.tracks[t]);
                continue;
            }
            for (const int i : ownersOfTrack[t]) {
                if (done[size_t(i)])
                    continue;
                done[size_t(i)] = 1;
                const Chain& c = chains[size_t(i)];
                const int own = binding.trackOfBone[size_t(i)];
                if (c.parts.size() == 1) {
                    tracks.push_back(anim.tracks[size_t(own)]);
                    continue;
                }
                Track merged = mergedTrack(c, old, trackOf, anim.fps);
                if (own >= 0) { // what a transform cannot hold stays with the bone
                    merged.visibility = anim.tracks[size_t(own)].visibility;
                    merged.flags = anim.tracks[size_t(own)].flags;
                }
                tracks.push_back(std::move(merged));
            }
        }
        anim.tracks = std::move(tracks);
    }

    // Mesh joints on a helper follow the bone it belongs to (else its nearest real ancestor).
    Mesh& mesh = scene.mesh;
    const BoneNameIndex oldNames(old);
    auto jointFor = [&](uint32_t j) -> uint32_t {
        if (j >= n)
            return 0;
        if (!helper[j])
            return uint32_t(newIndex[j]);
        const int owner = oldNames.find(ownerOf(old.bones[j].name));
        if (owner >= 0 && !helper[size_t(owner)])
            return uint32_t(newIndex[size_t(owner)]);
        return realParent[j] >= 0 ? uint32_t(newIndex[size_t(realParent[j])]) : 0;
    };
    for (glm::uvec4& j : mesh.joints)
        for (int k = 0; k < 4; ++k)
            j[k] = jointFor(j[k]);
    if (mesh.inverseBind.size() == n) {
        std::vector<glm::mat4> inverseBind;
        for (const int i : real)
            inverseBind.push_back(mesh.inverseBind[size_t(i)]);
        mesh.inverseBind = std::move(inverseBind);
    }
    scene.skeleton = std::move(collapsed);
    return helpers;
}

} // namespace bonescope
