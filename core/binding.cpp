#include "core/binding.h"

#include <unordered_map>

namespace bonescope {

Binding Binding::bind(const Animation& anim, const Skeleton& skeleton)
{
    Binding b;
    const size_t n = skeleton.size();
    b.trackOfBone.assign(n, -1);
    b.blendOfBone.assign(n, anim.blend);

    std::unordered_map<std::string, int> exact;
    std::unordered_map<std::string, int> loose;
    for (size_t i = 0; i < n; ++i) {
        exact.emplace(skeleton.bones[i].name, int(i));
        loose.emplace(looseBoneName(skeleton.bones[i].name), int(i));
    }
    for (size_t t = 0; t < anim.tracks.size(); ++t) {
        auto it = exact.find(anim.tracks[t].name);
        if (it == exact.end())
            it = loose.find(looseBoneName(anim.tracks[t].name));
        if (it == loose.end()) {
            b.unmatchedTracks.push_back(int(t));
            continue;
        }
        if (b.trackOfBone[it->second] < 0)
            b.trackOfBone[it->second] = int(t);
    }

    if (anim.modifiers.empty())
        return b;
    // Modifier per bone, then inherit down the hierarchy in parent-before-child order.
    std::vector<int> modOfBone(n, -1);
    for (size_t m = 0; m < anim.modifiers.size(); ++m)
        for (size_t i = 0; i < n; ++i)
            if (b.trackOfBone[i] == anim.modifiers[m].track)
                modOfBone[i] = int(m);
    const auto order = skeleton.evaluationOrder();
    if (!order)
        return b;
    std::vector<int> effective(n, -1);
    for (int i : *order) {
        const int parent = skeleton.bones[i].parent;
        effective[i] = modOfBone[i] >= 0 ? modOfBone[i] : (parent >= 0 ? effective[parent] : -1);
        if (effective[i] >= 0)
            b.blendOfBone[i] = anim.modifiers[effective[i]].mode;
    }
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
