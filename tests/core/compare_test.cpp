// core/compare: the times two clips are compared at, how bones pair, and the measures on clips whose
// differences are known by construction.
#include <gtest/gtest.h>

#include "core/compare/animation_compare.h"
#include "core/compare/bone_pairs.h"
#include "core/compare/sample_times.h"

using namespace bonescope;

namespace {

// A chain root -> mid -> tip, 10 units apart along +Y: a 20-unit character.
Skeleton chain()
{
    Skeleton s;
    s.bones.push_back(Bone{.name = "root"});
    s.bones.push_back(Bone{.name = "mid", .parent = 0, .restTranslation = {0, 10, 0}});
    s.bones.push_back(Bone{.name = "tip", .parent = 1, .restTranslation = {0, 10, 0}});
    return s;
}

// "mid" turning about Z from 0 to `degrees` over one second, keys at `fps`.
Animation bend(double degrees, double fps)
{
    Animation a;
    a.fps = fps;
    a.duration = 1;
    Track& t = a.tracks.emplace_back();
    t.name = "mid";
    const int n = int(std::lround(fps));
    for (int f = 0; f <= n; ++f)
        t.rotation.keys.push_back({f / fps, glm::angleAxis(glm::radians(degrees * f / n), glm::dvec3(0, 0, 1))});
    return a;
}

} // namespace

TEST(CompareTimes, UnionOfKeysAndTheFinerFrameGrid)
{
    // 30 fps frames (31) and the 24 fps keys between them: k/24 falls on the 30 fps grid for k a
    // multiple of 4 (7 of 25), so 18 more.
    const auto times = comparisonTimes(bend(10, 24), bend(10, 30));
    EXPECT_EQ(times.size(), 31u + 18u);
    EXPECT_DOUBLE_EQ(finerRate(bend(10, 24), bend(10, 30)), 30.0);
    EXPECT_TRUE(std::is_sorted(times.begin(), times.end()));
    // A declared hour at 1000 fps: refused, not sampled.
    Animation longClip = bend(10, 30);
    longClip.duration = 3600;
    longClip.fps = 1000;
    EXPECT_THROW(comparisonTimes(longClip, longClip), std::runtime_error);
}

TEST(CompareBones, RepeatedNamesPairInOrderAndLooseNamesPair)
{
    Skeleton a, b;
    for (const char* n : {"Hips", "node", "node", "arm"})
        a.bones.push_back(Bone{.name = n});
    for (const char* n : {"mixamorig:hips", "node", "node", "leg"})
        b.bones.push_back(Bone{.name = n});
    Animation anim;
    anim.tracks.emplace_back().name = "arm";
    anim.tracks[0].rotation.keys.push_back({0.0, glm::dquat(1, 0, 0, 0)});
    Animation animB;
    animB.tracks.emplace_back().name = "leg";
    animB.tracks[0].rotation.keys.push_back({0.0, glm::dquat(1, 0, 0, 0)});
    const BonePairs p = pairBones(a, anim, b, animB);
    EXPECT_EQ(p.bOfA, (std::vector<int>{0, 1, 2, -1}));
    EXPECT_EQ(p.onlyInA, std::vector<std::string>{"arm"});
    EXPECT_EQ(p.onlyInB, std::vector<std::string>{"leg"});
    EXPECT_EQ(p.animatedA, 1u);
}

TEST(CompareMeasures, KnownDifferencesAreMeasuredExactly)
{
    const Skeleton s = chain();
    // 0.005 degree more at the end: half the default bound, measured to a billionth of a degree
    // (acos of a dot product would round it to about 1e-6).
    const AnimationComparison c = compareAnimations(bend(30, 30), s, bend(30.005, 30), s);
    ASSERT_EQ(c.bones.size(), 3u);
    const BoneDifference& mid = c.bones[1];
    EXPECT_EQ(mid.name, "mid");
    EXPECT_NEAR(mid.local.max, 0.005, 1e-9);
    EXPECT_NEAR(mid.world.max, 0.005, 1e-9);
    EXPECT_EQ(c.frameOf(mid.local.worstTime), 30);
    EXPECT_NEAR(mid.local.mean, 0.005 / 2, 1e-9); // grows by frame from 0: its mean is half
    // The tip 10 units out on a 0.005 degree turn: 10 * 2 sin(0.0025 deg).
    const double chord = 20 * std::sin(glm::radians(0.0025));
    EXPECT_NEAR(c.bones[2].position.max, chord, 1e-12);
    EXPECT_EQ(c.bones[2].local.max, 0.0); // the tip's own rotation is the same
    EXPECT_NEAR(c.height, 20.0, 1e-12);
    EXPECT_NEAR(c.percentOfHeight(chord), 100 * chord / 20, 1e-12);
    EXPECT_TRUE(c.within());

    // Units: b in centimetres against a in metres, reported in millimetres.
    Skeleton cm = s;
    for (Bone& b : cm.bones)
        b.restTranslation *= 100.0;
    CompareOptions o;
    o.bToA = 0.01;
    o.reportUnit = 1000;
    const AnimationComparison u = compareAnimations(bend(30, 30), s, bend(30.005, 30), cm, o);
    EXPECT_NEAR(u.bones[2].position.max, chord * 1000, 1e-9);
    EXPECT_NEAR(u.height, 20000.0, 1e-9);
    EXPECT_FALSE(u.within()); // 0.0087 mm... times 1000 for 10-metre bones: 8.7 mm
}

TEST(CompareMeasures, DurationAndBonesOnlyInOneMakeADifference)
{
    const Skeleton s = chain();
    Animation shorter = bend(30, 30);
    shorter.duration = 0.9;
    EXPECT_TRUE(compareAnimations(bend(30, 30), s, shorter, s).durationDiffers());
    EXPECT_FALSE(compareAnimations(bend(30, 30), s, shorter, s).within());
    Skeleton other = s;
    other.bones[1].name = "elbow";
    const AnimationComparison c = compareAnimations(bend(30, 30), s, bend(30, 30), other);
    EXPECT_EQ(c.onlyInA, std::vector<std::string>{"mid"});
    EXPECT_FALSE(c.within());
}

TEST(CompareRigs, AClipAgainstItselfThroughAMapIsZero)
{
    const Skeleton s = chain();
    BoneMap map;
    for (const char* n : {"root", "mid", "tip"})
        map.map[n] = n;
    const AnimationComparison c = compareRigs(bend(30, 30), s, bend(30, 30), s, map, RetargetMode::MatchPose);
    ASSERT_TRUE(c.limbs);
    ASSERT_FALSE(c.limbs->limbs.empty());
    EXPECT_NEAR(c.maxWorldDegrees(), 0.0, 1e-5); // the limb measure's acos: about 1e-6
    EXPECT_TRUE(c.within());
    // b's mid turned 2 degrees further: the mid -> tip segment's direction is 2 degrees off.
    const AnimationComparison d = compareRigs(bend(30, 30), s, bend(32, 30), s, map, RetargetMode::MatchPose);
    EXPECT_NEAR(d.maxWorldDegrees(), 2.0, 1e-6);
    EXPECT_FALSE(d.within());
}
