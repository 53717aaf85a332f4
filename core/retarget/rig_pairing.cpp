#include "core/retarget/rig_pairing.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace bonescope {

namespace {

// The mapped bone each mapped target bone's segment runs to (its child joint along the limb, spine
// or neck), or -1 for the ends (hands, head, toes) and bones without one.
std::vector<int> segmentChildren(const Skeleton& t, const std::vector<int>& order, const std::vector<int>& srcOf,
                                 const std::optional<Humanoid>& h)
{
    const size_t n = t.size();
    std::vector<int> seg(n, -1);
    auto mapped = [&](int b) { return b >= 0 && srcOf[size_t(b)] >= 0; };
    // The chain's next mapped bone after position i.
    auto along = [&](const std::vector<int>& chain) {
        for (size_t i = 0; i < chain.size(); ++i) {
            if (!mapped(chain[i]))
                continue;
            for (size_t j = i + 1; j < chain.size(); ++j)
                if (mapped(chain[j])) {
                    seg[size_t(chain[i])] = chain[j];
                    break;
                }
        }
    };
    if (h) {
        std::vector<int> body{h->hips};
        body.insert(body.end(), h->spine.begin(), h->spine.end());
        body.insert(body.end(), h->neck.begin(), h->neck.end());
        body.push_back(h->head);
        along(body);
        for (int side = 0; side < 2; ++side) {
            const HumanoidLimb& a = h->arms[side];
            along({a.root, a.upper, a.lower, a.end, a.tip});
            const HumanoidLimb& l = h->legs[side];
            along({l.upper, l.lower, l.end, l.tip});
        }
    }
    // Other mapped bones (outside the humanoid's roles): their one mapped child in the mapped tree,
    // when it is the only one.
    std::set<int> roles;
    if (h)
        for (int b : h->bones())
            roles.insert(b);
    std::vector<int> nearest(n, -1), count(n, 0), only(n, -1);
    for (int b : order) {
        const int p = t.bones[b].parent;
        const int up = p < 0 ? -1 : (mapped(p) ? p : nearest[size_t(p)]);
        nearest[size_t(b)] = up;
        if (mapped(b) && up >= 0) {
            ++count[size_t(up)];
            only[size_t(up)] = b;
        }
    }
    for (size_t b = 0; b < n; ++b)
        if (mapped(int(b)) && !roles.count(int(b)) && count[b] == 1)
            seg[b] = only[b];
    return seg;
}

// A map pairs a hand or foot outside its chain (an IK foot, HumanoidLimb::detached) where the
// automatic map and a user name the bone the mesh follows; the transfer carries the joint through
// the chain's end, which the detached bone then follows. Such a pair is moved onto the chain's end
// unless that is paired itself.
void onChainEnds(std::vector<std::pair<int, int>>& pairs, const std::optional<Humanoid>& hs,
                 const std::optional<Humanoid>& ht)
{
    auto move = [&](const std::optional<Humanoid>& h, int std::pair<int, int>::*side) {
        if (!h)
            return;
        for (const auto& [end, detached] : h->detachedEnds()) {
            const auto paired = [&, e = end](const std::pair<int, int>& x) { return x.*side == e; };
            if (std::any_of(pairs.begin(), pairs.end(), paired))
                continue;
            for (auto& x : pairs)
                if (x.*side == detached)
                    x.*side = end;
        }
    };
    move(hs, &std::pair<int, int>::first);
    move(ht, &std::pair<int, int>::second);
}

// Per target bone: the humanoid tip (toe, the hand's main child) its limb's end points to, with the
// source's, where both rigs' limb ends are paired: the end's direction when the map leaves the tips
// out (a toe onto an end marker is not paired). (-1, -1) elsewhere.
std::vector<std::pair<int, int>> limbTips(size_t targetSize, const std::vector<int>& srcOf, const Humanoid& hs,
                                          const Humanoid& ht)
{
    std::vector<std::pair<int, int>> tips(targetSize, {-1, -1});
    for (int side = 0; side < 2; ++side)
        for (const auto& [s, t] : {std::pair{&hs.arms[size_t(side)], &ht.arms[size_t(side)]},
                                   std::pair{&hs.legs[size_t(side)], &ht.legs[size_t(side)]}})
            if (t->end >= 0 && s->end >= 0 && srcOf[size_t(t->end)] == s->end && t->tip >= 0 && s->tip >= 0)
                tips[size_t(t->end)] = {s->tip, t->tip};
    return tips;
}

} // namespace

RigPairing pairRigs(const Skeleton& src, const Skeleton& target, const BoneMap& map, RetargetMode mode, UpAxis up,
                    const std::optional<Humanoid>* sourceBody)
{
    RigPairing p;
    p.srcOrder = src.evaluationOrderOr("cannot retarget: the source skeleton is broken");
    p.tgtOrder = target.evaluationOrderOr("cannot retarget: the target skeleton is broken");
    p.pairs = resolveBoneMap(map, src, target);
    // Each rig's body and frame in its reference pose.
    p.hs = sourceBody ? *sourceBody : findHumanoid(src);
    p.ht = findHumanoid(target);
    onChainEnds(p.pairs, p.hs, p.ht);
    p.srcOf.assign(target.size(), -1);
    p.tgtOf.assign(src.size(), -1);
    for (const auto& [s, t] : p.pairs) {
        p.srcOf[size_t(t)] = s;
        p.tgtOf[size_t(s)] = t;
    }

    const auto& hs = p.hs;
    const auto& ht = p.ht;
    p.srcRef.compute(src, p.srcOrder, restLocals(src));
    p.tgtRef.compute(target, p.tgtOrder, restLocals(target));
    // The hips: the humanoids' when the map pairs them, else the shallowest mapped source bone.
    if (hs && ht && p.tgtOf[size_t(hs->hips)] == ht->hips)
        p.srcHips = hs->hips;
    else
        for (int s : p.srcOrder)
            if (p.tgtOf[size_t(s)] >= 0) {
                p.srcHips = s;
                break;
            }
    p.tgtHips = p.srcHips >= 0 ? p.tgtOf[size_t(p.srcHips)] : -1;
    p.humanoids = hs && ht && p.srcHips == hs->hips;
    const glm::dvec3 upVector = up == UpAxis::Y ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
    p.fs = rigFrame(src, p.srcRef.position, p.humanoids ? hs : std::nullopt, p.srcHips, upVector);
    p.ft = rigFrame(target, p.tgtRef.position, p.humanoids ? ht : std::nullopt, p.tgtHips, upVector);
    p.C = worldToWorld(p.fs, p.ft);

    // Per target bone: its segment in both rigs, and A (onto the source's reference direction).
    p.seg = segmentChildren(target, p.tgtOrder, p.srcOf, p.humanoids ? ht : std::nullopt);
    p.srcSeg.assign(target.size(), -1);
    p.A.assign(target.size(), glm::dquat(1, 0, 0, 0));
    std::vector<int> nearestMapped(target.size(), -1);
    const std::vector<std::pair<int, int>> tips =
        p.humanoids ? limbTips(target.size(), p.srcOf, *hs, *ht) : std::vector<std::pair<int, int>>{};
    // Per source bone: the detached hand or foot that stands for it (its segment runs to that bone's
    // child), else itself.
    std::vector<int> srcHolder(src.size());
    for (size_t b = 0; b < src.size(); ++b)
        srcHolder[b] = int(b);
    if (hs)
        for (const auto& [end, detached] : hs->detachedEnds())
            srcHolder[size_t(end)] = detached;
    for (int t : p.tgtOrder) {
        const int parent = target.bones[t].parent;
        const int above = parent < 0 ? -1 : (p.srcOf[size_t(parent)] >= 0 ? parent : nearestMapped[size_t(parent)]);
        nearestMapped[size_t(t)] = above;
        const int s = p.srcOf[size_t(t)];
        if (s < 0)
            continue;
        int tc = p.seg[size_t(t)];
        int sc = tc >= 0 ? p.srcOf[size_t(tc)] : -1;
        if (tc < 0 && !tips.empty() && tips[size_t(t)].second >= 0) {
            sc = tips[size_t(t)].first;
            tc = p.seg[size_t(t)] = tips[size_t(t)].second;
        }
        if (sc >= 0 && sc != s && (isAncestor(src, s, sc) || isAncestor(src, srcHolder[size_t(s)], sc)))
            p.srcSeg[size_t(t)] = sc;
        p.A[size_t(t)] = above >= 0 ? p.A[size_t(above)] : glm::dquat(1, 0, 0, 0);
        if (mode == RetargetMode::MatchPose && p.srcSeg[size_t(t)] >= 0) {
            const glm::dvec3 u = p.tgtRef.at(tc) - p.tgtRef.at(t);
            const glm::dvec3 v = p.C * (p.srcRef.at(sc) - p.srcRef.at(s));
            if (glm::length(u) > 1e-9 * (p.ft.legLength + 1) && glm::length(v) > 1e-9 * (p.fs.legLength + 1))
                p.A[size_t(t)] = rotationBetween(u, v);
        } else if (mode == RetargetMode::KeepRest) {
            p.A[size_t(t)] = glm::dquat(1, 0, 0, 0);
        }
    }
    return p;
}

std::vector<LimbSpec> limbSpecs(const RigPairing& p, const Skeleton& target)
{
    std::vector<LimbSpec> specs;
    const auto& A = p.A;
    if (p.humanoids) {
        const Humanoid &hs = *p.hs, &ht = *p.ht;
        auto add = [&](const std::string& name, int t, int tc, int s, int sc, bool chain) {
            if (t >= 0 && tc >= 0 && s >= 0 && sc >= 0 && t != tc && s != sc)
                specs.push_back({name, t, tc, s, sc, A[size_t(t)], chain});
        };
        add("hips to neck", ht.hips, ht.neckBase, hs.hips, hs.neckBase, true);
        if (ht.neckBase != ht.head && hs.neckBase != hs.head)
            add("neck to head", ht.neckBase, ht.head, hs.neckBase, hs.head, true);
        for (int side = 0; side < 2; ++side) {
            const std::string n = side == 0 ? "left " : "right ";
            const HumanoidLimb &sa = hs.arms[size_t(side)], &ta = ht.arms[size_t(side)];
            const HumanoidLimb &sl = hs.legs[size_t(side)], &tl = ht.legs[size_t(side)];
            add(n + "upper arm", ta.upper, ta.lower, sa.upper, sa.lower, false);
            add(n + "forearm", ta.lower, ta.end, sa.lower, sa.end, false);
            add(n + "thigh", tl.upper, tl.lower, sl.upper, sl.lower, false);
            add(n + "shin", tl.lower, tl.end, sl.lower, sl.end, false);
        }
        for (const auto& [name, t, s] : {std::tuple{std::string("head"), ht.head, hs.head},
                                         {"left hand", ht.arms[0].end, hs.arms[0].end},
                                         {"right hand", ht.arms[1].end, hs.arms[1].end},
                                         {"left foot", ht.legs[0].end, hs.legs[0].end},
                                         {"right foot", ht.legs[1].end, hs.legs[1].end}})
            if (t >= 0 && s >= 0 && p.srcOf[size_t(t)] == s)
                specs.push_back({name + " (orientation)", t, -1, s, -1, A[size_t(t)], false});
    } else {
        for (int t : p.tgtOrder)
            if (const int s = p.srcOf[size_t(t)]; s >= 0 && p.srcSeg[size_t(t)] >= 0)
                specs.push_back({target.bones[size_t(t)].name, t, p.seg[size_t(t)], s, p.srcSeg[size_t(t)], A[size_t(t)], false});
    }
    return specs;
}

} // namespace bonescope
