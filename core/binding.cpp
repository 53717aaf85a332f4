#include "core/binding.h"

#include <algorithm>
#include <unordered_map>

namespace bonescope {

namespace {

// Modifiers resolved down the hierarchy: the nearest modified ancestor (or the bone itself) wins.
void resolveModifiers(const Animation& anim, const Skeleton& skeleton, Binding& b)
{
    const size_t n = skeleton.size();
    if (anim.modifiers.empty())
        return;
    // Modifier per bone, then inherit down the hierarchy in parent-before-child order.
    std::vector<int> modOfBone(n, -1);
    for (size_t m = 0; m < anim.modifiers.size(); ++m)
        for (size_t i = 0; i < n; ++i)
            if (b.trackOfBone[i] == anim.modifiers[m].track)
                modOfBone[i] = int(m);
    const auto order = skeleton.evaluationOrder();
    if (!order)
        return;
    std::vector<int> effective(n, -1);
    for (int i : *order) {
        const int parent = skeleton.bones[i].parent;
        effective[i] = modOfBone[i] >= 0 ? modOfBone[i] : (parent >= 0 ? effective[parent] : -1);
        if (effective[i] >= 0)
            b.blendOfBone[i] = anim.modifiers[effective[i]].mode;
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
    std::unordered_map<std::string, std::vector<int>> exact;
    std::unordered_map<std::string, std::vector<int>> loose;
    for (size_t i = 0; i < n; ++i) {
        exact[skeleton.bones[i].name].push_back(int(i));
        loose[looseBoneName(skeleton.bones[i].name)].push_back(int(i));
    }
    std::unordered_map<const std::vector<int>*, size_t> used;
    for (size_t t = 0; t < anim.tracks.size(); ++t) {
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
