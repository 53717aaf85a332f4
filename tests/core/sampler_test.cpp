// The sampler against poses computed by hand: blend modes of the four SEAnim types, modifiers down
// the hierarchy, interpolation rules, and playing without a skeleton.
#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/seanim/seanim_extra.h"

using namespace bonescope;

namespace {

glm::dquat aboutZ(double degrees)
{
    const double r = glm::radians(degrees) / 2;
    return glm::dquat(std::cos(r), 0, 0, std::sin(r));
}

// root (rest T (0,1,0), R 90 deg about Z) -> child (rest T (0,0,2)) -> tip (rest T (1,0,0))
Skeleton chain()
{
    Skeleton s;
    s.bones.push_back({"root", -1, {0, 1, 0}, aboutZ(90), {1, 1, 1}});
    s.bones.push_back({"child", 0, {0, 0, 2}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
    s.bones.push_back({"tip", 1, {1, 0, 0}, aboutZ(90), {1, 1, 1}});
    return s;
}

// Every bone keyed once: translation (1,0,0), rotation 90 deg about Z.
Animation keyedOnce(uint8_t type)
{
    Animation a;
    a.fps = 30;
    a.blend = seanim::blendForType(type);
    for (const char* name : {"root", "child", "tip"}) {
        Track t;
        t.name = name;
        t.translation.keys.push_back({0, {1, 0, 0}});
        t.rotation.keys.push_back({0, aboutZ(90)});
        a.tracks.push_back(t);
    }
    return a;
}

void expectVec(const glm::vec3& got, glm::dvec3 want)
{
    EXPECT_NEAR(got.x, want.x, 1e-5);
    EXPECT_NEAR(got.y, want.y, 1e-5);
    EXPECT_NEAR(got.z, want.z, 1e-5);
}

void expectQuat(const glm::quat& got, glm::dquat want)
{
    // q and -q are the same rotation.
    const double d = std::abs(glm::dot(glm::dquat(got), want));
    EXPECT_NEAR(d, 1.0, 1e-5) << got.w << " " << got.x << " " << got.y << " " << got.z;
}

Pose sampleAt(const Animation& a, const Skeleton& s, double t)
{
    Sampler sampler(a, s);
    Pose p;
    sampler.sample(t, p);
    return p;
}

} // namespace

TEST(Sampler, AbsoluteReplacesRest)
{
    const Skeleton s = chain();
    const Pose p = sampleAt(keyedOnce(seanim::Absolute), s, 0);
    expectVec(p.local[1].translation, {1, 0, 0});
    expectQuat(p.local[1].rotation, aboutZ(90));
    // world of child: root at (1,0,0) rotated 90 about Z; child offset (1,0,0) -> (0,1,0) in world
    expectVec(glm::vec3(p.world[1][3]), {1, 1, 0});
}

TEST(Sampler, RelativeAddsTranslationReplacesRotation)
{
    const Pose p = sampleAt(keyedOnce(seanim::Relative), chain(), 0);
    expectVec(p.local[0].translation, {1, 1, 0});   // rest (0,1,0) + key (1,0,0)
    expectVec(p.local[1].translation, {1, 0, 2});   // rest (0,0,2) + key
    expectQuat(p.local[0].rotation, aboutZ(90));    // key replaces rest 90
}

TEST(Sampler, AdditiveMultipliesRotationAfterRest)
{
    const Pose p = sampleAt(keyedOnce(seanim::Additive), chain(), 0);
    expectVec(p.local[2].translation, {2, 0, 0});   // rest (1,0,0) + key (1,0,0)
    expectQuat(p.local[0].rotation, aboutZ(180));   // key 90 * rest 90
    expectQuat(p.local[1].rotation, aboutZ(90));    // key 90 * rest identity
}

TEST(Sampler, DeltaReplacesLikeAbsolute)
{
    const Pose p = sampleAt(keyedOnce(seanim::Delta), chain(), 0);
    expectVec(p.local[0].translation, {1, 0, 0});
    expectQuat(p.local[2].rotation, aboutZ(90));
}

TEST(Sampler, ModifierAppliesToBoneAndDescendants)
{
    Animation a = keyedOnce(seanim::Relative);
    a.modifiers.push_back({1, seanim::blendForType(seanim::Absolute), seanim::Absolute}); // child
    const Pose p = sampleAt(a, chain(), 0);
    expectVec(p.local[0].translation, {1, 1, 0}); // root stays relative
    expectVec(p.local[1].translation, {1, 0, 0}); // child absolute
    expectVec(p.local[2].translation, {1, 0, 0}); // tip inherits child's absolute
    // The nearest modified ancestor wins.
    a.modifiers.push_back({2, seanim::blendForType(seanim::Additive), seanim::Additive});
    const Pose q = sampleAt(a, chain(), 0);
    expectVec(q.local[1].translation, {1, 0, 0});
    expectVec(q.local[2].translation, {2, 0, 0});
    expectQuat(q.local[2].rotation, aboutZ(180));
}

TEST(Sampler, UnkeyedChannelsKeepRest)
{
    Animation a;
    Track t;
    t.name = "child";
    t.rotation.keys.push_back({0, aboutZ(45)});
    a.tracks.push_back(t);
    const Pose p = sampleAt(a, chain(), 0.5);
    expectVec(p.local[1].translation, {0, 0, 2});
    expectVec(p.local[0].translation, {0, 1, 0});
    expectQuat(p.local[0].rotation, aboutZ(90));
    expectQuat(p.local[1].rotation, aboutZ(45));
}

TEST(Sampler, LinearAndSlerpBetweenKeysClampOutside)
{
    Animation a;
    Track t;
    t.name = "j";
    t.translation.keys = {{1.0, {0, 0, 0}}, {2.0, {10, 0, 0}}};
    t.rotation.keys = {{1.0, aboutZ(0)}, {2.0, aboutZ(90)}};
    t.scale.keys = {{1.0, {1, 1, 1}}, {2.0, {3, 3, 3}}};
    a.tracks.push_back(t);
    Skeleton none;
    Sampler sampler(a, none);
    Pose p;
    sampler.sample(1.25, p);
    expectVec(p.local[0].translation, {2.5, 0, 0});
    expectQuat(p.local[0].rotation, aboutZ(22.5));
    expectVec(p.local[0].scale, {1.5, 1.5, 1.5});
    sampler.sample(0.0, p); // before the first key: held
    expectVec(p.local[0].translation, {0, 0, 0});
    sampler.sample(5.0, p); // after the last: held
    expectVec(p.local[0].translation, {10, 0, 0});
    expectQuat(p.local[0].rotation, aboutZ(90));
    // Backwards after forwards: the cursor must not give stale segments.
    sampler.sample(1.5, p);
    expectVec(p.local[0].translation, {5, 0, 0});
}

TEST(Sampler, ShortestPathFlipsNegatedKey)
{
    Animation a;
    Track t;
    t.name = "j";
    t.rotation.keys = {{0.0, aboutZ(0)}, {1.0, -aboutZ(90)}}; // same rotation, other hemisphere
    a.tracks.push_back(t);
    Skeleton none;
    const Pose shortest = sampleAt(a, none, 0.5);
    expectQuat(shortest.local[0].rotation, aboutZ(45));
    a.tracks[0].rotation.rules.rotation = RotationInterp::SlerpDirect; // the long way round
    const Pose direct = sampleAt(a, none, 0.5);
    expectQuat(direct.local[0].rotation, aboutZ(-135));
}

TEST(Sampler, StepAndRestRules)
{
    Animation a;
    Track t;
    t.name = "j";
    t.translation.keys = {{1.0, {1, 0, 0}}, {2.0, {3, 0, 0}}};
    t.translation.rules.interpolation = Interpolation::Step;
    t.translation.rules.before = OutsideKeys::Rest;
    a.tracks.push_back(t);
    Skeleton s;
    s.bones.push_back({"j", -1, {7, 7, 7}});
    const Pose before = sampleAt(a, s, 0.5);
    expectVec(before.local[0].translation, {7, 7, 7}); // not applied before its first key
    const Pose mid = sampleAt(a, s, 1.9);
    expectVec(mid.local[0].translation, {1, 0, 0}); // stepped
}

TEST(Sampler, WithoutSkeletonBonesHangFlatWithKeysAsIs)
{
    const Animation a = keyedOnce(seanim::Additive);
    Skeleton none;
    Sampler sampler(a, none);
    Pose p;
    sampler.sample(0, p);
    ASSERT_EQ(sampler.skeleton().size(), 3u);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(sampler.skeleton().bones[i].parent, -1);
        expectVec(p.local[i].translation, {1, 0, 0}); // rest is identity: additive = the key
        expectQuat(p.local[i].rotation, aboutZ(90));
        expectVec(glm::vec3(p.world[i][3]), {1, 0, 0});
    }
}

TEST(Sampler, UnmatchedTracksAreListedAndNamesMatchLoosely)
{
    Animation a = keyedOnce(seanim::Absolute);
    a.tracks[0].name = "Armature|ROOT";
    a.tracks[2].name = "no_such_bone";
    Sampler sampler(a, chain());
    ASSERT_EQ(sampler.binding().unmatchedTracks, std::vector<int>{2});
    EXPECT_EQ(sampler.binding().trackOfBone[0], 0);
}

TEST(Skeleton, CyclesAndBadParentsAreReported)
{
    Skeleton s = chain();
    s.bones[0].parent = 2;
    std::string err;
    EXPECT_FALSE(s.evaluationOrder(&err));
    EXPECT_NE(err.find("cycle"), std::string::npos);
    s.bones[0].parent = 9;
    EXPECT_FALSE(s.evaluationOrder(&err));
    EXPECT_NE(err.find("parent index 9"), std::string::npos);
}
