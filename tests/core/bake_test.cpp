#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/playback/bake.h"
#include "core/playback/sampler.h"
#include "tests/support/glm_expect.h"

namespace bonescope {
namespace {

glm::dquat axisAngle(double degrees, glm::dvec3 axis) { return glm::angleAxis(glm::radians(degrees), axis); }

// Root at (0,1,0); "arm" one unit along x, rest-rotated 90 degrees about Z.
Skeleton twoBones()
{
    Skeleton s;
    Bone root;
    root.name = "root";
    root.restTranslation = {0, 1, 0};
    Bone arm;
    arm.name = "arm";
    arm.parent = 0;
    arm.restTranslation = {1, 0, 0};
    arm.restRotation = axisAngle(90, {0, 0, 1});
    s.bones = {root, arm};
    return s;
}

// SEAnim "additive": translation rest + key, rotation key * rest.
Animation additive()
{
    Animation a;
    a.name = "wave";
    a.fps = 10;
    a.duration = 1;
    a.blend = {TranslationBlend::AddToRest, RotationBlend::AfterRest};
    Track root;
    root.name = "root";
    root.translation.keys = {{0.0, {0, 0, 0}}, {1.0, {2, 0, 0}}};
    Track arm;
    arm.name = "arm";
    arm.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)}, {1.0, axisAngle(90, {1, 0, 0})}};
    a.tracks = {root, arm};
    a.notes = {{0.5, "step"}};
    return a;
}

void expectNear(const glm::dvec3& a, const glm::dvec3& b, double eps = 1e-12)
{
    test::expectNear(a, b, eps);
}

TEST(Bake, KeysAtFrameTimesHoldTheLocalTransforms)
{
    const Skeleton skel = twoBones();
    const Animation baked = bake(additive(), skel);
    EXPECT_EQ(baked.blend, BlendMode{});
    EXPECT_EQ(baked.fps, 10);
    EXPECT_EQ(baked.name, "wave");
    ASSERT_EQ(baked.notes.size(), 1u);
    EXPECT_EQ(baked.notes[0].name, "step");
    ASSERT_EQ(baked.tracks.size(), 2u);
    const Track& root = baked.tracks[0];
    const Track& arm = baked.tracks[1];
    EXPECT_EQ(root.name, "root");
    ASSERT_EQ(root.translation.size(), 11u);
    ASSERT_EQ(arm.rotation.size(), 11u);
    ASSERT_EQ(arm.scale.size(), 11u);
    for (int k = 0; k <= 10; ++k) {
        EXPECT_EQ(root.translation.keys.time(k), k / 10.0);
        // rest (0,1,0) + lerp((0,0,0), (2,0,0)) now replaces the rest.
        expectNear(root.translation.keys.value(k), {0.2 * k, 1, 0});
        expectNear(arm.translation.keys.value(k), {1, 0, 0});
        expectNear(arm.scale.keys.value(k), {1, 1, 1});
    }
    // Half way: slerp(identity, 90 about X) = 45 about X, then the rest rotation.
    const glm::dquat want = axisAngle(45, {1, 0, 0}) * axisAngle(90, {0, 0, 1});
    const glm::dquat got = arm.rotation.keys.value(5);
    EXPECT_NEAR(std::abs(glm::dot(want, got)), 1.0, 1e-7); // the sampler's slerp: ~1e-8
}

TEST(Bake, BakedAnimationPlaysLikeTheSource)
{
    const Skeleton skel = twoBones();
    const Animation src = additive();
    const Animation baked = bake(src, skel, {30, false});
    EXPECT_EQ(baked.tracks[0].translation.size(), 31u);
    Sampler a(src, skel), b(baked, skel);
    Pose pa, pb;
    for (double t : {0.0, 0.1, 1.0 / 3, 0.5, 0.99, 1.0}) {
        a.sample(t, pa);
        b.sample(t, pb);
        for (int i = 0; i < 2; ++i)
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r)
                    EXPECT_NEAR(pa.world[i][c][r], pb.world[i][c][r], 1e-5) << "t=" << t << " bone " << i;
    }
}

TEST(Bake, OnlyAnimatedKeepsSourceChannelsAndRootTranslation)
{
    Animation src = additive();
    src.tracks[0].translation.keys.clear(); // the root is not moved, yet its translation is kept
    const Animation baked = bake(src, twoBones(), {0, true});
    const Track& root = baked.tracks[0];
    const Track& arm = baked.tracks[1];
    EXPECT_EQ(root.translation.size(), 11u);
    EXPECT_TRUE(root.rotation.empty());
    EXPECT_TRUE(root.scale.empty());
    EXPECT_TRUE(arm.translation.empty());
    EXPECT_EQ(arm.rotation.size(), 11u);
    EXPECT_TRUE(arm.scale.empty());
}

TEST(Bake, WithoutSkeletonUsesOneBonePerTrack)
{
    const Animation baked = bake(additive(), Skeleton{});
    ASSERT_EQ(baked.tracks.size(), 2u);
    // Flat skeleton: rest is identity, so rest + key = key.
    expectNear(baked.tracks[0].translation.keys.value(10), {2, 0, 0});
    const glm::dquat q = baked.tracks[1].rotation.keys.value(10);
    EXPECT_NEAR(std::abs(glm::dot(q, axisAngle(90, {1, 0, 0}))), 1.0, 1e-12);
}

TEST(Bake, FrameTimesCoverTheDuration)
{
    const auto t = frameTimes(2.0, 24);
    ASSERT_EQ(t.size(), 49u);
    EXPECT_EQ(t.back(), 2.0);
    EXPECT_EQ(frameTimes(0.0, 30).size(), 1u);
}

} // namespace
} // namespace bonescope
