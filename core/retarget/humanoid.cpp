#include "core/retarget/humanoid.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <unordered_map>

#include "core/retarget/bone_names.h"

namespace bonescope {

int boneDepth(const Skeleton& s, int b)
{
    int d = 0;
    for (int p = s.bones[size_t(b)].parent; p >= 0 && d <= int(s.size()); p = s.bones[size_t(p)].parent)
        ++d;
    return d;
}

bool isAncestor(const Skeleton& s, int a, int b)
{
    for (int p = b, guard = 0; p >= 0 && guard <= int(s.size()); p = s.bones[size_t(p)].parent, ++guard)
        if (p == a)
            return true;
    return false;
}

std::vector<std::pair<int, int>> Humanoid::detachedEnds() const
{
    std::vector<std::pair<int, int>> out;
    for (const auto* limbs : {&arms, &legs})
        for (const HumanoidLimb& l : *limbs)
            if (l.detached >= 0)
                out.emplace_back(l.end, l.detached);
    return out;
}

std::vector<int> Humanoid::bones() const
{
    std::vector<int> out{hips};
    out.insert(out.end(), spine.begin(), spine.end());
    out.insert(out.end(), neck.begin(), neck.end());
    out.push_back(head);
    for (const auto* limbs : {&arms, &legs})
        for (const HumanoidLimb& l : *limbs)
            for (int b : {l.root, l.upper, l.lower, l.end, l.tip, l.detached})
                out.push_back(b);
    std::erase(out, -1);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

namespace {

// The hierarchy without helpers, with what the searches below ask of it.
struct Tree {
    const Skeleton& s;
    std::vector<std::vector<int>> children;
    std::vector<int> size;  // bones in the subtree
    std::vector<int> depth; // bones on the longest chain down from here (1 for a leaf)
    std::vector<glm::dvec3> pos; // rest world positions

    explicit Tree(const Skeleton& sk, const std::vector<int>& order) : s(sk)
    {
        const size_t n = s.size();
        children.resize(n);
        size.assign(n, 0);
        depth.assign(n, 0);
        pos.resize(n);
        const auto world = s.restWorld();
        for (size_t i = 0; i < n; ++i)
            pos[i] = glm::dvec3(world[i][3]);
        for (int b : order)
            if (usable(b) && s.bones[b].parent >= 0 && usable(s.bones[b].parent))
                children[s.bones[b].parent].push_back(b);
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const int b = *it;
            if (!usable(b))
                continue;
            size[b] = 1;
            depth[b] = 1;
            for (int c : children[b]) {
                size[b] += size[c];
                depth[b] = std::max(depth[b], depth[c] + 1);
            }
        }
    }
    bool usable(int b) const { return !s.bones[b].isHelper(); }
    int parent(int b) const { return s.bones[b].parent; }
    bool isAncestor(int a, int b) const { return bonescope::isAncestor(s, a, b); }
    int commonAncestor(int a, int b) const
    {
        for (int p = a, guard = 0; p >= 0 && guard <= int(s.size()); p = parent(p), ++guard)
            if (isAncestor(p, b))
                return p;
        return -1;
    }
    // The bones strictly below `top` down to `bottom` included, top first.
    std::vector<int> pathBelow(int top, int bottom) const
    {
        std::vector<int> path;
        for (int p = bottom; p >= 0 && p != top && path.size() <= s.size(); p = parent(p))
            path.push_back(p);
        std::reverse(path.begin(), path.end());
        return path;
    }
    // The child with most below it; among equals, the farthest (an ankle's end node before a mesh
    // node at the knee).
    int largestChild(int b) const
    {
        int best = -1;
        for (int c : children[b])
            if (best < 0 || size[c] > size[best] ||
                (size[c] == size[best] && glm::length(pos[c] - pos[b]) > glm::length(pos[best] - pos[b])))
                best = c;
        return best;
    }
    // From `b` down through the largest child each time, to a leaf.
    std::vector<int> mainChain(int b) const
    {
        std::vector<int> chain;
        for (; b >= 0 && chain.size() <= s.size(); b = largestChild(b))
            chain.push_back(b);
        return chain;
    }
    double segment(const std::vector<int>& chain, size_t i) const { return glm::length(pos[chain[i + 1]] - pos[chain[i]]); }
    // The index of the first of the two longest consecutive segments (upper + lower limb).
    int longestPair(const std::vector<int>& chain) const
    {
        int best = -1;
        double bestLength = 0;
        for (size_t i = 0; i + 2 < chain.size(); ++i) {
            const double l = segment(chain, i) + segment(chain, i + 1);
            if (l > bestLength * (1 + 1e-9)) {
                best = int(i);
                bestLength = l;
            }
        }
        return best;
    }
};

// Prefixes rig tools put before the limb's name (Rigify's deform bones, 3ds Max's biped).
std::string roleKey(std::string_view n, bool synonyms = true)
{
    const size_t cut = n.find_last_of(":|");
    if (cut != std::string_view::npos)
        n.remove_prefix(cut + 1);
    for (std::string_view p : {"DEF-", "ORG-", "def_", "Bip01 ", "Bip001 ", "Bip01_", "Bip001_", "b_", "bn_", "jnt_"}) {
        if (n.size() > p.size() && std::equal(p.begin(), p.end(), n.begin(), [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
            })) {
            n.remove_prefix(p.size());
            break;
        }
    }
    return canonicalBoneName(n, synonyms);
}

class Finder {
public:
    Finder(const Tree& t) : t_(t)
    {
        std::vector<std::string_view> names;
        for (size_t b = 0; b < t.s.size(); ++b)
            if (t.usable(int(b)))
                names.push_back(t.s.bones[b].name);
        prefix_ = rigNamePrefix(names);
        for (size_t b = 0; b < t.s.size(); ++b)
            if (t.usable(int(b))) {
                byRole_[key(int(b))].push_back(int(b));
                byOwnWord_[key(int(b), false)].push_back(int(b));
            }
    }

    std::optional<Humanoid> find(std::string* why)
    {
        Humanoid h;
        if (!findLegs(h))
            return fail(why, "no hips with two legs below them (thigh, shin, foot) was found");
        if (!findArms(h))
            return fail(why, "no chest with two arms (upper arm, forearm, hand) was found above the hips");
        const int chest = t_.commonAncestor(h.arms[0].root >= 0 ? h.arms[0].root : h.arms[0].upper,
                                            h.arms[1].root >= 0 ? h.arms[1].root : h.arms[1].upper);
        if (chest < 0 || !t_.isAncestor(h.hips, chest))
            return fail(why, "the arms do not meet on a bone above the hips");
        h.spine = withoutFolds(h.hips, t_.pathBelow(h.hips, chest));
        findHead(h, chest);
        // 3ds Max's Biped hangs the clavicles on the neck (ozz's pab: Spine3 > Neck > LeftShoulder,
        // Head): the bone where the arms part is then the neck, not the chest.
        if (h.spine.size() >= 2 && h.neck.empty() && h.head >= 0 && t_.parent(h.head) == chest &&
            key(chest) == "neck") {
            h.spine.pop_back();
            h.neck = {chest};
            h.neckBase = chest;
        }
        assignSides(h);
        return h;
    }

private:
    // Bone b's role word, without the prefix every bone of the rig has (Armature_Hips: "hips").
    std::string key(int b, bool synonyms = true) const
    {
        return roleKey(withoutPrefix(t_.s.bones[size_t(b)].name, prefix_), synonyms);
    }

    std::optional<Humanoid> fail(std::string* why, const char* text)
    {
        if (why)
            *why = text;
        return std::nullopt;
    }

    // The one bone with this role: named so in so many words (LowerLegR) before by a synonym (LegR);
    // among several, the shallowest, then the one with most below it; none where that is a tie.
    int named(const std::string& role) const
    {
        for (const auto* index : {&byOwnWord_, &byRole_}) {
            const auto it = index->find(role);
            if (it == index->end())
                continue;
            int best = -1, bestDepth = 1 << 30;
            bool tie = false;
            for (int b : it->second) {
                const int d = boneDepth(t_.s, b);
                const bool deeper = best >= 0 && d == bestDepth;
                if (d < bestDepth || (deeper && t_.size[b] > t_.size[best])) {
                    best = b;
                    bestDepth = d;
                    tie = false;
                } else if (deeper && t_.size[b] == t_.size[best]) {
                    tie = true;
                }
            }
            return tie ? -1 : best;
        }
        return -1;
    }

    // A limb from its names: a missing joint between two named ones, or just above / below, is
    // taken from the hierarchy; a chain out of order is not a limb.
    std::optional<HumanoidLimb> namedLimb(const std::string& side, bool arm) const
    {
        HumanoidLimb l;
        l.upper = named(side + (arm ? "upperarm" : "upperleg"));
        l.lower = named(side + (arm ? "lowerarm" : "lowerleg"));
        l.end = named(side + (arm ? "hand" : "foot"));
        if (arm)
            l.root = named(side + "clavicle");
        else
            l.tip = named(side + "toe");
        if (l.lower < 0 && l.upper >= 0 && l.end >= 0) {
            const auto p = t_.pathBelow(l.upper, l.end);
            if (p.size() >= 2)
                l.lower = p.front();
        }
        if (l.lower < 0)
            return std::nullopt;
        if (l.upper < 0)
            l.upper = t_.parent(l.lower);
        // Two bones of one role in a chain (MakeHuman's __UpLeg_L at the pelvis above UpLeg_L at the
        // hip joint): the limb is the one next to the joint below it.
        l.upper = nearestOfRole(l.lower, l.upper);
        if (l.root >= 0 && l.upper >= 0)
            l.root = nearestOfRole(l.upper, l.root);
        // A hand or foot of that name elsewhere (an IK target, a mesh node) is not this limb's; where
        // it stands at the chain's end, the chain's end is its (`detached`).
        int elsewhere = -1;
        if (l.end >= 0 && (!t_.isAncestor(l.lower, l.end) || l.end == l.lower)) {
            elsewhere = l.end;
            l.end = -1;
        }
        if (l.end < 0)
            l.end = t_.largestChild(l.lower);
        if (elsewhere >= 0 && l.end >= 0 && l.upper >= 0 && !t_.isAncestor(l.upper, elsewhere)) {
            const double length = glm::length(t_.pos[l.lower] - t_.pos[l.upper]) + glm::length(t_.pos[l.end] - t_.pos[l.lower]);
            if (glm::length(t_.pos[elsewhere] - t_.pos[l.end]) <= 0.05 * length)
                l.detached = elsewhere;
        }
        if (l.upper < 0 || l.end < 0 || !t_.isAncestor(l.upper, l.lower) || !t_.isAncestor(l.lower, l.end) ||
            l.upper == l.lower || l.lower == l.end)
            return std::nullopt;
        // The tip below the end, or below the detached bone that stands for it (FootL > FootL_end).
        const int holder = l.detached >= 0 && t_.largestChild(l.end) < 0 ? l.detached : l.end;
        if (l.tip >= 0 && (!t_.isAncestor(holder, l.tip) || l.tip == holder))
            l.tip = -1;
        if (l.tip < 0 && !arm) // MakeHuman's middle toe (foot.L > metatarsal3.L > toe3-1.L)
            l.tip = namedBelow(holder, side, {"toe31"});
        if (l.tip < 0)
            l.tip = arm ? handTip(holder, side) : holder != l.end ? footTip(holder, l) : t_.largestChild(holder);
        if (l.root >= 0 && (!t_.isAncestor(l.root, l.upper) || l.root == l.upper))
            l.root = -1;
        return l;
    }

    // The chain from below `start` without its folds: Second Life's Bento spine goes up from the
    // pelvis to mSpine1 and back down onto the pelvis at mSpine2 (mSpine3 and mSpine4 likewise over
    // mTorso). Such a pair adds no length and bends nothing a body bends: turned to point where another
    // rig's spine points, it flung the chest a spine's length up.
    std::vector<int> withoutFolds(int start, const std::vector<int>& chain) const
    {
        std::vector<int> out;
        int prev = start;
        for (size_t i = 0; i < chain.size(); ++i) {
            const double out1 = glm::length(t_.pos[size_t(chain[i])] - t_.pos[size_t(prev)]);
            if (i + 1 < chain.size() && out1 > 0 &&
                glm::length(t_.pos[size_t(chain[i + 1])] - t_.pos[size_t(prev)]) < 0.05 * out1) {
                ++i; // the pair chain[i], chain[i + 1] folds back onto prev
                continue;
            }
            out.push_back(chain[i]);
            prev = chain[i];
        }
        return out;
    }

    // The first bone below `end` named side + one of `words` (in that order of preference), or -1.
    int namedBelow(int end, const std::string& side, std::initializer_list<const char*> words) const
    {
        for (const char* word : words) {
            const int b = side.empty() ? -1 : named(side + word);
            if (b >= 0 && b != end && t_.isAncestor(end, b))
                return b;
        }
        return -1;
    }

    // The bone of `above`'s role nearest above `below` on the path between them (`above` itself
    // when no other has its role, or when it is not above `below`).
    int nearestOfRole(int below, int above) const
    {
        if (above < 0 || below < 0 || !t_.isAncestor(above, below))
            return above;
        const std::string role = key(above);
        for (int p = t_.parent(below); p >= 0 && p != above; p = t_.parent(p))
            if (t_.usable(p) && key(p) == role)
                return p;
        return above;
    }

    // The hand's main child, which gives the hand its direction: the middle finger's first bone
    // (its knuckle, past a metacarpal that starts at the wrist: MakeHuman's metacarpal2 > finger3-1)
    // when named so, else the child with most below it.
    int handTip(int hand, const std::string& side) const
    {
        if (const int b = namedBelow(hand, side, {"handmiddle1", "middle1", "middle01", "middle", "handmiddle", "finger31"}); b >= 0)
            return b;
        // Past children at the hand's own place (CMU's lhand under LeftWrist): they give no direction.
        int tip = t_.largestChild(hand);
        const double scale = glm::length(t_.pos[hand] - t_.pos[t_.parent(hand) >= 0 ? t_.parent(hand) : hand]);
        while (tip >= 0 && glm::length(t_.pos[tip] - t_.pos[hand]) < 1e-3 * scale && t_.largestChild(tip) >= 0)
            tip = t_.largestChild(tip);
        return tip;
    }

    // The child of a detached foot that gives its direction: the one most across the shin (a foot
    // points forward, a mesh node hangs anywhere: RobotExpressive's FootL_1 sits 0.37 up its leg).
    int footTip(int foot, const HumanoidLimb& l) const
    {
        const glm::dvec3 shin = t_.pos[l.end] - t_.pos[l.lower];
        int best = -1;
        double bestCos = 2;
        for (int c : t_.children[foot]) {
            const glm::dvec3 d = t_.pos[c] - t_.pos[foot];
            if (glm::length(d) < 1e-9 || glm::length(shin) < 1e-9)
                continue;
            const double cos = std::abs(glm::dot(glm::normalize(d), glm::normalize(shin)));
            if (cos < bestCos) {
                bestCos = cos;
                best = c;
            }
        }
        return best;
    }

    // A limb from the shape of a chain: its two longest consecutive segments are the upper and
    // lower limb (a hip joint, a clavicle before them; a foot, toes or fingers after). An arm whose
    // chain parts into fingers has its hand there: by length alone CMU's collar and upper arm (3.4 +
    // 4.3 units) outweighed its upper arm and forearm (4.3 + 3.3), and the collar was taken for the
    // upper arm.
    std::optional<HumanoidLimb> shapedLimb(int start, bool arm) const
    {
        const auto chain = t_.mainChain(start);
        const int longest = t_.longestPair(chain);
        const int beforeHand = arm ? pairBeforeHand(chain, longest) : -1;
        const int i = beforeHand >= 0 ? beforeHand : longest;
        if (i < 0)
            return std::nullopt;
        HumanoidLimb l;
        l.upper = chain[i];
        l.lower = chain[i + 1];
        l.end = chain[i + 2];
        if (arm && i >= 1)
            l.root = chain[i - 1];
        if (!arm && size_t(i + 3) < chain.size())
            l.tip = chain[i + 3];
        if (arm)
            l.tip = handTip(l.end, "");
        return l;
    }

    // The index of the upper arm when the chain parts at a hand: the last bone of the chain with two
    // children or more (where fingers and thumb part; twist bones hang earlier) ends the forearm.
    // Only where the two segments before it are of some length and together near the longest pair's
    // (within a tenth), else -1: a palm where fingers part past the hand is no wrist, and MakeHuman's
    // arms, in twist halves, are better split by length (the forearm's halves, 0.79 of the upper
    // arm's lower half and the forearm's first, would be taken for upper arm and forearm).
    int pairBeforeHand(const std::vector<int>& chain, int longest) const
    {
        if (longest < 0)
            return -1;
        const double best = t_.segment(chain, size_t(longest)) + t_.segment(chain, size_t(longest) + 1);
        for (size_t h = chain.size(); h-- > 2;) {
            if (t_.children[size_t(chain[h])].size() < 2)
                continue;
            const double upper = t_.segment(chain, h - 2), lower = t_.segment(chain, h - 1);
            return std::min(upper, lower) > 0.1 * best && upper + lower >= 0.9 * best ? int(h) - 2 : -1;
        }
        return -1;
    }

    // Children of `b` whose subtrees are chains of at least `minDepth` bones, largest first.
    std::vector<int> branches(int b, int minDepth) const
    {
        std::vector<int> out;
        for (int c : t_.children[b])
            if (t_.depth[c] >= minDepth)
                out.push_back(c);
        std::stable_sort(out.begin(), out.end(), [&](int a, int c) { return t_.size[a] > t_.size[c]; });
        return out;
    }

    bool findLegs(Humanoid& h)
    {
        const auto left = namedLimb("l:", false), right = namedLimb("r:", false);
        if (left && right) {
            h.legs = {*left, *right};
            h.hips = named("hips");
            const int meet = t_.commonAncestor(left->upper, right->upper);
            if (h.hips < 0 || !t_.isAncestor(h.hips, meet))
                h.hips = meet;
            // Hips that carry only the legs (MakeHuman's older rig: Root > Spine1 and Root > Hips >
            // legs) are not where the spine and legs part: that is the first bone above with another
            // branch.
            auto spineBelow = [&](int b) {
                for (int c : t_.children[size_t(b)])
                    if (t_.depth[size_t(c)] >= 3 && !t_.isAncestor(c, left->upper) && !t_.isAncestor(c, right->upper))
                        return true;
                return false;
            };
            int b = h.hips;
            while (b >= 0 && !spineBelow(b))
                b = t_.parent(b);
            if (b >= 0)
                h.hips = b;
            return h.hips >= 0;
        }
        // The shallowest bone where the spine and two legs part.
        for (size_t b = 0; b < t_.s.size(); ++b) {
            if (!t_.usable(int(b)))
                continue;
            const auto br = branches(int(b), 3);
            if (br.size() < 3)
                continue;
            const int d = boneDepth(t_.s, int(b));
            if (h.hips >= 0 && d >= hipsDepth_)
                continue;
            const auto l0 = shapedLimb(br[1], false), l1 = shapedLimb(br[2], false);
            if (!l0 || !l1)
                continue;
            h.hips = int(b);
            hipsDepth_ = d;
            h.legs = {*l0, *l1};
            spineStart_ = br[0];
        }
        return h.hips >= 0;
    }

    bool findArms(Humanoid& h)
    {
        const auto left = namedLimb("l:", true), right = namedLimb("r:", true);
        if (left && right && t_.isAncestor(h.hips, left->upper) && t_.isAncestor(h.hips, right->upper)) {
            h.arms = {*left, *right};
            return true;
        }
        // Up the spine (through the largest child) to the first bone where two arms part.
        int start = spineStart_;
        if (start < 0)
            for (int c : branches(h.hips, 3))
                if (c != t_.parent(h.legs[0].upper) && !t_.isAncestor(c, h.legs[0].upper) && !t_.isAncestor(c, h.legs[1].upper)) {
                    start = c;
                    break;
                }
        const int head = named("head");
        for (int b = start; b >= 0; b = t_.largestChild(b)) {
            const glm::dvec3 up = t_.pos[b] - t_.pos[h.hips];
            auto br = branches(b, 3);
            if (br.size() < 2)
                continue;
            // The branch most along the spine is the neck, when there are three.
            if (br.size() >= 3) {
                auto along = [&](int c) {
                    // To the first joint down the branch that stands apart from b: CMU's lowerneck
                    // and collars start on the chest itself, where they give no direction.
                    glm::dvec3 d(0);
                    for (int x : t_.mainChain(c))
                        if (d = t_.pos[x] - t_.pos[b]; glm::length(d) > 1e-6 * glm::length(up))
                            break;
                    const double l = glm::length(d) * glm::length(up);
                    return l > 0 ? glm::dot(d, up) / l : 0.0;
                };
                auto neck = std::max_element(br.begin(), br.begin() + 3, [&](int a, int c) { return along(a) < along(c); });
                for (auto it = br.begin(); it != br.begin() + 3; ++it)
                    if (head >= 0 && t_.isAncestor(*it, head))
                        neck = it; // the branch that holds the head, whatever its direction
                neckStart_ = *neck;
                br.erase(neck);
            }
            const auto a0 = shapedLimb(br[0], true), a1 = shapedLimb(br[1], true);
            if (!a0 || !a1)
                return false;
            h.arms = {*a0, *a1};
            return true;
        }
        return false;
    }

    void findHead(Humanoid& h, int chest)
    {
        h.head = named("head");
        if (h.head < 0 || !t_.isAncestor(chest, h.head) || h.head == chest) {
            h.head = -1;
            int start = neckStart_;
            if (start < 0) // the chest's branch that is neither arm
                for (int c : t_.children[chest])
                    if (!t_.isAncestor(c, h.arms[0].upper) && !t_.isAncestor(c, h.arms[1].upper) &&
                        (start < 0 || t_.size[c] > t_.size[start]))
                        start = c;
            if (start < 0)
                return;
            const auto chain = t_.mainChain(start);
            // A chain ending in a leaf past the head (HeadTop_End) has the head before it.
            h.head = chain.size() >= 3 ? chain[chain.size() - 2] : chain.back();
        }
        h.neck = t_.pathBelow(chest, h.head);
        if (!h.neck.empty())
            h.neck.pop_back(); // the head itself
        // CMU's lowerneck sits below its Neck: the bone called the neck is where the neck starts.
        h.neckBase = h.neck.empty() ? h.head : h.neck.front();
        if (const int n = named("neck"); n >= 0 && std::find(h.neck.begin(), h.neck.end(), n) != h.neck.end())
            h.neckBase = n;
    }

    // The character's left from the names, else from the rest pose: feet point forward, and left is
    // up x forward (glTF's +X for a character facing +Z with Y up).
    void assignSides(Humanoid& h) const
    {
        auto sideOf = [&](const HumanoidLimb& l) {
            for (int b : {l.root, l.upper, l.lower, l.end})
                if (b >= 0) {
                    const std::string k = key(b);
                    if (k.rfind("l:", 0) == 0)
                        return 1;
                    if (k.rfind("r:", 0) == 0)
                        return -1;
                }
            return 0;
        };
        const glm::dvec3 up = glm::normalize(t_.pos[h.chest()] - t_.pos[h.hips] + glm::dvec3(0, 1e-12, 0));
        glm::dvec3 forward(0, 0, 1);
        glm::dvec3 toes(0);
        for (const HumanoidLimb& l : h.legs)
            if (l.tip >= 0)
                toes += t_.pos[l.tip] - t_.pos[l.end];
        toes -= up * glm::dot(toes, up);
        if (glm::length(toes) > 1e-9)
            forward = glm::normalize(toes);
        const glm::dvec3 left = glm::cross(up, forward);
        auto order = [&](std::array<HumanoidLimb, 2>& pair) {
            const int s0 = sideOf(pair[0]), s1 = sideOf(pair[1]);
            bool swap = false;
            if (s0 != 0 || s1 != 0)
                swap = s0 < 0 || s1 > 0;
            else
                swap = glm::dot(t_.pos[pair[0].upper] - t_.pos[pair[1].upper], left) < 0;
            if (swap)
                std::swap(pair[0], pair[1]);
        };
        order(h.legs);
        order(h.arms);
    }

    const Tree& t_;
    std::string prefix_; // rigNamePrefix of the rig's bones
    std::unordered_map<std::string, std::vector<int>> byRole_, byOwnWord_;
    int hipsDepth_ = 1 << 30;
    int spineStart_ = -1, neckStart_ = -1;
};

} // namespace

std::optional<Humanoid> findHumanoid(const Skeleton& s, std::string* why)
{
    std::string error;
    const auto order = s.evaluationOrder(&error);
    if (!order) {
        if (why)
            *why = error;
        return std::nullopt;
    }
    const Tree tree(s, *order);
    return Finder(tree).find(why);
}

} // namespace bonescope
