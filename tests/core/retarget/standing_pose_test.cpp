// Which reference pose stands (core/retarget/standing_pose.h), on real BVHs (tests/fixtures/rigs).
#include <filesystem>

#include <gtest/gtest.h>

#include "core/retarget/standing_pose.h"
#include "formats/bvh/bvh_format.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

const glm::dvec3 kUp(0, 1, 0);

Scene readRig(const std::string& name)
{
    return BvhFormat().read(test::readBytes(test::fixturePath("rigs/" + name)));
}

std::vector<glm::dvec3> positions(const Skeleton& s)
{
    std::vector<glm::dvec3> out;
    for (const glm::dmat4& m : s.restWorld())
        out.emplace_back(m[3]);
    return out;
}

TEST(StandingPose, BandaiNamcoRestLiesAndItsFirstFrameStands)
{
    const std::string name = "bandainamco_walk_normal_002.bvh";
    if (!std::filesystem::exists(test::fixturePath("rigs/" + name)))
        GTEST_SKIP() << name << " is not in this checkout (CC BY-NC 4.0: see tests/fixtures/rigs/SOURCES.md)";
    const Scene s = readRig(name);
    const auto h = findHumanoid(s.skeleton);
    ASSERT_TRUE(h);
    // Rest: Hips > Spine OFFSET 15.7 0 0 ... and UpperLeg_L > LowerLeg_L 39.1 0 0: head and feet both along +X.
    EXPECT_FALSE(standsUpright(positions(s.skeleton), *h, kUp));
    const auto first = standingReference(s.skeleton, s.animations.front(), kUp);
    ASSERT_TRUE(first);
    const auto p = positions(*first);
    EXPECT_TRUE(standsUpright(p, *h, kUp));
    // Frame 0 as the rest: the head 47 cm above the hips (139.6 - 92.1, by `pose --time 0`).
    EXPECT_NEAR(p[size_t(h->head)].y - p[size_t(h->hips)].y, 47.5, 0.5);
}

TEST(StandingPose, RestsThatStandOrStandOnAnotherAxisAreKept)
{
    // The CMU walk stands at rest (Y up). MakeHuman's rigs stand along Z in the rest and in the
    // motion alike: not along Y, but frame 0 is no better, so the rest serves.
    for (const char* name : {"cmu_131_01_walk.bvh", "makehuman_walk1.bvh", "makehuman_tpose.bvh"}) {
        SCOPED_TRACE(name);
        const Scene s = readRig(name);
        const auto h = findHumanoid(s.skeleton);
        ASSERT_TRUE(h);
        EXPECT_EQ(standsUpright(positions(s.skeleton), *h, kUp), std::string(name).rfind("cmu", 0) == 0);
        EXPECT_FALSE(standingReference(s.skeleton, s.animations.front(), kUp));
        EXPECT_TRUE(standsUpright(positions(s.skeleton), *h, glm::dvec3(0, 0, 1)) != (std::string(name).rfind("cmu", 0) == 0));
    }
}

} // namespace
} // namespace bonescope
