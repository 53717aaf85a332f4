#include "core/playback/binding.h"

#include <algorithm>
#include <unordered_map>

namespace bonescope {

namespace {

// Modifiers resolved down the hierarchy: a bone's own modifier, else the nearest one above it that
// reaches below (BlendModifier::Reach); then the mode overrides on their bone and every bone below
// it, the last one in order deciding each channel. Linear in bones and modifiers (a Cast file has a
// modifier per track, and may have thousands of overrides).
void resolveModifiers(const Animation& anim, const Skeleton& skeleton, Binding& b)
{
    const size_t n = skeleton.size();
    if (anim.modifiers.empty())
        return;
    using Reach = BlendModifier::Reach;
    std::vector<int> boneOfTrack(anim.tracks.size(), -1);
    for (size_t i = 0; i < n; ++i)
        if (const int t = b.trackOfBone[i]; t >= 0 && size_t(t) < boneOfTrack.size())
            boneOfTrack[size_t(t)] = int(i);
    // Per bone: its own modifier, and the last override on it for each channel (-1: none).
    std::vector<int> own(n, -1), overT(n, -1), overR(n, -1);
    for (size_t m = 0; m < anim.modifiers.size(); ++m) {
        const BlendModifier& mod = anim.modifiers[m];
        if (mod.track < 0 || size_t(mod.track) >= boneOfTrack.size() || boneOfTrack[size_t(mod.track)] < 0)
            continue;
        const size_t bone = size_t(boneOfTrack[size_t(mod.track)]);
        if (mod.reach != Reach::Override)
            own[bone] = int(m);
        else {
            overT[bone] = mod.translation ? int(m) : overT[bone];
            overR[bone] = mod.rotation ? int(m) : overR[bone];
        }
    }
    const auto order = skeleton.evaluationOrder();
    if (!order)
        return;
    std::vector<int> reaching(n, -1); // the nearest modifier at or above the bone that reaches below
    for (int i : *order) {
        const int parent = skeleton.bones[i].parent;
        const int above = parent >= 0 ? reaching[parent] : -1;
        const int mine = own[i];
        reaching[i] = mine >= 0 && anim.modifiers[mine].reach == Reach::Below ? mine : above;
        if (const int use = mine >= 0 ? mine : above; use >= 0)
            b.blendOfBone[i] = anim.modifiers[use].mode;
        if (parent >= 0) { // the later of the overrides above and the bone's own
            overT[i] = std::max(overT[i], overT[parent]);
            overR[i] = std::max(overR[i], overR[parent]);
        }
        if (overT[i] >= 0)
            b.blendOfBone[i].translation = anim.modifiers[overT[i]].mode.translation;
        if (overR[i] >= 0)
            b.blendOfBone[i].rotation = anim.modifiers[overR[i]].mode.rotation;
    }
}

} // namespace

Binding Binding::bind(const Animation& anim, const Skeleton& skeleton)
{
    Binding b;
    const size_t n = skeleton.size();
    b.trackOfBone.assign(n, -1);
    b.blendOfBone.assign(n, anim.blend);

    // Names may repeat (a LEGO Island tree has two INFOGRON nodes): the k-th track of a name
    // animates the k-th bone of that name, so tracks and bones listed in the same order pair up.
    // Tracks that name their bone by index (Track::bone) take it first, and the pairing by name
    // leaves those bones out.
    std::vector<bool> byIndex(anim.tracks.size(), false);
    for (size_t t = 0; t < anim.tracks.size(); ++t) {
        const Track& track = anim.tracks[t];
        if (track.bone >= 0 && size_t(track.bone) < n && skeleton.bones[size_t(track.bone)].name == track.name &&
            b.trackOfBone[size_t(track.bone)] < 0) {
            b.trackOfBone[size_t(track.bone)] = int(t);
            byIndex[t] = true;
        }
    }
    std::unordered_map<std::string, std::vector<int>> exact;
    std::unordered_map<std::string, std::vector<int>> loose;
    for (size_t i = 0; i < n; ++i) {
        if (b.trackOfBone[i] >= 0)
            continue;
        exact[skeleton.bones[i].name].push_back(int(i));
        loose[looseBoneName(skeleton.bones[i].name)].push_back(int(i));
    }
    std::unordered_map<const std::vector<int>*, size_t> used;
    for (size_t t = 0; t < anim.tracks.size(); ++t) {
        if (byIndex[t])
            continue;
        const std::vector<int>* bones = nullptr;
        if (auto it = exact.find(anim.tracks[t].name); it != exact.end())
            bones = &it->second;
        else if (auto lit = loose.find(looseBoneName(anim.tracks[t].name)); lit != loose.end())
            bones = &lit->second;
        if (!bones) {
            b.unmatchedTracks.push_back(int(t));
            continue;
        }
        size_t& k = used[bones];
        const int bone = (*bones)[std::min(k, bones->size() - 1)];
        ++k;
        if (b.trackOfBone[bone] < 0)
            b.trackOfBone[bone] = int(t);
    }

    resolveModifiers(anim, skeleton, b);
    // A translation channel keyed as offsets from rest adds to the rest, whatever the modifiers say.
    for (size_t i = 0; i < n; ++i)
        if (b.trackOfBone[i] >= 0 && anim.tracks[b.trackOfBone[i]].translation.rules.offsetFromRest)
            b.blendOfBone[i].translation = TranslationBlend::AddToRest;
    return b;
}

Skeleton flatSkeleton(const Animation& anim)
{
    Skeleton s;
    s.bones.reserve(anim.tracks.size());
    for (const Track& t : anim.tracks) {
        Bone bone;
        bone.name = t.name;
        bone.flags = t.flags;
        s.bones.push_back(std::move(bone));
    }
    return s;
}

} // namespace bonescope
