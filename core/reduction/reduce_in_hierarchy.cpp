#include "core/reduction/reduce_in_hierarchy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstring>
#include <deque>
#include <set>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "core/playback/binding.h"
#include "core/playback/channel_eval.h"
#include "core/playback/key_times.h"
#include "core/reduction/affine.h"
#include "core/reduction/bone_channels.h"
#include "core/reduction/hermite_fit.h"
#include "core/reduction/hierarchy_budget.h"

namespace bonescope {

using namespace reduction;

namespace {

// Left of the bound for what lies between the measured times (second order there) and rounding.
constexpr double kMargin = 0.995;
// Passes after the first that widen the shares of the bound (each costs as much as the first).
constexpr int kWidenings = 3;
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
    bool cubic = false; // its channels are cubic splines: reduced as curves (core/reduction/hermite_fit.h)
    bool madeCubic = false; // linear channels made curves here: every segment fitted and measured
    const double* times() const
    {
        return translation ? translation->keys.times() : rotation ? rotation->keys.times() : scale->keys.times();
    }
    size_t size() const
    {
        return translation ? translation->keys.size() : rotation ? rotation->keys.size() : scale->keys.size();
    }
};

// With `apart`, every channel is a group of its own (each keeps its own times).
std::vector<Group> groupsOf(Track& t, const std::set<const void*>& made, bool apart)
{
    std::vector<Group> groups;
    auto place = [&](auto& ch, auto member) {
        if (!reducible(ch))
            return;
        for (Group& g : groups) {
            if (apart)
                break;
            const bool same = (g.translation && sameTimes(*g.translation, ch)) || (g.rotation && sameTimes(*g.rotation, ch)) ||
                              (g.scale && sameTimes(*g.scale, ch));
            if (same && g.cubic == ch.cubic() && !(g.*member)) {
                g.*member = &ch;
                g.madeCubic = g.madeCubic || made.count(&ch);
                return;
            }
        }
        Group g;
        g.*member = &ch;
        g.cubic = ch.cubic();
        g.madeCubic = made.count(&ch) > 0;
        groups.push_back(g);
    };
    place(t.rotation, &Group::rotation);
    place(t.translation, &Group::translation);
    place(t.scale, &Group::scale);
    return groups;
}

// A linear channel as the same curve on glTF's cubic spline: each key's tangents the slopes of its
// segments (a Hermite segment whose tangents are its secant is the straight line). Rotations are
// put in one hemisphere first; their component curve is then normalised (nlerp rather than slerp,
// which the fit and the measure take care of). Returns whether it was converted.
template <class T>
bool makeCubic(Channel<T>& ch)
{
    if (!reducible(ch) || ch.rules.interpolation != Interpolation::Linear)
        return false;
    if constexpr (std::is_same_v<T, glm::dquat>) {
        if (ch.rules.rotation == RotationInterp::SlerpDirect)
            return false; // long-way segments: not a component curve
        for (size_t k = 1; k < ch.keys.size(); ++k)
            if (glm::dot(ch.keys.value(k), ch.keys.value(k - 1)) < 0)
                ch.keys.setValue(k, -ch.keys.value(k));
    }
    const size_t n = ch.keys.size();
    ch.tangents.assign(n, Tangents<T>{});
    for (size_t k = 0; k + 1 < n; ++k) {
        const T slope = (ch.keys.value(k + 1) - ch.keys.value(k)) * (1.0 / (ch.keys.time(k + 1) - ch.keys.time(k)));
        ch.tangents[k].out = slope;
        ch.tangents[k + 1].in = slope;
    }
    ch.tangents.front().in = ch.tangents.front().out;
    ch.tangents.back().out = ch.tangents.back().in;
    ch.rules.interpolation = Interpolation::CubicSpline;
    return true;
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
                double pointDistance, double reach, double limit, bool leaf, bool curves, bool holdStill)
        : times_(times), rules_(rules), parent_(parent), parentReduced_(parentReduced), distance_(pointDistance),
          reach_(reach), limit_(limit), leaf_(leaf), curves_(curves), holdStill_(holdStill)
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
        std::set<const void*> made; // channels made cubic here, after the original was sampled
        if (track && curves_) {
            if (makeCubic(track->translation))
                made.insert(&track->translation);
            if (makeCubic(track->rotation))
                made.insert(&track->rotation);
            if (makeCubic(track->scale))
                made.insert(&track->scale);
        }
        if (track)
            reduceTrack(*track, made);
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
    // Channels that share their key times are thinned together (a kept time keeps each one's key
    // there) and, when there are such, apart as well (a still channel then keeps almost nothing while
    // a moving one keeps its times): the one with fewer points stays.
    void reduceTrack(Track& track, const std::set<const void*>& made)
    {
        std::vector<Group> together = groupsOf(track, made, false);
        const bool shared = std::any_of(together.begin(), together.end(), [](const Group& g) {
            return (g.translation != nullptr) + (g.rotation != nullptr) + (g.scale != nullptr) > 1;
        });
        if (!shared) {
            for (Group& g : together)
                reduceGroup(g);
            return;
        }
        const Track before = track;
        const std::vector<RawValues> rawBefore = raw_;
        for (Group& g : together)
            reduceGroup(g);
        Track joined = std::move(track);
        std::vector<RawValues> rawJoined = std::move(raw_);
        track = before;
        raw_ = rawBefore;
        for (Group& g : groupsOf(track, made, true))
            reduceGroup(g);
        if (singleCurvePoints(track) >= singleCurvePoints(joined)) {
            track = std::move(joined);
            raw_ = std::move(rawJoined);
        }
    }

    // Whether the group's first keys alone (each channel holding its first value throughout) keep
    // the error within the limit at every time.
    bool holdsStill(const Group& g) const
    {
        for (size_t e = 0; e < times_.size(); ++e) {
            RawValues v = raw_[e];
            if (g.translation)
                v.translation = g.translation->keys.value(0);
            if (g.rotation)
                v.rotation = glm::normalize(g.rotation->keys.value(0));
            if (g.scale)
                v.scale = g.scale->keys.value(0);
            if (error(e, v) > limit_)
                return false;
        }
        return true;
    }

    double error(size_t e, const RawValues& v) const
    {
        const Affine w = parentReduced_[e] * toAffine(rules_.local(v));
        return leaf_ ? pointError(world_[e], w, distance_) : reachError(world_[e], w, reach_);
    }

    // Whether keys i and j of the group, with every key between left out, keep the error within the
    // limit at each time between them.
    bool valid(const Group& g, size_t i, size_t j) const
    {
        if (g.cubic) {
            CubicSegment seg;
            return fitCubic(g, i, j, seg);
        }
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

    // A cubic group's segment from key i to key j: each channel's two tangents fitted to the original
    // curve at the times between, then checked as valid() checks a linear one.
    struct CubicSegment {
        HermiteTangents translation, rotation, scale;
    };
    template <class T>
    static glm::dvec4 four(const T& v)
    {
        if constexpr (std::is_same_v<T, glm::dquat>)
            return {v.x, v.y, v.z, v.w};
        else
            return {v.x, v.y, v.z, 0.0};
    }
    template <class T>
    static HermiteTangents originalTangents(const Channel<T>& ch, size_t i, size_t j)
    {
        return {four(ch.tangents[i].out), four(ch.tangents[j].in)};
    }
    template <class T>
    HermiteTangents fitChannel(const Channel<T>& ch, size_t i, size_t j, T RawValues::*member) const
    {
        const size_t e0 = keyIndex_[i], e1 = keyIndex_[j];
        std::vector<double>& t = fitTimes_;
        std::vector<glm::dvec4>& x = fitValues_;
        t.clear();
        x.clear();
        for (size_t e = e0 + 1; e < e1; ++e) {
            t.push_back(times_[e]);
            x.push_back(four(raw_[e].*member));
        }
        return fitHermite(ch.keys.time(i), ch.keys.time(j), four(ch.keys.value(i)), four(ch.keys.value(j)), t.data(), x.data(),
                          t.size(), originalTangents(ch, i, j));
    }
    bool fitCubic(const Group& g, size_t i, size_t j, CubicSegment& seg) const
    {
        const bool original = j == i + 1 && !g.madeCubic;
        if (g.translation)
            seg.translation = original ? originalTangents(*g.translation, i, j) : fitChannel(*g.translation, i, j, &RawValues::translation);
        if (g.rotation)
            seg.rotation = original ? originalTangents(*g.rotation, i, j) : fitChannel(*g.rotation, i, j, &RawValues::rotation);
        if (g.scale)
            seg.scale = original ? originalTangents(*g.scale, i, j) : fitChannel(*g.scale, i, j, &RawValues::scale);
        if (original)
            return true; // the file's own segment
        const double t0 = g.times()[i], t1 = g.times()[j];
        auto at = [&](const auto* ch, const HermiteTangents& m, double t) {
            return hermiteAt(t0, t1, four(ch->keys.value(i)), four(ch->keys.value(j)), m, t);
        };
        for (size_t e = keyIndex_[i] + 1; e < keyIndex_[j]; ++e) {
            RawValues v = raw_[e];
            if (g.translation)
                v.translation = glm::dvec3(at(g.translation, seg.translation, times_[e]));
            if (g.rotation) {
                const glm::dvec4 q = at(g.rotation, seg.rotation, times_[e]);
                v.rotation = glm::normalize(glm::dquat(q.w, q.x, q.y, q.z)); // as glTF plays it
            }
            if (g.scale)
                v.scale = glm::dvec3(at(g.scale, seg.scale, times_[e]));
            if (error(e, v) > limit_)
                return false;
        }
        return true;
    }
    // The tangents of the kept keys: each segment's fitted pair, the first key's in- and the last
    // key's out-tangent as they were.
    template <class T>
    static std::vector<Tangents<T>> keptTangents(const Channel<T>& ch, const std::vector<uint32_t>& keep,
                                                 const std::vector<CubicSegment>& segs, HermiteTangents CubicSegment::*member)
    {
        auto back = [](const glm::dvec4& v) {
            if constexpr (std::is_same_v<T, glm::dquat>)
                return glm::dquat(v.w, v.x, v.y, v.z);
            else
                return T(v);
        };
        std::vector<Tangents<T>> out(keep.size());
        out.front().in = ch.tangents[keep.front()].in;
        out.back().out = ch.tangents[keep.back()].out;
        for (size_t k = 0; k + 1 < keep.size(); ++k) {
            out[k].out = back((segs[k].*member).out0);
            out[k + 1].in = back((segs[k].*member).in1);
        }
        return out;
    }

    static void backToLinear(Group& g)
    {
        auto linear = [](auto* ch) {
            if (ch) {
                ch->rules.interpolation = Interpolation::Linear;
                ch->tangents.clear();
            }
        };
        linear(g.translation);
        linear(g.rotation);
        linear(g.scale);
        g.cubic = g.madeCubic = false;
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
        if (g.madeCubic) // a segment its own fit cannot keep within the limit: the group stays linear
            for (size_t k = 0; k + 1 < n; ++k)
                if (!valid(g, k, k + 1)) {
                    backToLinear(g);
                    break;
                }
        std::vector<uint32_t> keep{0};
        std::vector<CubicSegment> segments; // for a cubic group, one per kept segment
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
            if (g.cubic) {
                segments.emplace_back();
                fitCubic(g, i, good, segments.back());
            }
            keep.push_back(uint32_t(good));
            i = good;
        }
        if (holdStill_ && keep.size() == 2 && holdsStill(g)) { // a channel that stays still keeps one key
            keep.pop_back();
            segments.clear();
        }
        if (keep.size() == n && !g.madeCubic)
            return;
        if (g.cubic) { // before the keys go: the first and last tangents come from the original
            if (g.translation)
                g.translation->tangents = keptTangents(*g.translation, keep, segments, &CubicSegment::translation);
            if (g.rotation)
                g.rotation->tangents = keptTangents(*g.rotation, keep, segments, &CubicSegment::rotation);
            if (g.scale)
                g.scale->tangents = keptTangents(*g.scale, keep, segments, &CubicSegment::scale);
        }
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
    bool leaf_, curves_, holdStill_;
    std::vector<RawValues> raw_;
    std::vector<Affine> world_;
    std::vector<size_t> keyIndex_;
    mutable std::vector<double> fitTimes_;
    mutable std::vector<glm::dvec4> fitValues_;
};

// A cubic curve is not linear between keys, and neither is its error: it is also measured between
// each two key times (and the fitted tangents see those values too), at the quarters and more finely
// where a rotation turns far in that gap. A rotation blended as glTF blends a cubic (normalised
// components) meets a slerp at the ends and halfway of a segment but parts from it between, by much
// where a mocap joint turns far from one frame to the next.
constexpr int kCubicParts = 4;
constexpr double kCubicPartTurn = 0.1; // radians of turn per part at most
constexpr int kMostCubicParts = 64;

std::vector<double> withPartsIfCubic(std::vector<double> times, const std::vector<const Track*>& tracks, bool curves)
{
    const bool cubic = curves || std::any_of(tracks.begin(), tracks.end(), [](const Track* t) {
        return t->translation.cubic() || t->rotation.cubic() || t->scale.cubic();
    });
    if (!cubic || times.size() < 2)
        return times;
    std::vector<double> turn(times.size() - 1, 0.0); // the largest rotation in each gap
    std::vector<RawValues> raw(times.size());
    for (const Track* t : tracks) {
        if (t->rotation.size() < 2)
            continue;
        sampleRotation(t->rotation, times.data(), times.size(), raw.data());
        for (size_t i = 0; i + 1 < times.size(); ++i) {
            const double d = std::min(1.0, std::abs(glm::dot(raw[i].rotation, raw[i + 1].rotation)));
            turn[i] = std::max(turn[i], 2 * std::acos(d));
        }
    }
    std::vector<double> out;
    out.reserve(times.size() * kCubicParts);
    for (size_t i = 0; i + 1 < times.size(); ++i) {
        const int parts = std::clamp(int(std::ceil(turn[i] / kCubicPartTurn)), kCubicParts, kMostCubicParts);
        for (int k = 0; k < parts; ++k)
            out.push_back(times[i] + (times[i + 1] - times[i]) * k / parts);
    }
    out.push_back(times.back());
    return out;
}

double lastKeyTime(const std::vector<Track>& tracks)
{
    double end = -std::numeric_limits<double>::infinity();
    auto last = [&](const auto& ch) {
        if (ch.size())
            end = std::max(end, ch.keys.time(ch.size() - 1));
    };
    for (const Track& t : tracks) {
        last(t.translation);
        last(t.rotation);
        last(t.scale);
        last(t.visibility);
    }
    return end;
}

size_t flaggedChannels(const Animation& a)
{
    size_t n = 0;
    for (const Track& t : a.tracks)
        n += (t.translation.size() > 2 && t.translation.rules.segmentFlags) + (t.rotation.size() > 2 && t.rotation.rules.segmentFlags) +
             (t.scale.size() > 2 && t.scale.rules.segmentFlags);
    return n;
}

} // namespace

size_t singleCurvePoints(const Track& t)
{
    return 3 * t.translation.size() + 4 * t.rotation.size() + 3 * t.scale.size();
}

size_t singleCurvePoints(const Animation& a)
{
    size_t n = 0;
    for (const Track& t : a.tracks)
        n += singleCurvePoints(t);
    return n;
}

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
    const std::vector<double> times = withPartsIfCubic(distinctKeyTimes(bound), bound, settings.curves);
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
    auto pass = [&](Animation& a, double widen, bool holdStill) {
        std::deque<Frame> stack;
        double largest = 0;
        auto enter = [&](int b, const std::vector<Affine>& parent, const std::vector<Affine>& parentReduced) {
            Frame f;
            f.bone = b;
            const int t = binding.trackOfBone[size_t(b)];
            const double limit = std::min(settings.maxError, budget.limit(b) * widen) * kMargin;
            BoneReducer r(times, rules[size_t(b)], parent.data(), parentReduced.data(), budget.pointDistance(b),
                          budget.reach(b), limit, children[size_t(b)].empty(), settings.curves, holdStill);
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
    // A channel that holds still keeps one key; should that shorten the clip (its length is where
    // the last key is, in glTF), the pass is redone with first and last keys kept.
    const std::vector<Track> originalTracks = anim.tracks;
    const double end = lastKeyTime(anim.tracks);
    bool holdStill = true;
    double worst = pass(anim, 1.0, holdStill);
    if (lastKeyTime(anim.tracks) < end) {
        holdStill = false;
        anim.tracks = originalTracks;
        worst = pass(anim, 1.0, holdStill);
    }
    // A try that passes the bound is followed by one halfway to the last good widening.
    double widen = 1.0, tried = 1.0;
    for (int attempt = 0; attempt < kWidenings && worst > 0; ++attempt) {
        if (tried == widen) {
            if (worst >= settings.maxError * 0.9)
                break;
            tried = widen * settings.maxError * kMargin / worst;
        }
        Animation trial = anim;
        trial.tracks = originalTracks;
        const double got = pass(trial, tried, holdStill);
        if (got > settings.maxError * kMargin || singleCurvePoints(trial) >= singleCurvePoints(anim)) {
            tried = std::sqrt(widen * tried);
            if (tried < widen * 1.02)
                break;
            continue;
        }
        anim.tracks = std::move(trial.tracks);
        worst = got;
        widen = tried;
    }
    result.largestError = worst;
    result.keysAfter = anim.keyCount();
    return result;
}

} // namespace bonescope
