#include "core/reduction/reduce_in_hierarchy.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <stdexcept>

#include "core/playback/binding.h"
#include "core/playback/channel_eval.h"
#include "core/playback/key_times.h"
#include "core/reduction/affine.h"
#include "core/reduction/bone_channels.h"
#include "core/reduction/hierarchy_budget.h"

namespace bonescope {

using namespace reduction;

namespace {

// Left of the bound for what lies between the measured times (second order there) and rounding.
constexpr double kMargin = 0.995;
// Passes after the first that widen the shares of the bound (each costs as much as the first).
constexpr int kWidenings = 2;
// The most memory the world transforms down one chain may take.
constexpr double kMaxWorkBytes = double(size_t(2) << 30);

// A channel that reduction may thin: two blended or stepped keys give every value between them.
template <class T>
bool reducible(const Channel<T>& ch)
{
    if (ch.keys.size() < 3 || ch.rules.segmentFlags)
        return false;
    for (size_t i = 1; i < ch.keys.size(); ++i)
        if (!(ch.keys.time(i) > ch.keys.time(i - 1)))
            return false; // two keys at one time (a jump) or out of order: kept as they are
    return true;
}

template <class A, class B>
bool sameTimes(const Channel<A>& a, const Channel<B>& b)
{
    return a.keys.size() == b.keys.size() && std::memcmp(a.keys.times(), b.keys.times(), a.keys.size() * sizeof(double)) == 0;
}

// Channels of one track that share their key times, thinned together (a key time kept keeps each of
// their keys there): a mocap root's translation and rotation.
struct Group {
    Vec3Channel* translation = nullptr;
    QuatChannel* rotation = nullptr;
    Vec3Channel* scale = nullptr;
    const double* times() const
    {
        return translation ? translation->keys.times() : rotation ? rotation->keys.times() : scale->keys.times();
    }
    size_t size() const
    {
        return translation ? translation->keys.size() : rotation ? rotation->keys.size() : scale->keys.size();
    }
};

std::vector<Group> groupsOf(Track& t)
{
    std::vector<Group> groups;
    auto place = [&](auto& ch, auto member) {
        if (!reducible(ch))
            return;
        for (Group& g : groups) {
            const bool same = (g.translation && sameTimes(*g.translation, ch)) || (g.rotation && sameTimes(*g.rotation, ch)) ||
                              (g.scale && sameTimes(*g.scale, ch));
            if (same && !(g.*member)) {
                g.*member = &ch;
                return;
            }
        }
        Group g;
        g.*member = &ch;
        groups.push_back(g);
    };
    place(t.rotation, &Group::rotation);
    place(t.translation, &Group::translation);
    place(t.scale, &Group::scale);
    return groups;
}

template <class T>
KeyList<T> keptKeys(const KeyList<T>& keys, const std::vector<uint32_t>& keep)
{
    KeyList<T> out;
    out.reserve(keep.size());
    for (uint32_t k : keep)
        out.push_back(keys[k]);
    return out;
}

// One bone's reduction: its world transforms over the times, original and reduced, from its
// parent's, and the keys its groups keep.
class BoneReducer {
public:
    BoneReducer(const std::vector<double>& times, const BoneRules& rules, const Affine* parent, const Affine* parentReduced,
                double pointDistance, double reach, double limit, bool leaf)
        : times_(times), rules_(rules), parent_(parent), parentReduced_(parentReduced), distance_(pointDistance),
          reach_(reach), limit_(limit), leaf_(leaf)
    {
    }

    // Fills `world` and `reduced` (one per time); thins the track's channels when there is one.
    // Returns the largest movement of the bone's own points.
    double run(Track* track, std::vector<Affine>& world, std::vector<Affine>& reduced)
    {
        const size_t n = times_.size();
        raw_.assign(n, RawValues{});
        if (track)
            sampleRaw(*track, times_.data(), n, raw_.data());
        world_.resize(n);
        for (size_t e = 0; e < n; ++e)
            world_[e] = parent_[e] * toAffine(rules_.local(raw_[e]));
        if (track)
            for (Group& g : groupsOf(*track))
                reduceGroup(g);
        reduced.resize(n);
        double worst = 0;
        for (size_t e = 0; e < n; ++e) {
            reduced[e] = parentReduced_[e] * toAffine(rules_.local(raw_[e]));
            worst = std::max(worst, pointError(world_[e], reduced[e], distance_));
        }
        world.swap(world_);
        return worst;
    }

private:
    double error(size_t e, const RawValues& v) const
    {
        const Affine w = parentReduced_[e] * toAffine(rules_.local(v));
        return leaf_ ? pointError(world_[e], w, distance_) : reachError(world_[e], w, reach_);
    }

    // Whether keys i and j of the group, with every key between left out, keep the error within the
    // limit at each time between them.
    bool valid(const Group& g, size_t i, size_t j) const
    {
        const double* kt = g.times();
        const double t0 = kt[i], inv = 1.0 / (kt[j] - kt[i]);
        RotationPrep prep;
        bool stepRotation = false;
        if (g.rotation) {
            const QuatChannel& r = *g.rotation;
            stepRotation = r.rules.interpolation == Interpolation::Step;
            prep = prepareRotation(r.keys.value(i), r.keys.value(j), r.rules.rotation);
        }
        const auto lerp = [&](const Vec3Channel* ch, double f) {
            const glm::dvec3 a = ch->keys.value(i);
            return ch->rules.interpolation == Interpolation::Step ? a : a + (ch->keys.value(j) - a) * f;
        };
        for (size_t e = keyIndex_[i] + 1; e < keyIndex_[j]; ++e) {
            const double f = (times_[e] - t0) * inv;
            RawValues v = raw_[e];
            if (g.translation)
                v.translation = lerp(g.translation, f);
            if (g.rotation)
                v.rotation = stepRotation ? g.rotation->keys.value(i) : evalRotation(prep, f);
            if (g.scale)
                v.scale = lerp(g.scale, f);
            if (error(e, v) > limit_)
                return false;
        }
        return true;
    }

    // Greedy: from each kept key, the farthest key that keeps every time between within the limit
    // (found by doubling the reach, then halving the gap).
    void reduceGroup(Group& g)
    {
        const size_t n = g.size();
        const double* kt = g.times();
        keyIndex_.resize(n);
        size_t e = 0;
        for (size_t k = 0; k < n; ++k) {
            while (times_[e] < kt[k])
                ++e;
            keyIndex_[k] = e; // every key time is one of the times
        }
        std::vector<uint32_t> keep{0};
        size_t i = 0;
        while (i + 1 < n) {
            size_t good = i + 1, bad = n;
            for (size_t step = 2;; step *= 2) {
                const size_t j = std::min(i + step, n - 1);
                if (j <= good)
                    break;
                if (!valid(g, i, j)) {
                    bad = j;
                    break;
                }
                good = j;
                if (j == n - 1)
                    break;
            }
            while (bad != n && bad - good > 1) {
                const size_t mid = good + (bad - good) / 2;
                (valid(g, i, mid) ? good : bad) = mid;
            }
            keep.push_back(uint32_t(good));
            i = good;
        }
        if (keep.size() == n)
            return;
        const size_t count = times_.size();
        if (g.translation) {
            g.translation->keys = keptKeys(g.translation->keys, keep);
            sampleTranslation(*g.translation, times_.data(), count, raw_.data());
        }
        if (g.rotation) {
            g.rotation->keys = keptKeys(g.rotation->keys, keep);
            reduction::sampleRotation(*g.rotation, times_.data(), count, raw_.data());
        }
        if (g.scale) {
            g.scale->keys = keptKeys(g.scale->keys, keep);
            sampleScale(*g.scale, times_.data(), count, raw_.data());
        }
    }

    const std::vector<double>& times_;
    const BoneRules& rules_;
    const Affine* parent_;
    const Affine* parentReduced_;
    double distance_, reach_, limit_;
    bool leaf_;
    std::vector<RawValues> raw_;
    std::vector<Affine> world_;
    std::vector<size_t> keyIndex_;
};

size_t flaggedChannels(const Animation& a)
{
    size_t n = 0;
    for (const Track& t : a.tracks)
        n += (t.translation.size() > 2 && t.translation.rules.segmentFlags) + (t.rotation.size() > 2 && t.rotation.rules.segmentFlags) +
             (t.scale.size() > 2 && t.scale.rules.segmentFlags);
    return n;
}

} // namespace

HierarchyReductionResult reduceInHierarchy(Animation& anim, const Skeleton& given, const HierarchyReduction& settings)
{
    HierarchyReductionResult result;
    result.keysBefore = result.keysAfter = anim.keyCount();
    result.channelsKeptWhole = flaggedChannels(anim);
    const Skeleton flat = given.empty() ? flatSkeleton(anim) : Skeleton{};
    const Skeleton& skel = given.empty() ? flat : given;
    std::string why;
    const auto order = skel.evaluationOrder(&why);
    if (!order)
        throw std::runtime_error("cannot reduce keys: " + why);
    const Binding binding = Binding::bind(anim, skel);
    std::vector<const Track*> bound;
    for (int t : binding.trackOfBone)
        if (t >= 0)
            bound.push_back(&anim.tracks[size_t(t)]);
    const std::vector<double> times = distinctKeyTimes(bound);
    result.timesMeasured = times.size();
    if (times.empty() || !(settings.maxError > 0))
        return result;

    const size_t n = skel.size();
    std::vector<BoneRules> rules(n);
    for (size_t b = 0; b < n; ++b) {
        const Bone& bone = skel.bones[b];
        rules[b].mode = binding.blendOfBone[b];
        rules[b].rest = {bone.restTranslation, bone.restRotation, bone.restScale, 1.0};
        rules[b].convention = anim.keyConvention;
        rules[b].convert = !anim.keyConvention.isIdentity();
    }
    const HierarchyBudget budget(anim, skel, binding, rules, *order, settings);

    std::vector<std::vector<int>> children(n);
    std::vector<int> roots;
    std::vector<size_t> depth(n, 1);
    size_t deepest = 1;
    for (int b : *order) {
        const int p = skel.bones[size_t(b)].parent;
        (p >= 0 ? children[size_t(p)] : roots).push_back(b);
        depth[size_t(b)] = p >= 0 ? depth[size_t(p)] + 1 : 1;
        deepest = std::max(deepest, depth[size_t(b)]);
    }
    // Each joint on the way down holds two world transforms per time: refuse what would not fit
    // rather than run out of memory (a million key times under a chain of a thousand bones).
    const double bytes = double(times.size()) * double(deepest + 1) * 2.0 * sizeof(Affine) + double(times.size()) * sizeof(RawValues);
    if (bytes > kMaxWorkBytes)
        throw std::runtime_error("cannot reduce keys: " + std::to_string(times.size()) + " key times under a chain of " +
                                 std::to_string(deepest) + " bones would need " + std::to_string(long(bytes / (1 << 20))) +
                                 " MiB (at most " + std::to_string(long(kMaxWorkBytes / (1 << 20))) + ")");

    // One pass over the bones, depth first so that only the ancestors' world transforms are held at
    // once, with the shares of the bound widened by `widen`; returns the largest point movement.
    struct Frame {
        int bone = -1;
        size_t next = 0;
        std::vector<Affine> world, reduced;
    };
    const std::vector<Affine> identity(times.size());
    auto pass = [&](Animation& a, double widen) {
        std::deque<Frame> stack;
        double largest = 0;
        auto enter = [&](int b, const std::vector<Affine>& parent, const std::vector<Affine>& parentReduced) {
            Frame f;
            f.bone = b;
            const int t = binding.trackOfBone[size_t(b)];
            const double limit = std::min(settings.maxError, budget.limit(b) * widen) * kMargin;
            BoneReducer r(times, rules[size_t(b)], parent.data(), parentReduced.data(), budget.pointDistance(b),
                          budget.reach(b), limit, children[size_t(b)].empty());
            largest = std::max(largest, r.run(t >= 0 ? &a.tracks[size_t(t)] : nullptr, f.world, f.reduced));
            stack.push_back(std::move(f));
        };
        for (int root : roots) {
            enter(root, identity, identity);
            while (!stack.empty()) {
                Frame& top = stack.back();
                if (top.next < children[size_t(top.bone)].size())
                    enter(children[size_t(top.bone)][top.next++], top.world, top.reduced);
                else
                    stack.pop_back();
            }
        }
        return largest;
    };
    // The shares are bounds that assume every bone's error adds up in line at the same time; the
    // measured movement is usually well under the bound. While it is, the shares are widened by
    // what is left and the reduction redone from the original keys; a try that passes the bound is
    // dropped (the measure is exact at the bones' own points, so nothing over the bound is kept).
    const std::vector<Track> originalTracks = anim.tracks;
    double worst = pass(anim, 1.0);
    double widen = 1.0;
    for (int attempt = 0; attempt < kWidenings && worst > 0 && worst < settings.maxError * 0.9; ++attempt) {
        Animation trial = anim;
        trial.tracks = originalTracks;
        widen *= settings.maxError * kMargin / worst;
        const double got = pass(trial, widen);
        if (got > settings.maxError || trial.keyCount() >= anim.keyCount())
            break;
        anim.tracks = std::move(trial.tracks);
        worst = got;
    }
    result.largestError = worst;
    result.keysAfter = anim.keyCount();
    return result;
}

} // namespace bonescope
