// Second Life channels play as the viewer plays them: hold outside the keys, lerp positions, nlerp
// rotations (slerp on a negative dot), and position keys replace the joint's offset (mPelvis's add to its rest).
#include <gtest/gtest.h>

#include "core/playback/channel_eval.h"
#include "core/playback/sampler.h"
#include "formats/secondlife/secondlife_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {
Scene walk()
{
    return SecondLifeFormat().read(test::readBytes(test::samplePath("secondlife/linden_walk.anim")));
}
} // namespace

TEST(SecondLifePlayback, ChannelRules)
{
    const Scene s = walk();
    for (const Track& t : s.animations[0].tracks) {
        EXPECT_EQ(t.rotation.rules.rotation, RotationInterp::NlerpShortest);
        EXPECT_EQ(t.rotation.rules.interpolation, Interpolation::Linear);
        EXPECT_EQ(t.rotation.rules.before, OutsideKeys::Hold);
        EXPECT_EQ(t.translation.rules.after, OutsideKeys::Hold);
    }
}

TEST(SecondLifePlayback, PelvisPositionHoldsThenLerpsAndOffsetsTheRest)
{
    const Scene s = walk();
    const Animation& a = s.animations[0];
    const Track& pelvis = a.tracks[0];
    Sampler sampler(a, s.skeleton);
    Pose pose;
    const int p = s.skeleton.find("mPelvis");
    const glm::vec3 rest(s.skeleton.bones[p].restTranslation);
    // The first position key is at 0.0667 s: before it the first value (0, 0, 0) holds: the rest.
    sampler.sample(0.0, pose);
    EXPECT_EQ(pose.local[p].translation, rest);
    // Halfway between keys 1 and 2.
    const auto& k1 = pelvis.translation.keys[1];
    const auto& k2 = pelvis.translation.keys[2];
    sampler.sample((k1.time + k2.time) / 2, pose);
    const glm::dvec3 mid = (k1.value + k2.value) * 0.5;
    EXPECT_NEAR(pose.local[p].translation.y, rest.y + mid.y, 1e-6);
    EXPECT_NEAR(pose.local[p].translation.z, rest.z + mid.z, 1e-6);
    // Past the end the last key holds.
    sampler.sample(5.0, pose);
    EXPECT_NEAR(pose.local[p].translation.z, rest.z + pelvis.translation.keys.back().value.z, 1e-6);
}

TEST(SecondLifePlayback, RotationsNlerpLikeTheViewer)
{
    const Scene s = walk();
    const Track& t = s.animations[0].tracks[1];
    const auto& a = t.rotation.keys[2];
    const auto& b = t.rotation.keys[3];
    const double f = 0.25;
    const glm::dquat want = glm::normalize(a.value * (1 - f) + b.value * f);
    uint32_t cursor = 0;
    glm::dquat got;
    ASSERT_TRUE(sampleRotation(t.rotation, a.time + f * (b.time - a.time), cursor, got));
    EXPECT_NEAR(got.x, want.x, 1e-9);
    EXPECT_NEAR(got.y, want.y, 1e-9);
    EXPECT_NEAR(got.w, want.w, 1e-9);
    // On a negative dot the viewer slerps the short way: 170 degrees about z, then -identity.
    const glm::dquat q0(std::cos(glm::radians(85.0)), 0, 0, std::sin(glm::radians(85.0)));
    const glm::dquat r = blendRotation(q0, glm::dquat(-1, 0, 0, 0), 0.5, RotationInterp::NlerpShortest);
    EXPECT_NEAR(std::abs(glm::angle(r)), glm::radians(85.0), 1e-9);
}
