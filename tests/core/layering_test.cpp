// An additive or relative animation layered on a base, against poses computed by hand: the base in
// place of the rest pose, the weight on what is added, absolute tracks overriding, base timing
// (looped, held frame), and baking the layered result to plain keys.
#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

#include "core/playback/bake.h"
#include "core/playback/layering.h"
#include "formats/seanim/seanim_extra.h"

using namespace bonescope;

namespace {

glm::dquat about(glm::dvec3 axis, double degrees)
{
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}
glm::dquat aboutZ(double degrees) { return about({0, 0, 1}, degrees); }

// root (rest T (0,5,0), R 90 deg about Z) -> arm (rest T (0,0,2)): rest values the base replaces.
Skeleton twoBones()
{
    Skeleton s;
    s.bones.push_back({"root", -1, {0, 5, 0}, aboutZ(90), {1, 1, 1}});
    s.bones.push_back({"arm", 0, {0, 0, 2}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    return s;
}

Track keyed(const char* name, glm::dvec3 t, glm::dquat r)
{
    Track track;
    track.name = name;
    track.translation.keys.push_back({0, t});
    track.rotation.keys.push_back({0, r});
    return track;
}

// The base: absolute, root at (1,0,0) turned 30 deg about Z, arm at (0,0,3) turned 10 deg about X.
BaseLayer baseLayer(double weight)
{
    BaseLayer layer;
    layer.animation.fps = 30;
    layer.animation.duration = 1;
    layer.animation.tracks.push_back(keyed("root", {1, 0, 0}, aboutZ(30)));
    layer.animation.tracks.push_back(keyed("arm", {0, 0, 3}, about({1, 0, 0}, 10)));
    layer.label = "base";
    layer.weight = weight;
    return layer;
}

// SEAnim's additive type: root adds 15 deg about Z and (0,2,0).
Animation additive(uint8_t type = seanim::Additive)
{
    Animation a;
    a.fps = 30;
    a.duration = 1;
    a.blend = seanim::blendForType(type);
    a.tracks.push_back(keyed("root", {0, 2, 0}, aboutZ(15)));
    return a;
}

void expectVec(glm::dvec3 got, glm::dvec3 want)
{
    EXPECT_NEAR(got.x, want.x, 1e-9);
    EXPECT_NEAR(got.y, want.y, 1e-9);
    EXPECT_NEAR(got.z, want.z, 1e-9);
}

void expectQuat(glm::dquat got, glm::dquat want)
{
    EXPECT_NEAR(std::abs(glm::dot(got, want)), 1.0, 1e-12) << got.w << " " << got.x << " " << got.y << " " << got.z;
}

std::vector<LocalTransform> layered(const Animation& a, const BaseLayer& layer, double time, const Skeleton& s = twoBones())
{
    LayeredSampler sampler(a, layer, s);
    std::vector<LocalTransform> out;
    sampler.sampleLocal(time, out);
    return out;
}

} // namespace

TEST(Layering, AdditiveAddsToTheBasePoseByTheWeight)
{
    const Animation a = additive();
    struct Case {
        double weight, degrees, y;
    };
    for (const Case c : {Case{1, 45, 2}, Case{0.5, 37.5, 1}, Case{0, 30, 0}, Case{2, 60, 4}}) {
        SCOPED_TRACE(c.weight);
        const BaseLayer layer = baseLayer(c.weight);
        const auto pose = layered(a, layer, 0.5);
        expectQuat(pose[0].rotation, aboutZ(c.degrees));
        expectVec(pose[0].translation, {1, c.y, 0});
        // The arm has no additive track: the base's pose, not the rest's.
        expectVec(pose[1].translation, {0, 0, 3});
        expectQuat(pose[1].rotation, about({1, 0, 0}, 10));
    }
}

TEST(Layering, AdditiveRotationComesAfterTheBaseAsOnRest)
{
    // About another axis the order shows: key * base, as key * rest without a base (FORMATS.md).
    Animation a = additive();
    a.tracks[0].rotation.keys.setValue(0, about({1, 0, 0}, 90));
    const auto pose = layered(a, baseLayer(1), 0);
    expectQuat(pose[0].rotation, about({1, 0, 0}, 90) * aboutZ(30));
    const auto half = layered(a, baseLayer(0.5), 0);
    expectQuat(half[0].rotation, about({1, 0, 0}, 45) * aboutZ(30));
}

TEST(Layering, RelativeAddsTranslationAndReplacesRotation)
{
    const Animation a = additive(seanim::Relative);
    const auto pose = layered(a, baseLayer(0.5), 0);
    expectVec(pose[0].translation, {1, 1, 0});  // base + 0.5 * key
    expectQuat(pose[0].rotation, aboutZ(15));   // the key replaces the base's rotation
}

TEST(Layering, AbsoluteTracksOverrideTheBase)
{
    Animation a = additive();
    // The arm's own mode is absolute: its keys replace the base; a channel it does not key keeps
    // the base's value.
    Track arm;
    arm.name = "arm";
    arm.rotation.keys.push_back({0, aboutZ(-20)});
    a.tracks.push_back(arm);
    a.modifiers.push_back({1, BlendMode{}, seanim::Absolute});
    const auto pose = layered(a, baseLayer(0.5), 0);
    expectQuat(pose[1].rotation, aboutZ(-20));
    expectVec(pose[1].translation, {0, 0, 3});
    expectQuat(pose[0].rotation, aboutZ(37.5));
}

TEST(Layering, BaseLoopsPastItsEndAndAFrameIsHeld)
{
    BaseLayer layer = baseLayer(1);
    layer.animation.tracks[0].rotation.keys = {{0, aboutZ(0)}, {1, aboutZ(60)}};
    const Animation a = additive();
    expectQuat(layered(a, layer, 0.5)[0].rotation, aboutZ(30 + 15));
    expectQuat(layered(a, layer, 1.0)[0].rotation, aboutZ(60 + 15)); // the base's last frame
    expectQuat(layered(a, layer, 1.5)[0].rotation, aboutZ(30 + 15)); // wrapped to 0.5
    layer.frameTime = 1.0;
    expectQuat(layered(a, layer, 0.25)[0].rotation, aboutZ(60 + 15));
    EXPECT_EQ(layer.baseTime(0.25), 1.0);
}

TEST(Layering, WithoutASkeletonBothAnimationsBonesPlay)
{
    const Animation a = additive();
    const BaseLayer layer = baseLayer(1);
    LayeredSampler sampler(a, layer, Skeleton{});
    ASSERT_EQ(sampler.skeleton().size(), 2u);
    EXPECT_EQ(sampler.skeleton().bones[1].name, "arm");
    std::vector<LocalTransform> pose;
    sampler.sampleLocal(0, pose);
    expectQuat(pose[0].rotation, aboutZ(45));
    expectVec(pose[1].translation, {0, 0, 3});
}

TEST(Layering, DrawnPoseComposesTheLayeredLocals)
{
    const Animation a = additive();
    const BaseLayer layer = baseLayer(1);
    const Skeleton s = twoBones();
    LayeredSampler sampler(a, layer, s);
    Pose pose;
    sampler.sample(0, pose);
    // root: (1,2,0) turned 45 deg about Z; arm (0,0,3) below it, on the Z axis: world (1,2,3).
    const glm::vec4 arm = pose.world[1] * glm::vec4(0, 0, 0, 1);
    EXPECT_NEAR(arm.x, 1, 1e-5);
    EXPECT_NEAR(arm.y, 2, 1e-5);
    EXPECT_NEAR(arm.z, 3, 1e-5);
    EXPECT_NEAR(std::abs(glm::dot(glm::dquat(pose.local[0].rotation), aboutZ(45))), 1.0, 1e-6);
}

TEST(Layering, BakedResultPlaysTheLayeredPoseAsAbsoluteKeys)
{
    Animation a = additive();
    a.tracks[0].rotation.keys.push_back({1, aboutZ(45)});
    BaseLayer layer = baseLayer(0.5);
    layer.animation.tracks[0].rotation.keys = {{0, aboutZ(0)}, {1, aboutZ(60)}};
    const Skeleton s = twoBones();
    const Animation baked = bake(a, layer, s, {0, true});
    EXPECT_EQ(baked.blend, BlendMode{});
    EXPECT_TRUE(baked.modifiers.empty());
    EXPECT_EQ(baked.tracks[0].rotation.size(), 31u); // a key per frame at the additive's 30 fps
    EXPECT_FALSE(baked.tracks[1].translation.empty()); // the base animates the arm: kept
    LayeredSampler layeredSampler(a, layer, s);
    Sampler plain(baked, s);
    std::vector<LocalTransform> want, got;
    for (int f = 0; f <= 30; ++f) {
        layeredSampler.sampleLocal(f / 30.0, want);
        plain.sampleLocal(f / 30.0, got);
        for (size_t i = 0; i < s.size(); ++i) {
            expectVec(got[i].translation, want[i].translation);
            expectQuat(got[i].rotation, want[i].rotation);
        }
    }
    // Frame 15: base 30 deg + half of the additive's 30 deg.
    expectQuat(baked.tracks[0].rotation.keys.value(15), aboutZ(45));
}

TEST(Layering, BakingOnAHeldFrameHoldsTheBasesVisibility)
{
    const Animation a = additive();
    BaseLayer layer = baseLayer(1);
    layer.animation.tracks[1].visibility.keys = {{0, 1.0}, {0.5, 0.0}};
    layer.frameTime = 0.6; // the arm hidden
    const Animation baked = bake(a, layer, twoBones(), {0, true});
    ASSERT_EQ(baked.tracks[1].visibility.size(), 1u);
    EXPECT_EQ(baked.tracks[1].visibility.keys.value(0), 0.0);
    layer.frameTime.reset(); // playing along: the base's switches
    EXPECT_EQ(bake(a, layer, twoBones(), {0, true}).tracks[1].visibility.size(), 2u);
}

TEST(Layering, WeightRange)
{
    EXPECT_TRUE(validBaseWeight(0));
    EXPECT_TRUE(validBaseWeight(2));
    EXPECT_FALSE(validBaseWeight(2.0001));
    EXPECT_FALSE(validBaseWeight(-0.1));
    EXPECT_FALSE(validBaseWeight(std::nan("")));
}
