// Sampler::sample (the float pose, with its own per-segment set-up and fast paths) against
// Sampler::sampleLocal (double precision) and world matrices composed in double: every rotation
// kind and channel rule, on keys from tiny to opposite rotations, non-unit and repeated keys,
// played forward in small steps, on the key times and by jumps, on a hierarchy with scale. The
// tolerance (1e-5) is far above float rounding and far below what a wrong formula, a missed or
// extra flip, or a rule applied differently would give.
#include <cstring>
#include <random>
#include <string>

#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

#include "core/math/fast_math.h"
#include "core/playback/sampler.h"

using namespace bonescope;

namespace {

constexpr double kTolerance = 1e-5;

struct Random {
    std::mt19937 engine{20261121};
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine); }
    bool chance(double p) { return uniform(0, 1) < p; }
    glm::dvec3 vec(double r) { return {uniform(-r, r), uniform(-r, r), uniform(-r, r)}; }
    glm::dvec3 axis() { return glm::normalize(vec(1) + glm::dvec3(1e-3)); }
    glm::dquat unit() { return glm::angleAxis(uniform(0, glm::two_pi<double>()), axis()); }
};

// The next rotation key: a turn of one of the sizes that take different paths, stored with either
// sign, sometimes not of unit length.
glm::dquat nextRotation(Random& r, const glm::dquat& q)
{
    const double pi = glm::pi<double>();
    glm::dquat next;
    switch (int(r.uniform(0, 8))) {
    case 0: next = q * glm::angleAxis(r.uniform(1e-7, 1e-3), r.axis()); break; // near-identical keys
    case 1: next = q * glm::angleAxis(r.uniform(0.01, 1.0), r.axis()); break;  // playback's usual steps
    case 2: next = q * glm::angleAxis(r.uniform(1.0, 3.0), r.axis()); break;
    case 3: next = q * glm::angleAxis(pi + r.uniform(-2e-3, 2e-3), r.axis()); break; // dot near 0
    case 4: next = q * glm::angleAxis(r.uniform(3.3, 6.2), r.axis()); break;          // the long way
    case 5: next = -q; break;                                                           // opposite
    case 6: next = q; break;                                                            // the same
    default: next = r.unit(); break;
    }
    if (r.chance(0.3))
        next = -next;
    if (r.chance(0.2))
        next = next * r.uniform(0.5, 2.0);
    return next;
}

// Key times from `start`: irregular, now and then two keys at the same time.
std::vector<double> keyTimes(Random& r, int n, double start)
{
    std::vector<double> times;
    double t = start;
    for (int i = 0; i < n; ++i) {
        times.push_back(t);
        t += r.chance(0.05) ? 0.0 : r.uniform(0.02, 0.3);
    }
    return times;
}

// Per-key flags as the LEGO rules read them, with keys active, held and negated.
uint32_t randomFlags(Random& r)
{
    uint32_t f = 0;
    if (r.chance(0.7))
        f |= keyflag::Active;
    if (r.chance(0.15))
        f |= keyflag::Hold;
    if (r.chance(0.2))
        f |= keyflag::Negate;
    return f;
}

ChannelRules rulesFor(int variant)
{
    ChannelRules rules;
    switch (variant % 8) {
    case 1: rules.rotation = RotationInterp::SlerpDirect; break;
    case 2: rules.rotation = RotationInterp::NlerpShortest; break;
    case 3: rules.interpolation = Interpolation::Step; break;
    case 4: rules.before = OutsideKeys::Rest; rules.after = OutsideKeys::Rest; break;
    case 5: rules.segmentFlags = true; rules.rotation = RotationInterp::SlerpDirect; break;
    case 6:
        rules.segmentFlags = true;
        rules.activeFromValue = true;
        rules.before = OutsideKeys::Rest;
        break;
    case 7: rules.rotation = RotationInterp::NlerpShortest; rules.after = OutsideKeys::Rest; break;
    default: break;
    }
    return rules;
}

// Tracks of every rule variant; each animates one bone of a tree with scaled rest poses.
struct Case {
    Animation anim;
    Skeleton skeleton;
};

Case makeCase(Random& r, bool blendAndConvert, int tracks = 32)
{
    Case c;
    for (int i = 0; i < tracks; ++i) {
        Bone b;
        b.name = "b" + std::to_string(i);
        b.parent = i == 0 ? -1 : (i - 1) / 3; // depth 3 at most
        b.restTranslation = r.vec(1);
        b.restRotation = r.unit();
        b.restScale = {r.uniform(0.7, 1.4), r.uniform(0.7, 1.4), r.uniform(0.7, 1.4)};
        c.skeleton.bones.push_back(b);

        Track t;
        t.name = b.name;
        const ChannelRules rules = rulesFor(i);
        t.rotation.rules = t.translation.rules = rules;
        const int n = 2 + int(r.uniform(0, 30));
        const std::vector<double> times = keyTimes(r, n, r.uniform(-0.2, 0.5));
        glm::dquat q = r.unit();
        for (double time : times) {
            const uint32_t flags = rules.segmentFlags ? randomFlags(r) : 0;
            t.rotation.keys.push_back({time, q, flags});
            q = nextRotation(r, q);
        }
        // Translations mostly on the same times as the rotations (one lookup for both), else on
        // their own; sometimes none at all.
        if (i % 5 != 4) {
            const std::vector<double> own = i % 3 == 2 ? keyTimes(r, n + 3, r.uniform(-0.2, 0.5)) : times;
            for (double time : own)
                t.translation.keys.push_back({time, r.vec(1), rules.segmentFlags ? randomFlags(r) : 0});
        }
        if (i % 4 == 1) {
            for (double time : keyTimes(r, 6, 0.1))
                t.scale.keys.push_back({time, {r.uniform(0.5, 1.5), r.uniform(0.5, 1.5), r.uniform(0.5, 1.5)}});
            for (double time : keyTimes(r, 5, 0.0))
                t.visibility.keys.push_back({time, r.chance(0.5) ? 1.0 : 0.0});
        }
        c.anim.tracks.push_back(t);
    }
    if (blendAndConvert) {
        c.anim.blend = {TranslationBlend::AddToRest, RotationBlend::AfterRest};
        c.anim.modifiers.push_back({5, {TranslationBlend::Replace, RotationBlend::Replace}, 0});
        c.anim.keyConvention.translation = {-1, 1, 1};
        c.anim.keyConvention.rotation = {1, 1, -1, -1};
    }
    c.anim.duration = 9;
    return c;
}

// Bones keyed all at the same times with the same rules, as exporters write them (a key per bone per
// frame, or only some channels of some bones): the sampler keeps whole segments of four such bones
// (LaneSegment). Rotations of every kind, the near-opposite ones included (evaluated in double, so
// not kept).
Case makeSharedTimesCase(Random& r, int variant, int tracks = 22)
{
    Case c;
    std::vector<double> times;
    for (int k = 0; k < 120; ++k)
        times.push_back(k / 30.0 + (k % 17 == 5 ? 0.004 : 0.0));
    const ChannelRules rules = rulesFor(variant);
    for (int i = 0; i < tracks; ++i) {
        Bone b;
        b.name = "b" + std::to_string(i);
        b.parent = i == 0 ? -1 : (i - 1) / 3;
        b.restTranslation = r.vec(1);
        b.restRotation = r.unit();
        c.skeleton.bones.push_back(b);
        Track t;
        t.name = b.name;
        t.rotation.rules = t.translation.rules = rules;
        glm::dquat q = r.unit();
        // Some bones keyed in rotation only (the first of every block but the first: the block's
        // segments are then located on rotation keys), some in translation only.
        const bool rotation = i % 7 != 3, translation = i == 0 || i % 4 != 0;
        for (double time : times) {
            if (rotation)
                t.rotation.keys.push_back({time, q});
            if (translation)
                t.translation.keys.push_back({time, r.vec(1)});
            q = nextRotation(r, q);
        }
        c.anim.tracks.push_back(t);
    }
    c.anim.duration = times.back();
    return c;
}

// The largest differences between the float pose and the double one, over all samples.
struct Differences {
    double translation = 0, rotation = 0, scale = 0, worldAxes = 0, worldPosition = 0;
    int visibility = 0;
    std::string worst; // where the largest rotation difference was

    void update(double& slot, double d) { slot = std::max(slot, d); }
};

void compare(Sampler& sampler, const Skeleton& skeleton, double t, Pose& pose, Differences& d)
{
    sampler.sample(t, pose);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(t, local);
    std::vector<glm::dmat4> world(skeleton.size());
    const std::vector<int> order = *skeleton.evaluationOrder();
    for (int i : order) {
        const glm::dmat4 m = composeTRS(local[i].translation, local[i].rotation, local[i].scale);
        const int parent = skeleton.bones[i].parent;
        world[i] = parent >= 0 ? world[parent] * m : m;
    }
    for (size_t i = 0; i < skeleton.size(); ++i) {
        const BoneTransform& got = pose.local[i];
        const LocalTransform& want = local[i];
        for (int k = 0; k < 3; ++k) {
            d.update(d.translation, std::abs(got.translation[k] - want.translation[k]));
            d.update(d.scale, std::abs(got.scale[k] - want.scale[k]));
        }
        // Component by component: the float pose keeps the sign the double one gives.
        const double dq = std::max({std::abs(got.rotation.w - want.rotation.w), std::abs(got.rotation.x - want.rotation.x),
                                    std::abs(got.rotation.y - want.rotation.y), std::abs(got.rotation.z - want.rotation.z)});
        if (dq > d.rotation)
            d.worst = "bone " + std::to_string(i) + " at t=" + std::to_string(t);
        d.update(d.rotation, dq);
        d.visibility += pose.visible[i] != (want.visible >= 0.5 ? 1 : 0);
        // Relative to the column's size: a held key is used as stored, and one far from unit length
        // scales its bone's axes (and its children's), and float rounding with them.
        for (int c = 0; c < 4; ++c) {
            const double size = std::max(1.0, glm::length(glm::dvec3(world[i][c])));
            for (int r = 0; r < 3; ++r)
                d.update(c == 3 ? d.worldPosition : d.worldAxes, std::abs(pose.world[i][c][r] - world[i][c][r]) / size);
        }
    }
}

void expectSmall(const Differences& d)
{
    EXPECT_LT(d.translation, kTolerance);
    EXPECT_LT(d.rotation, kTolerance) << d.worst;
    EXPECT_LT(d.scale, kTolerance);
    EXPECT_LT(d.worldAxes, kTolerance);
    EXPECT_LT(d.worldPosition, kTolerance);
    EXPECT_EQ(d.visibility, 0);
}

// `keptSegments`: the sampler's budget for keeping rotation segments' set-up (none: each one made
// again whenever playback enters it).
void playEveryWay(const Case& c, size_t keptSegments = Sampler::kKeptSegmentBudget)
{
    Random r;
    Sampler sampler(c.anim, c.skeleton);
    sampler.setKeptSegmentBudget(keptSegments);
    sampler.rebind();
    Pose pose;
    Differences d;
    for (double t = -0.5; t < 9.5; t += 1.0 / 240) // forward playback, a new segment every few frames
        compare(sampler, c.skeleton, t, pose, d);
    for (const Track& track : c.anim.tracks) // exactly on keys, where the flags' rules change
        for (const QuatKey& k : track.rotation.keys)
            compare(sampler, c.skeleton, k.time, pose, d);
    for (int i = 0; i < 500; ++i) // jumps, backwards too
        compare(sampler, c.skeleton, r.uniform(-1, 10), pose, d);
    expectSmall(d);
}

} // namespace

TEST(SamplerFloat, MatchesDoublePrecisionForEveryRotationKindAndRule)
{
    Random r;
    for (int round = 0; round < 4; ++round)
        playEveryWay(makeCase(r, false));
}

TEST(SamplerFloat, MatchesDoublePrecisionWithBlendModesAndKeyConvention)
{
    Random r;
    for (int round = 0; round < 4; ++round)
        playEveryWay(makeCase(r, true));
}

// The float pose samples bones four at a time (FloatLanes); a last group with fewer bones than
// that repeats one of them.
TEST(SamplerFloat, MatchesDoublePrecisionForEveryNumberOfBones)
{
    Random r;
    for (int tracks = 1; tracks <= 9; ++tracks)
        playEveryWay(makeCase(r, false, tracks));
}

TEST(SamplerFloat, MatchesDoublePrecisionWithoutKeptSegments)
{
    Random r;
    for (int round = 0; round < 4; ++round)
        playEveryWay(makeCase(r, round % 2 == 1), 0);
}

// Past its budget the sampler makes a segment's set-up each time it enters it, with the same result
// to the bit; the channels within the budget keep theirs.
TEST(SamplerFloat, KeptSegmentsStayWithinTheBudgetAndChangeNoBit)
{
    Random r;
    const Case c = makeCase(r, false);
    Sampler all(c.anim, c.skeleton), some(c.anim, c.skeleton);
    const size_t budget = 100 * 20; // about a hundred segments: a few channels' worth
    some.setKeptSegmentBudget(budget);
    some.rebind();
    Pose a, b;
    all.sample(0, a);
    some.sample(0, b);
    EXPECT_GT(all.keptSegmentBytes(), budget);
    EXPECT_LE(some.keptSegmentBytes(), budget);
    EXPECT_GT(some.keptSegmentBytes(), 0u);
    for (int pass = 0; pass < 2; ++pass) // the second pass replays what the first kept
        for (double t = -0.5; t < 9.5; t += 1.0 / 60) {
            all.sample(t, a);
            some.sample(t, b);
            ASSERT_EQ(0, std::memcmp(a.local.data(), b.local.data(), a.local.size() * sizeof(a.local[0]))) << t;
            ASSERT_EQ(0, std::memcmp(a.world.data(), b.world.data(), a.world.size() * sizeof(a.world[0]))) << t;
        }
}

// The rules without per-key flags: with them a bone's two channels are not located as one, and its
// block keeps no whole segments.
constexpr int kSharedTimesVariants[] = {0, 1, 2, 3, 4, 7};

TEST(SamplerFloat, KeptLaneSegmentsMatchDoublePrecision)
{
    Random r;
    for (int variant : kSharedTimesVariants)
        playEveryWay(makeSharedTimesCase(r, variant));
}

// A kept lane segment gives what the lanes' own caches give, to the bit, played forward again and
// entered by jumps; without a budget for them the same animation keeps none.
TEST(SamplerFloat, KeptLaneSegmentsChangeNoBit)
{
    Random r;
    for (int variant : kSharedTimesVariants) {
        const Case c = makeSharedTimesCase(r, variant);
        Sampler none(c.anim, c.skeleton), kept(c.anim, c.skeleton);
        none.setKeptLaneBudget(0);
        none.setKeptSegmentBudget(0);
        none.rebind();
        kept.setKeptSegmentBudget(0); // what it keeps is then lane segments only
        kept.rebind();
        Pose a, b;
        none.sample(0, a);
        kept.sample(0, b);
        EXPECT_EQ(none.keptSegmentBytes(), 0u);
        // 22 bones: six blocks of four, 119 segments each.
        EXPECT_EQ(kept.keptSegmentBytes(), 6u * 119u * sizeof(LaneSegment)) << variant;
        std::vector<double> times;
        for (int pass = 0; pass < 2; ++pass) // the second pass replays what the first kept
            for (double t = -0.3; t < 4.3; t += 1.0 / 60)
                times.push_back(t);
        for (int i = 0; i < 400; ++i)
            times.push_back(r.uniform(-1, 5));
        for (const Track& track : c.anim.tracks)
            for (size_t k = 0; k < track.rotation.keys.size(); k += 7)
                times.push_back(track.rotation.keys.time(k));
        for (double t : times) {
            none.sample(t, a);
            kept.sample(t, b);
            ASSERT_EQ(0, std::memcmp(a.local.data(), b.local.data(), a.local.size() * sizeof(a.local[0]))) << variant << " " << t;
            ASSERT_EQ(0, std::memcmp(a.world.data(), b.world.data(), a.world.size() * sizeof(a.world[0]))) << variant << " " << t;
            ASSERT_EQ(a.visible, b.visible);
        }
    }
}

// Bones with the same key times share one block of memory, kept whole or not at all.
TEST(SamplerFloat, KeptLaneSegmentsStayWithinTheirBudget)
{
    Random r;
    const Case c = makeSharedTimesCase(r, 0);
    const size_t whole = 6u * 119u * sizeof(LaneSegment);
    Sampler sampler(c.anim, c.skeleton);
    sampler.setKeptSegmentBudget(0);
    Pose pose;
    for (size_t budget : {whole - 1, whole}) {
        sampler.setKeptLaneBudget(budget);
        sampler.rebind();
        sampler.sample(1, pose);
        EXPECT_EQ(sampler.keptSegmentBytes(), budget == whole ? whole : 0u);
    }
    // A bone with times of its own makes a block of its own group.
    Case other = c;
    for (auto&& k : other.anim.tracks[21].rotation.keys.edit())
        k.time *= 1.5;
    for (auto&& k : other.anim.tracks[21].translation.keys.edit())
        k.time *= 1.5;
    Sampler mixed(other.anim, other.skeleton);
    mixed.setKeptSegmentBudget(0);
    mixed.rebind();
    mixed.sample(1, pose);
    EXPECT_EQ(mixed.keptSegmentBytes(), 5u * 119u * sizeof(LaneSegment)); // the block holding bone 21 has two times
}

TEST(SamplerFloat, RebindPicksUpEditedKeys)
{
    Animation a;
    Track t;
    t.name = "j";
    t.translation.keys = {{0, {0, 0, 0}}, {1, {2, 0, 0}}};
    t.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::angleAxis(1.0, glm::dvec3(0, 0, 1))}};
    a.tracks.push_back(t);
    Skeleton none;
    Sampler sampler(a, none);
    Pose pose;
    sampler.sample(0.5, pose);
    EXPECT_NEAR(pose.local[0].translation.x, 1.0, 1e-6);
    a.tracks[0].translation.keys.setPart(1, 0, 4);
    a.tracks[0].rotation.keys.setValue(1, glm::angleAxis(2.0, glm::dvec3(0, 0, 1)));
    sampler.rebind();
    sampler.sample(0.5, pose);
    EXPECT_NEAR(pose.local[0].translation.x, 2.0, 1e-6);
    EXPECT_NEAR(glm::angle(glm::dquat(pose.local[0].rotation)), 1.0, 1e-5);
}

TEST(SamplerFloat, FloatTrigonometryIsAccurateOnItsRange)
{
    double sinError = 0, acosError = 0;
    for (int i = 0; i <= 100000; ++i) {
        const float x = float(glm::half_pi<double>() * i / 100000);
        sinError = std::max(sinError, std::abs(fastmath::sinHalfPiF(all(x))[0] - std::sin(double(x))) / std::max(1e-30, std::sin(double(x))));
        const float c = float(i) / 100000;
        acosError = std::max(acosError, std::abs(fastmath::acosUnit(c) - std::acos(double(c))));
    }
    EXPECT_LT(sinError, 2e-7);  // relative: a float ulp or two
    EXPECT_LT(acosError, 3e-7); // radians: two float ulps at pi/2
}
