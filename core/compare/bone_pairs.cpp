#include "core/compare/bone_pairs.h"

#include <map>

#include "core/playback/binding.h"

namespace bonescope {

namespace {

// Pairs the unpaired bones of a with the unpaired of b whose key(name) is equal, k-th with k-th.
template <class Key>
void pairBy(const Skeleton& a, const Skeleton& b, std::vector<int>& bOfA, std::vector<uint8_t>& takenB, Key key)
{
    std::map<std::string, std::vector<int>> byName;
    for (size_t j = 0; j < b.size(); ++j)
        if (!takenB[j])
            byName[key(b.bones[j].name)].push_back(int(j));
    std::map<std::string, size_t> seen;
    for (size_t i = 0; i < a.size(); ++i) {
        if (bOfA[i] >= 0)
            continue;
        const std::string k = key(a.bones[i].name);
        const auto it = byName.find(k);
        const size_t n = seen[k]++;
        if (it != byName.end() && n < it->second.size()) {
            bOfA[i] = it->second[n];
            takenB[size_t(bOfA[i])] = 1;
        }
    }
}

// The names of the bones of `s` that `anim` animates and that have no partner.
std::vector<std::string> animatedUnpaired(const Skeleton& s, const Animation& anim, const std::vector<uint8_t>& paired,
                                          size_t* animated = nullptr)
{
    const Binding binding = Binding::bind(anim, s);
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size(); ++i)
        if (binding.trackOfBone[i] >= 0 && anim.tracks[size_t(binding.trackOfBone[i])].keyCount() > 0) {
            if (animated)
                ++*animated;
            if (!paired[i])
                out.push_back(s.bones[i].name);
        }
    return out;
}

} // namespace

BonePairs pairBones(const Skeleton& a, const Animation& animA, const Skeleton& b, const Animation& animB)
{
    BonePairs p;
    p.bOfA.assign(a.size(), -1);
    std::vector<uint8_t> takenB(b.size(), 0);
    pairBy(a, b, p.bOfA, takenB, [](const std::string& n) { return n; });
    pairBy(a, b, p.bOfA, takenB, [](const std::string& n) { return looseBoneName(n); });
    std::vector<uint8_t> pairedA(a.size(), 0);
    for (size_t i = 0; i < a.size(); ++i)
        pairedA[i] = p.bOfA[i] >= 0;
    p.onlyInA = animatedUnpaired(a, animA, pairedA, &p.animatedA);
    p.onlyInB = animatedUnpaired(b, animB, takenB);
    return p;
}

} // namespace bonescope
