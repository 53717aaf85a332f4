// The game's playback rules as channel data, on purpose-built files read by the LEGO reader, with
// poses worked out by hand. Pose values are in the viewer's axes: position (-x, y, z), quaternion
// (w, -x, y, z) of the stored values.
#include <cmath>

#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/lego/lego_format.h"
#include "tests/formats/lego_test_builder.h"

using namespace bonescope;
using test::AniBuilder;

namespace {

constexpr float kC45 = 0.70710678f; // cos 45 = sin 45

struct Played {
    Scene scene;
    Pose pose;
    Pose at(double t)
    {
        Sampler s(scene.animations[0], scene.skeleton);
        s.sample(t, pose);
        return pose;
    }
};

// One node "n" under a bare root; `keys` writes its four channels.
template <class F>
Played oneNode(F keys)
{
    AniBuilder b;
    b.header(0, 0, {}, 2000).bareNode("-root", 1).name("n");
    keys(b);
    b.children(0);
    return {LegoFormat().read(b.bytes()), {}};
}

void expectQuat(const glm::quat& q, double w, double x, double y, double z)
{
    EXPECT_NEAR(q.w, w, 1e-5);
    EXPECT_NEAR(q.x, x, 1e-5);
    EXPECT_NEAR(q.y, y, 1e-5);
    EXPECT_NEAR(q.z, z, 1e-5);
}

} // namespace

TEST(LegoSampler, NotAppliedBeforeTheFirstKeyLastKeyHoldsLinearBetween)
{
    auto p = oneNode([](AniBuilder& b) {
        b.count(2).vec(500, 1, 2, 4, 6).vec(1500, 1, 4, 8, 10);
        b.count(0).count(2).vec(500, 0, 1, 1, 1).vec(1500, 0, 3, 5, 7).count(0);
    });
    Pose pose = p.at(0.25); // before the first key: the rest (identity), not the first key
    EXPECT_EQ(pose.local[1].translation, glm::vec3(0.f));
    EXPECT_EQ(pose.local[1].scale, glm::vec3(1.f));
    pose = p.at(1.0); // halfway
    EXPECT_EQ(pose.local[1].translation, glm::vec3(-3, 6, 8));
    EXPECT_EQ(pose.local[1].scale, glm::vec3(2, 3, 4));
    pose = p.at(1.9); // after the last key: it holds
    EXPECT_EQ(pose.local[1].translation, glm::vec3(-4, 8, 10));
    EXPECT_EQ(pose.local[1].scale, glm::vec3(3, 5, 7));
}

TEST(LegoSampler, HoldFlagOnTheSecondKeyHoldsTheFirst)
{
    auto p = oneNode([](AniBuilder& b) {
        b.count(0);
        b.count(2).quat(0, 1, 1, 0, 0, 0).quat(1000, 0x05, kC45, 0, kC45, 0);
        b.count(0).count(0);
    });
    expectQuat(p.at(0.5).local[1].rotation, 1, 0, 0, 0);
    expectQuat(p.at(0.999).local[1].rotation, 1, 0, 0, 0);
    expectQuat(p.at(1.0).local[1].rotation, kC45, 0, kC45, 0); // at the key itself: that key
}

TEST(LegoSampler, NegateFlagNegatesTheSecondKeyAndTakesTheLongWay)
{
    // identity -> 90 deg about y, 0x02 on the second key: slerp(a, -b, 0.5). dot = -cos45, theta =
    // 135 deg; (sin 67.5 a - sin 67.5 b) / sin 135 = 1.306563 * (1 - 0.707107, 0, -0.707107, 0)
    // = (w 0.382683, y -0.923880).
    auto p = oneNode([](AniBuilder& b) {
        b.count(0);
        b.count(2).quat(0, 1, 1, 0, 0, 0).quat(1000, 0x03, kC45, 0, kC45, 0);
        b.count(0).count(0);
    });
    expectQuat(p.at(0.5).local[1].rotation, 0.38268343, 0, -0.92387953, 0);
}

TEST(LegoSampler, LongWaySegmentIsLeftAsItIs)
{
    // The second key stored as -(90 deg about y): same rotation, but the stored path is the long
    // one, and the game follows it (no shortest-path flip). Same midpoint as above; the short way
    // would give (w 0.923880, y 0.382683).
    auto p = oneNode([](AniBuilder& b) {
        b.count(0);
        b.count(2).quat(0, 1, 1, 0, 0, 0).quat(1000, 0x01, -kC45, 0, -kC45, 0);
        b.count(0).count(0);
    });
    expectQuat(p.at(0.5).local[1].rotation, 0.38268343, 0, -0.92387953, 0);
}

TEST(LegoSampler, InactiveKeysAreNotApplied)
{
    // Flag 0x01 clear and a neutral value (translation within 1e-5 of zero; rotation w == 1): the
    // channel is not applied, so the stored 5e-6 and the non-unit (1, 0.5, 0, 0) do not show.
    auto p = oneNode([](AniBuilder& b) {
        b.count(1).vec(0, 0, 5e-6f, 0, 0);
        b.count(1).quat(0, 0, 1, 0.5f, 0, 0);
        b.count(0).count(0);
    });
    Pose pose = p.at(0.5);
    EXPECT_EQ(pose.local[1].translation, glm::vec3(0.f));
    expectQuat(pose.local[1].rotation, 1, 0, 0, 0);

    // The same keys with 0x01 set apply.
    auto q = oneNode([](AniBuilder& b) {
        b.count(1).vec(0, 1, 5e-6f, 0, 0);
        b.count(1).quat(0, 1, 1, 0.5f, 0, 0);
        b.count(0).count(0);
    });
    pose = q.at(0.5);
    EXPECT_FLOAT_EQ(pose.local[1].translation.x, -5e-6f);
    expectQuat(pose.local[1].rotation, 1, -0.5, 0, 0);

    // The game's loader marks a non-neutral key active itself: flag clear, value 2 -> applied.
    auto r = oneNode([](AniBuilder& b) {
        b.count(1).vec(0, 0, 2, 0, 0);
        b.count(0).count(0).count(0);
    });
    EXPECT_EQ(r.at(0.5).local[1].translation, glm::vec3(-2, 0, 0));
}

TEST(LegoSampler, ASegmentAppliesWhenEitherKeyIsActive)
{
    auto p = oneNode([](AniBuilder& b) {
        b.count(3).vec(0, 0, 1e-6f, 0, 0).vec(1000, 1, 2, 0, 0).vec(1500, 0, 0, 0, 0);
        b.count(0).count(0).count(0);
    });
    EXPECT_EQ(p.at(0.0).local[1].translation, glm::vec3(0.f)); // exactly on the inactive key
    EXPECT_NEAR(p.at(0.5).local[1].translation.x, -(1e-6 + 2) / 2, 1e-6);
    EXPECT_EQ(p.at(1.25).local[1].translation, glm::vec3(-1, 0, 0)); // active -> inactive
    EXPECT_EQ(p.at(1.8).local[1].translation, glm::vec3(0.f));        // after an inactive last key
}

TEST(LegoSampler, VisibilitySteps)
{
    auto p = oneNode([](AniBuilder& b) {
        b.count(0).count(0).count(0);
        b.count(3).morph(200, 0, 0).morph(500, 0, 1).morph(1000, 0, 0);
    });
    EXPECT_EQ(p.at(0.1).visible[1], 1); // before the first key: visible
    EXPECT_EQ(p.at(0.3).visible[1], 0);
    EXPECT_EQ(p.at(0.99).visible[1], 1); // no blend towards the next key
    EXPECT_EQ(p.at(1.5).visible[1], 0);
}

TEST(LegoSampler, ScaleThenRotateThenTranslate)
{
    // Parent: scale 2, rotation 90 deg about y (stored (cos45, 0, sin45, 0)), translation (1,0,0);
    // child translation (1,0,0). Viewer: parent t (-1,0,0), q (cos45, 0, sin45, 0); child t
    // (-1,0,0). Child world = (-1,0,0) + Ry(90)(2 * (-1,0,0)) = (-1,0,0) + (0,0,2) = (-1,0,2).
    AniBuilder b;
    b.header(0, 0, {}, 1000).name("p");
    b.count(1).vec(0, 1, 1, 0, 0).count(1).quat(0, 1, kC45, 0, kC45, 0).count(1).vec(0, 1, 2, 2, 2).count(0);
    b.children(1).name("c").count(1).vec(0, 1, 1, 0, 0).count(0).count(0).count(0).children(0);
    Played p{LegoFormat().read(b.bytes()), {}};
    const Pose pose = p.at(0.0);
    const glm::vec4 w = pose.world[1][3];
    EXPECT_NEAR(w.x, -1, 1e-5);
    EXPECT_NEAR(w.y, 0, 1e-5);
    EXPECT_NEAR(w.z, 2, 1e-5);
}
