// A track that names its bone by index (Track::bone, what glTF channels do) binds to that bone even
// where names repeat, and falls back to names on a skeleton that does not have it under that name.
#include <gtest/gtest.h>

#include "core/playback/binding.h"
#include "core/playback/sampler.h"

using namespace bonescope;

namespace {

Skeleton twins()
{
    Skeleton s;
    s.bones.push_back(Bone{.name = "Head"});            // a mesh node
    s.bones.push_back(Bone{.name = "Head"});            // the joint
    s.bones.push_back(Bone{.name = "Neck", .parent = 1});
    return s;
}

} // namespace

TEST(TrackBoneBinding, IndexWinsOverTheKthNamePairing)
{
    Animation a;
    Track t;
    t.name = "Head";
    t.bone = 1;
    t.translation.keys.push_back({0, {0, 2, 0}});
    a.tracks.push_back(t);
    const Binding b = Binding::bind(a, twins());
    EXPECT_EQ(b.trackOfBone[0], -1); // by name alone the first "Head" would have taken it
    EXPECT_EQ(b.trackOfBone[1], 0);
}

TEST(TrackBoneBinding, NamesPairTheBonesTheIndexedTracksLeave)
{
    Animation a;
    Track joint, other;
    joint.name = other.name = "Head";
    joint.bone = 1;
    a.tracks = {joint, other}; // the second names no bone: it pairs with the free "Head"
    const Binding b = Binding::bind(a, twins());
    EXPECT_EQ(b.trackOfBone[1], 0);
    EXPECT_EQ(b.trackOfBone[0], 1);
}

TEST(TrackBoneBinding, AnotherSkeletonBindsByName)
{
    Animation a;
    Track t;
    t.name = "Neck";
    t.bone = 2; // in its own file; bone 2 of this skeleton is someone else
    a.tracks.push_back(t);
    Skeleton s;
    s.bones.push_back(Bone{.name = "Neck"});
    s.bones.push_back(Bone{.name = "Spine"});
    s.bones.push_back(Bone{.name = "Tail"});
    const Binding b = Binding::bind(a, s);
    EXPECT_EQ(b.trackOfBone[0], 0);
    EXPECT_EQ(b.trackOfBone[2], -1);
}

TEST(CubicSpline, TangentsOutOfStepWithTheKeysPlayLinearly)
{
    // An edit that adds a key without tangents: the channel no longer claims to be a curve.
    Vec3Channel ch;
    ch.rules.interpolation = Interpolation::CubicSpline;
    ch.keys = {{0, {0, 0, 0}}, {1, {1, 0, 0}}};
    ch.tangents = {{{0, 0, 0}, {4, 0, 0}}, {{0, 0, 0}, {0, 0, 0}}};
    uint32_t cursor = 0;
    glm::dvec3 v;
    ASSERT_TRUE(sampleChannel(ch, 0.5, cursor, v));
    EXPECT_DOUBLE_EQ(v.x, 1.0); // p1 * 1/2 + m0 * 1/8 = 0.5 + 0.5 (linear: 0.5)
    ch.keys.push_back({2, {2, 0, 0}});
    EXPECT_FALSE(ch.cubic());
    ASSERT_TRUE(sampleChannel(ch, 0.5, cursor, v));
    EXPECT_DOUBLE_EQ(v.x, 0.5);
}
