#include "core/retarget/auto_match.h"

#include <unordered_map>

#include "core/retarget/bone_names.h"
#include "core/retarget/humanoid.h"

namespace bonescope {

namespace {

// Whether bone `b` is an end marker: a leaf named "..._end" that an exporter adds to show where a
// bone's tail is (RobotExpressive's FootL_end, a BVH's End Site read as LeftToe_End), no joint of
// its own. A toe pair onto one reads as a toe the rig does not have.
bool isEndMarker(const Skeleton& sk, int b)
{
    for (const Bone& bone : sk.bones)
        if (bone.parent == b)
            return false;
    const std::string name = looseBoneName(sk.bones[size_t(b)].name);
    return name.size() > 4 && name.compare(name.size() - 4, 4, "_end") == 0;
}

// Limb-for-limb pairs of two humanoid descriptions. A hand or foot outside its chain (an IK foot:
// HumanoidLimb::detached) is the bone the mesh follows there, so the map names it rather than the
// chain's end node (rig_pairing.h carries it through the chain's end); a toe is paired only where
// neither side's is an end marker (the retarget still takes the foot's direction from both).
std::vector<std::pair<int, int>> humanoidPairs(const Humanoid& s, const Humanoid& t, const Skeleton& source,
                                               const Skeleton& target)
{
    std::vector<std::pair<int, int>> out;
    auto pair = [&](int a, int b) {
        if (a >= 0 && b >= 0)
            out.emplace_back(a, b);
    };
    auto chain = [&](const std::vector<int>& a, const std::vector<int>& b) {
        for (const auto& [i, j] : distributeChain(int(a.size()), int(b.size())))
            pair(a[i], b[j]);
    };
    pair(s.hips, t.hips);
    chain(s.spine, t.spine);
    chain(s.neck, t.neck);
    pair(s.head, t.head);
    for (int side = 0; side < 2; ++side) {
        for (const auto& [a, b] : {std::pair{&s.arms[side], &t.arms[side]}, std::pair{&s.legs[side], &t.legs[side]}}) {
            pair(a->root, b->root);
            pair(a->upper, b->upper);
            pair(a->lower, b->lower);
            pair(a->detached >= 0 ? a->detached : a->end, b->detached >= 0 ? b->detached : b->end);
            if (!(a->tip >= 0 && isEndMarker(source, a->tip)) && !(b->tip >= 0 && isEndMarker(target, b->tip)))
                pair(a->tip, b->tip);
        }
    }
    return out;
}

// rigNamePrefix of a skeleton's bones, helpers left out.
std::string namePrefix(const Skeleton& sk)
{
    std::vector<std::string_view> names;
    for (const Bone& b : sk.bones)
        if (!b.isHelper())
            names.push_back(b.name);
    return rigNamePrefix(names);
}

} // namespace

BoneMap autoMatch(const Skeleton& source, const Skeleton& target)
{
    BoneMap m;
    // Helpers (Second Life's collision volumes and attachment points) are shapes and points on a
    // limb, never limbs: matched, "PELVIS" took the target's pelvis before mPelvis could, and the
    // animated joints were left with nothing to drive.
    std::vector<uint8_t> srcDone(source.size(), 0), tgtUsed(target.size(), 0);
    for (size_t s = 0; s < source.size(); ++s)
        srcDone[s] = source.bones[s].isHelper();
    for (size_t t = 0; t < target.size(); ++t)
        tgtUsed[t] = target.bones[t].isHelper();
    const auto srcName = boneMapNames(source), tgtName = boneMapNames(target);
    const auto hs = findHumanoid(source), ht = findHumanoid(target);
    if (hs && ht) {
        for (const auto& [s, t] : humanoidPairs(*hs, *ht, source, target)) {
            m.map[srcName[s]] = tgtName[t];
            srcDone[s] = 1;
            tgtUsed[t] = 1;
        }
        // The spine bones a longer chain leaves out carry no motion of their own onto the target:
        // their motion reaches it through the bones above them (the transfer is in world space).
        for (const auto* chain : {&hs->spine, &hs->neck})
            for (int b : *chain)
                srcDone[b] = 1;
        for (const auto* chain : {&ht->spine, &ht->neck})
            for (int b : *chain)
                tgtUsed[b] = 1;
        // A hand or foot outside its chain (an IK foot) and the chain's end it stands for are one joint.
        for (const auto& [h, used] : {std::pair{&*hs, &srcDone}, std::pair{&*ht, &tgtUsed}})
            for (const auto& [end, detached] : h->detachedEnds())
                (*used)[size_t(detached)] = (*used)[size_t(end)] = 1;
    }
    using KeyFn = std::string (*)(std::string_view);
    const KeyFn passes[] = {
        [](std::string_view n) { return std::string(n); },
        [](std::string_view n) { return looseBoneName(n); },
        [](std::string_view n) { return canonicalBoneName(n, false); },
        [](std::string_view n) { return canonicalBoneName(n, true); },
    };
    // The names as they are, then without the prefix each rig gives all its bones (Armature_Hips
    // against Hips).
    const std::string srcPrefix = namePrefix(source), tgtPrefix = namePrefix(target);
    const int rounds = srcPrefix.empty() && tgtPrefix.empty() ? 1 : 2;
    for (int round = 0; round < rounds; ++round) {
        const std::string_view sp = round ? srcPrefix : "", tp = round ? tgtPrefix : "";
        for (KeyFn key : passes) {
            // Target bones by key; a key claimed twice is ambiguous and matches nothing.
            std::unordered_map<std::string, int> byKey;
            for (size_t t = 0; t < target.size(); ++t) {
                if (tgtUsed[t])
                    continue;
                auto [it, fresh] = byKey.emplace(key(withoutPrefix(target.bones[t].name, tp)), int(t));
                if (!fresh)
                    it->second = -1;
            }
            for (size_t s = 0; s < source.size(); ++s) {
                if (srcDone[s])
                    continue;
                const auto it = byKey.find(key(withoutPrefix(source.bones[s].name, sp)));
                if (it == byKey.end() || it->second < 0 || tgtUsed[it->second])
                    continue;
                m.map[srcName[s]] = tgtName[it->second];
                srcDone[s] = 1;
                tgtUsed[it->second] = 1;
            }
        }
    }
    return m;
}

} // namespace bonescope
