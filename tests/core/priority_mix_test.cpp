// An animation previewed over a base by joint priority (the Second Life viewer's rule), against poses
// computed by hand: the higher joint priority wins each channel, -1 plays at the motion's priority, a
// motion that does not key a channel leaves it to the other, joints neither keys stay at rest, and a
// tie goes to the motion started last.
#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

#include "core/playback/priority_mix.h"

using namespace bonescope;

namespace {

glm::dquat about(glm::dvec3 axis, double degrees) { return glm::angleAxis(glm::radians(degrees), axis); }
const glm::dvec3 X{1, 0, 0}, Y{0, 1, 0}, Z{0, 0, 1};

// pelvis -> hip -> knee, pelvis -> chest -> neck -> head, pelvis -> arm; rest rotations identity.
Skeleton body()
{
    Skeleton s;
    s.bones.push_back({"pelvis", -1, {0, 0, 1}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"hip", 0, {0, 0.1, -0.1}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"knee", 1, {0, 0, -0.5}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"chest", 0, {0, 0, 0.3}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"neck", 3, {0, 0, 0.2}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"head", 4, {0, 0, 0.1}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"arm", 0, {0, 0.2, 0.4}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    return s;
}

Track rotationTrack(const char* name, glm::dquat r)
{
    Track t;
    t.name = name;
    if (r != glm::dquat(0, 0, 0, 0))
        t.rotation.keys.push_back({0, r});
    return t;
}

// The animation, motion priority 3:
//   chest rotation (priority -1 = 3), hip rotation at 1, knee listed without keys at 6,
//   head rotation and position at 5, neck rotation at 4.
Animation animation(MotionPriorities& p)
{
    Animation a;
    a.fps = 30;
    a.duration = 1;
    a.tracks.push_back(rotationTrack("chest", about(Y, 40)));
    a.tracks.push_back(rotationTrack("hip", about(Y, 20)));
    a.tracks.push_back(rotationTrack("knee", glm::dquat(0, 0, 0, 0)));
    Track head = rotationTrack("head", about(Z, 10));
    head.translation.keys.push_back({0, {0, 0, 0.25}});
    a.tracks.push_back(head);
    a.tracks.push_back(rotationTrack("neck", about(X, 15)));
    p.motion = 3;
    p.joints = {kUseMotionPriority, 1, 6, 5, 4};
    return a;
}

// The base, motion priority 2: chest rotation (2), hip rotation (2), knee rotation (2), pelvis
// position and rotation (2), head rotation at 6, neck rotation at 4.
PriorityBase base()
{
    PriorityBase b;
    b.label = "base";
    b.animation.fps = 30;
    b.animation.duration = 1;
    b.animation.looping = true;
    b.animation.tracks.push_back(rotationTrack("chest", about(X, -10)));
    b.animation.tracks.push_back(rotationTrack("hip", about(Y, -30)));
    b.animation.tracks.push_back(rotationTrack("knee", about(Y, 50)));
    Track pelvis = rotationTrack("pelvis", about(Z, 5));
    pelvis.translation.keys.push_back({0, {0, 0, -0.2}});
    b.animation.tracks.push_back(pelvis);
    b.animation.tracks.push_back(rotationTrack("head", about(Z, -60)));
    b.animation.tracks.push_back(rotationTrack("neck", about(X, -15)));
    b.priorities.motion = 2;
    b.priorities.joints = {-1, -1, -1, -1, 6, 4};
    return b;
}

void expectQuat(const glm::dquat& a, const glm::dquat& b, const char* what)
{
    EXPECT_NEAR(std::abs(glm::dot(a, b)), 1.0, 1e-12) << what;
}

void expectVec(const glm::dvec3& a, const glm::dvec3& b, const char* what)
{
    EXPECT_NEAR(a.x, b.x, 1e-6) << what;
    EXPECT_NEAR(a.y, b.y, 1e-6) << what;
    EXPECT_NEAR(a.z, b.z, 1e-6) << what;
}

// The two motions above on body(), and a place for the mixed locals.
class PriorityMixOnBody : public testing::Test {
protected:
    Skeleton s = body();
    MotionPriorities p;
    Animation a = animation(p);
    PriorityBase b = base();
    std::vector<LocalTransform> out;
};

} // namespace

TEST(PriorityMix, MotionPriorityStandsInForMinusOne)
{
    MotionPriorities p;
    p.motion = 3;
    p.joints = {kUseMotionPriority, 0, 6};
    EXPECT_EQ(p.ofTrack(0), 3);
    EXPECT_EQ(p.ofTrack(1), 0);
    EXPECT_EQ(p.ofTrack(2), 6);
    EXPECT_EQ(p.ofTrack(7), 3); // a track the list does not reach
}

TEST_F(PriorityMixOnBody, HigherJointPriorityWinsEachChannel)
{
    PriorityMixSampler mix(a, p, b, s);
    mix.sampleLocal(0.5, out);
    const auto& d = mix.drivers();

    // chest: the animation's -1 plays at 3, over the base's 2.
    EXPECT_EQ(d[3].rotation, MixSource::Animation);
    EXPECT_EQ(d[3].animationPriority, 3);
    EXPECT_EQ(d[3].basePriority, 2);
    expectQuat(out[3].rotation, about(Y, 40), "chest");
    expectVec(out[3].translation, {0, 0, 0.3}, "chest keeps its rest offset");
    // hip: the animation's joint priority 1 loses to the base's 2.
    EXPECT_EQ(d[1].rotation, MixSource::Base);
    expectQuat(out[1].rotation, about(Y, -30), "hip");
    // knee: listed at 6 without keys, so the base's rotation drives it.
    EXPECT_EQ(d[2].rotation, MixSource::Base);
    EXPECT_EQ(d[2].animationPriority, 6);
    expectQuat(out[2].rotation, about(Y, 50), "knee");
    // pelvis: not in the animation at all.
    EXPECT_EQ(d[0].rotation, MixSource::Base);
    EXPECT_EQ(d[0].translation, MixSource::Base);
    EXPECT_EQ(d[0].animationPriority, JointDrivers::kNoPriority);
    expectVec(out[0].translation, {0, 0, -0.2}, "pelvis");
    // head: the base's rotation at 6 beats 5; the position only the animation keys.
    EXPECT_EQ(d[5].rotation, MixSource::Base);
    EXPECT_EQ(d[5].translation, MixSource::Animation);
    expectQuat(out[5].rotation, about(Z, -60), "head rotation");
    expectVec(out[5].translation, {0, 0, 0.25}, "head position");
    // arm: in neither motion.
    EXPECT_EQ(d[6].rotation, MixSource::Rest);
    EXPECT_EQ(d[6].translation, MixSource::Rest);
    expectVec(out[6].translation, {0, 0.2, 0.4}, "arm");
    expectQuat(out[6].rotation, glm::dquat(1, 0, 0, 0), "arm");

    // The knee's world position, by hand: pelvis (0,0,-0.2) turned 5 deg about Z; hip (0,0.1,-0.1)
    // turned -30 deg about Y; knee (0,0,-0.5):
    // Ry(-30) (0,0,-0.5) = (0.25, 0, -0.4330127); + hip = (0.25, 0.1, -0.5330127);
    // Rz(5) of that = (0.2403331, 0.1214084, -0.5330127); + pelvis = (0.2403331, 0.1214084, -0.7330127).
    Pose pose;
    mix.sample(0.5, pose);
    const glm::vec3 knee(pose.world[2][3]);
    EXPECT_NEAR(knee.x, 0.2403331f, 1e-6f);
    EXPECT_NEAR(knee.y, 0.1214084f, 1e-6f);
    EXPECT_NEAR(knee.z, -0.7330127f, 1e-6f);
}

TEST_F(PriorityMixOnBody, TieGoesToTheMotionStartedLast)
{
    {
        PriorityMixSampler mix(a, p, b, s); // the base started last, as the viewer's preview starts it
        mix.sampleLocal(0, out);
        EXPECT_EQ(mix.drivers()[4].rotation, MixSource::Base);
        expectQuat(out[4].rotation, about(X, -15), "neck, base last");
    }
    b.startedLast = false;
    PriorityMixSampler mix(a, p, b, s);
    mix.sampleLocal(0, out);
    EXPECT_EQ(mix.drivers()[4].rotation, MixSource::Animation);
    expectQuat(out[4].rotation, about(X, 15), "neck, animation last");
}

TEST_F(PriorityMixOnBody, NewPrioritiesChangeTheWinner)
{
    PriorityMixSampler mix(a, p, b, s);
    p.joints[1] = 4; // the hip now outranks the base's 2
    mix.setPriorities(p);
    mix.sampleLocal(0, out);
    EXPECT_EQ(mix.drivers()[1].rotation, MixSource::Animation);
    expectQuat(out[1].rotation, about(Y, 20), "hip");
}

TEST(PriorityMix, TheBasePlaysOnAndLoops)
{
    PriorityBase b = base();
    Track& hip = b.animation.tracks[1];
    hip.rotation.keys = {{0, about(Y, 0)}, {1, about(Y, -40)}};
    EXPECT_DOUBLE_EQ(b.baseTime(0.25), 0.25);
    EXPECT_DOUBLE_EQ(b.baseTime(1.25), 0.25); // looping: wrapped
    const Skeleton s = body();
    MotionPriorities p;
    Animation a = animation(p);
    a.duration = 2;
    PriorityMixSampler mix(a, p, b, s);
    std::vector<LocalTransform> out;
    mix.sampleLocal(1.5, out);
    expectQuat(out[1].rotation, glm::slerp(about(Y, 0), about(Y, -40), 0.5), "hip half way through its second loop");
    b.animation.looping = false;
    EXPECT_DOUBLE_EQ(b.baseTime(1.25), 1.0); // held at its end
}

TEST(PriorityMix, WithoutASkeletonOneBonePerTrackOfEither)
{
    MotionPriorities p;
    const Animation a = animation(p);
    const PriorityBase b = base();
    const Skeleton none;
    PriorityMixSampler mix(a, p, b, none);
    EXPECT_EQ(mix.skeleton().size(), 6u); // chest hip knee head neck + the base's pelvis
    std::vector<LocalTransform> out;
    mix.sampleLocal(0, out);
    const int pelvis = mix.skeleton().find("pelvis");
    ASSERT_GE(pelvis, 0);
    expectVec(out[pelvis].translation, {0, 0, -0.2}, "pelvis");
}
