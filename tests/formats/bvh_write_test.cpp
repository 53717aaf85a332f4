// Writing BVH: Euler decomposition in every channel order, re-saving the sample, and writing scenes
// that are not per-frame (rest rotations, additive keys) with the same pose read back.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/editing/key_reduction.h"
#include "core/playback/sampler.h"
#include "formats/bvh/bvh_euler.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/parse_error.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

glm::dquat axisAngle(double degrees, glm::dvec3 axis) { return glm::angleAxis(glm::radians(degrees), glm::normalize(axis)); }

TEST(BvhEuler, DecomposeComposeInEveryOrder)
{
    const std::array<std::array<int, 3>, 6> orders = {{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    std::mt19937 rng(8);
    std::normal_distribution<double> n;
    for (const auto& axes : orders) {
        for (int i = 0; i < 500; ++i) {
            const glm::dquat q = glm::normalize(glm::dquat(n(rng), n(rng), n(rng), n(rng)));
            const glm::dvec3 e = bvh::decomposeEuler(axes, q);
            EXPECT_LE(std::abs(e[1]), 90.0 + 1e-9);
            EXPECT_LT(rotationDistanceDegrees(bvh::composeEuler(axes, e), q), 1e-6);
        }
        // Gimbal lock: the middle angle at 90 degrees.
        const glm::dquat lock = bvh::composeEuler(axes, {30, 90, -20});
        EXPECT_LT(rotationDistanceDegrees(bvh::composeEuler(axes, bvh::decomposeEuler(axes, lock)), lock), 1e-6);
        // Plain angles come back as they were.
        const glm::dvec3 e = bvh::decomposeEuler(axes, bvh::composeEuler(axes, {10, -20, 30}));
        EXPECT_NEAR(e[0], 10, 1e-9);
        EXPECT_NEAR(e[1], -20, 1e-9);
        EXPECT_NEAR(e[2], 30, 1e-9);
    }
}

TEST(BvhEuler, NearKeepsAnglesContinuous)
{
    const std::array<int, 3> zxy{2, 0, 1};
    const glm::dvec3 prev(179, 10, -178);
    const glm::dvec3 e = bvh::decomposeEuler(zxy, bvh::composeEuler(zxy, {-179, 10, 179}), &prev);
    EXPECT_NEAR(e[0], 181, 1e-9);
    EXPECT_NEAR(e[2], -181, 1e-9);
}

TEST(BvhWrite, ResavedTowerReadsBackFrameForFrame)
{
    BvhFormat bvh;
    const Scene a = bvh.read(test::readBytes(test::samplePath("secondlife/opencollar_tower.bvh")));
    const auto bytes = bvh.write(a);
    const std::string text(bytes.begin(), bytes.end());
    EXPECT_NE(text.find("Frames: 71\nFrame Time: 0.041667\n"), std::string::npos);
    EXPECT_NE(text.find("CHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation"), std::string::npos);
    const Scene b = bvh.read(bytes);
    ASSERT_EQ(b.skeleton.size(), a.skeleton.size());
    for (size_t i = 0; i < a.skeleton.size(); ++i) {
        EXPECT_EQ(b.skeleton.bones[i].name, a.skeleton.bones[i].name);
        EXPECT_EQ(b.skeleton.bones[i].parent, a.skeleton.bones[i].parent);
        EXPECT_EQ(b.skeleton.bones[i].flags, a.skeleton.bones[i].flags);
        EXPECT_LT(glm::length(b.skeleton.bones[i].restTranslation - a.skeleton.bones[i].restTranslation), 1e-12);
    }
    const Animation& fa = a.animations[0];
    const Animation& fb = b.animations[0];
    ASSERT_EQ(fb.tracks.size(), fa.tracks.size());
    EXPECT_EQ(fb.fps, fa.fps);
    double worst = 0;
    for (size_t t = 0; t < fa.tracks.size(); ++t) {
        const Track& ta = fa.tracks[t];
        const Track& tb = fb.tracks[t];
        ASSERT_EQ(tb.rotation.size(), 71u) << ta.name;
        ASSERT_EQ(tb.translation.size(), ta.translation.size()) << ta.name;
        for (size_t k = 0; k < 71; ++k) {
            EXPECT_EQ(tb.rotation.keys.time(k), ta.rotation.keys.time(k));
            worst = std::max(worst, rotationDistanceDegrees(ta.rotation.keys.value(k), tb.rotation.keys.value(k)));
        }
        for (size_t k = 0; k < ta.translation.size(); ++k)
            EXPECT_LT(glm::length(ta.translation.keys.value(k) - tb.translation.keys.value(k)), 1e-6);
    }
    EXPECT_LT(worst, 0.01);
}

// A three-bone scene with rest rotations and additive keys (not per-frame, not BVH-like at all).
Scene restRotatedScene()
{
    Scene s;
    s.format = "seanim";
    Bone root;
    root.name = "root";
    root.restTranslation = {0, 1, 0};
    root.restRotation = axisAngle(20, {0, 1, 0});
    Bone arm;
    arm.name = "arm";
    arm.parent = 0;
    arm.restTranslation = {0.5, 0.2, 0};
    arm.restRotation = axisAngle(-70, {1, 0.2, 0.4});
    Bone hand;
    hand.name = "hand";
    hand.parent = 1;
    hand.restTranslation = {0.4, 0, 0.1};
    s.skeleton.bones = {root, arm, hand};
    Animation a;
    a.fps = 30;
    a.duration = 1;
    a.blend = {TranslationBlend::AddToRest, RotationBlend::AfterRest};
    Track r;
    r.name = "root";
    r.translation.keys = {{0, {0, 0, 0}}, {0.5, {0.3, 0.1, 0}}, {1, {1, 0, -1}}};
    r.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, axisAngle(170, {0, 1, 0.1})}};
    Track m;
    m.name = "arm";
    m.rotation.keys = {{0, axisAngle(10, {0, 0, 1})}, {0.4, axisAngle(95, {0.3, 0, 1})}, {1, axisAngle(-40, {1, 1, 0})}};
    Track h;
    h.name = "hand";
    h.translation.keys = {{0, {0, 0, 0}}, {1, {0, 0.2, 0}}}; // a non-root bone that moves
    a.tracks = {r, m, h};
    s.animations.push_back(a);
    return s;
}

TEST(BvhWrite, NewFileUsesZxyAndKeepsThePose)
{
    const Scene src = restRotatedScene();
    BvhFormat bvh;
    const auto bytes = bvh.write(src);
    const std::string text(bytes.begin(), bytes.end());
    EXPECT_EQ(text.rfind("HIERARCHY\nROOT root\n{\n\tOFFSET 0.000000 1.000000 0.000000\n"
                         "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n", 0), 0u);
    EXPECT_NE(text.find("JOINT arm\n\t{\n\t\tOFFSET 0.500000 0.200000 0.000000\n\t\tCHANNELS 3 Zrotation Xrotation Yrotation\n"),
              std::string::npos);
    EXPECT_NE(text.find("JOINT hand\n\t\t{\n\t\t\tOFFSET 0.400000 0.000000 0.100000\n\t\t\tCHANNELS 6 "), std::string::npos);
    EXPECT_NE(text.find("Frames: 31\nFrame Time: 0.0333333333\n"), std::string::npos);

    const Scene back = bvh.read(bytes);
    Sampler a(src.animations[0], src.skeleton), b(back.animations[0], back.skeleton);
    std::vector<LocalTransform> la, lb;
    Pose pa, pb;
    for (int f = 0; f <= 30; ++f) {
        const double t = f / 30.0;
        a.sampleLocal(t, la);
        b.sampleLocal(back.animations[0].tracks[0].rotation.keys.time(f), lb);
        for (int i = 0; i < 3; ++i) {
            EXPECT_LT(rotationDistanceDegrees(la[i].rotation, lb[i].rotation), 1e-4) << "frame " << f << " bone " << i;
            EXPECT_LT(glm::length(la[i].translation - lb[i].translation), 1e-6) << "frame " << f << " bone " << i;
        }
        a.sample(t, pa);
        b.sample(t, pb);
        for (int i = 0; i < 3; ++i)
            EXPECT_LT(glm::length(glm::vec3(pa.world[i][3]) - glm::vec3(pb.world[i][3])), 1e-4f) << f;
    }
}

TEST(BvhWrite, SceneWithoutSkeletonWritesOneRootPerTrack)
{
    Scene s = restRotatedScene();
    s.skeleton = {};
    const auto bytes = BvhFormat().write(s);
    const Scene back = BvhFormat().read(bytes);
    EXPECT_EQ(back.skeleton.size(), 3u);
    for (const Bone& b : back.skeleton.bones)
        EXPECT_EQ(b.parent, -1);
    Scene empty;
    EXPECT_THROW(BvhFormat().write(empty), WriteError);
}

} // namespace
} // namespace bonescope
