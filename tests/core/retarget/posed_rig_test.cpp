// PosedRig::positionOnly (core/retarget/posed_rig.h): a retarget positions only the bones it reads,
// and those positions, and every bone's rotation, must be exactly what a full pose gives. On a
// real walk (CMU 131_01, tests/fixtures/rigs).
#include <cstring>

#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "core/retarget/humanoid.h"
#include "core/retarget/posed_rig.h"
#include "formats/bvh/bvh_format.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

bool sameBits(const glm::dvec3& a, const glm::dvec3& b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool sameBits(const glm::dquat& a, const glm::dquat& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(PosedRig, PositionsOnlyForTheBonesAskedAndTheirAncestorsAreThoseOfTheFullPose)
{
    const Scene s = BvhFormat().read(test::readBytes(test::fixturePath("rigs/cmu_131_01_walk.bvh")));
    const Skeleton& rig = s.skeleton;
    const auto order = rig.evaluationOrder();
    ASSERT_TRUE(order);
    const auto body = findHumanoid(rig);
    ASSERT_TRUE(body);
    const int foot = body->legs[0].end, hand = body->arms[1].end;
    ASSERT_GE(foot, 0);
    ASSERT_GE(hand, 0);

    Sampler sampler(s.animations.front(), rig);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(1.0, local);
    PosedRig full, some;
    full.compute(rig, *order, local);
    some.compute(rig, *order, local); // every position once, then a frame later only some
    const std::vector<glm::dvec3> before = some.position;
    sampler.sampleLocal(1.5, local);
    full.compute(rig, *order, local);
    some.positionOnly(rig, {foot, hand});
    some.compute(rig, *order, local);

    std::vector<uint8_t> wanted(rig.size(), 0);
    for (int b : {foot, hand})
        for (int a = b; a >= 0; a = rig.bones[size_t(a)].parent)
            wanted[size_t(a)] = 1;
    int kept = 0;
    for (size_t b = 0; b < rig.size(); ++b) {
        EXPECT_TRUE(sameBits(some.rotation[b], full.rotation[b])) << rig.bones[b].name;
        if (wanted[b])
            EXPECT_TRUE(sameBits(some.position[b], full.position[b])) << rig.bones[b].name;
        else if (rig.bones[b].parent >= 0) // a root's position is its translation: always set
            kept += sameBits(some.position[b], before[b]);
    }
    // The bones asked for, the hips and the spine above the hand: the rest (the other leg, the head,
    // the left arm) kept their frame-1.0 positions, which the walk has moved by frame 1.5.
    EXPECT_GT(kept, 10);
    const int otherFoot = body->legs[1].end;
    EXPECT_TRUE(sameBits(some.position[size_t(otherFoot)], before[size_t(otherFoot)]));
    EXPECT_FALSE(sameBits(full.position[size_t(otherFoot)], before[size_t(otherFoot)]));

    // Empty: every bone again.
    some.positionOnly(rig, {});
    some.compute(rig, *order, local);
    for (size_t b = 0; b < rig.size(); ++b)
        EXPECT_TRUE(sameBits(some.position[b], full.position[b])) << rig.bones[b].name;
}

TEST(PosedRig, DepthByDepthOrderPosesBitForBitAsTheEvaluationOrder)
{
    const Scene s = BvhFormat().read(test::readBytes(test::fixturePath("rigs/cmu_131_01_walk.bvh")));
    const Skeleton& rig = s.skeleton;
    const auto order = rig.evaluationOrder();
    ASSERT_TRUE(order);
    const std::vector<int> levels = levelOrder(rig, *order);
    ASSERT_EQ(levels.size(), order->size());
    // Each bone once, after its parent, and the depths never decrease.
    std::vector<int> at(rig.size(), -1), depth(rig.size(), 0);
    for (size_t i = 0; i < levels.size(); ++i) {
        const int b = levels[i], p = rig.bones[size_t(b)].parent;
        ASSERT_EQ(at[size_t(b)], -1) << rig.bones[size_t(b)].name;
        at[size_t(b)] = int(i);
        if (p >= 0) {
            ASSERT_GE(at[size_t(p)], 0) << rig.bones[size_t(b)].name;
            depth[size_t(b)] = depth[size_t(p)] + 1;
        }
        if (i > 0)
            EXPECT_GE(depth[size_t(b)], depth[size_t(levels[i - 1])]);
    }
    EXPECT_NE(levels, *order); // a walk's legs, spine and arms are interleaved

    Sampler sampler(s.animations.front(), rig);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(1.25, local);
    PosedRig byChain, byDepth;
    byChain.compute(rig, *order, local);
    byDepth.compute(rig, levels, local);
    for (size_t b = 0; b < rig.size(); ++b) {
        EXPECT_TRUE(sameBits(byDepth.rotation[b], byChain.rotation[b])) << rig.bones[b].name;
        EXPECT_TRUE(sameBits(byDepth.position[b], byChain.position[b])) << rig.bones[b].name;
    }
}

} // namespace
} // namespace bonescope
