// A humanoid found by the shape of its hierarchy alone (joint names that say nothing): the arms'
// upper arm, forearm and hand. CMU's left collar (3.4 units, 19 cm) and upper arm (4.3) outweigh its
// upper arm and forearm (4.3 + 3.3) as the two longest consecutive segments, so the collar was
// taken for the upper arm; the hand, where fingers and thumb part (CMU's LeftWrist: lhand and
// LThumb), settles it. On the real walk (CMU 131_01, BVH) and its Blender COLLADA export.
#include <gtest/gtest.h>

#include "core/retarget/humanoid.h"
#include "formats/assimp/assimp_format.h"
#include "formats/bvh/bvh_format.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

// The rig with every bone renamed joint_<index>; `original` keeps the names.
Skeleton nameless(Skeleton s, std::vector<std::string>& original)
{
    for (size_t b = 0; b < s.size(); ++b) {
        original.push_back(s.bones[b].name);
        s.bones[b].name = "joint_" + std::to_string(b);
    }
    return s;
}

void expectCmuArms(const Skeleton& named, const std::string& prefix)
{
    std::vector<std::string> original;
    const Skeleton s = nameless(named, original);
    std::string why;
    const auto h = findHumanoid(s, &why);
    ASSERT_TRUE(h) << why;
    auto was = [&](int b) { return b >= 0 ? original[size_t(b)] : std::string("(none)"); };
    const char* sides[2] = {"Left", "Right"};
    for (int side = 0; side < 2; ++side) {
        SCOPED_TRACE(sides[side]);
        const HumanoidLimb& arm = h->arms[size_t(side)];
        const std::string p = prefix + sides[side];
        EXPECT_EQ(was(arm.root), p + "Collar");
        EXPECT_EQ(was(arm.upper), p + "Shoulder");
        EXPECT_EQ(was(arm.lower), p + "Elbow");
        EXPECT_EQ(was(arm.end), p + "Wrist");
        // The legs, by length as before: hip, knee, ankle.
        const HumanoidLimb& leg = h->legs[size_t(side)];
        EXPECT_EQ(was(leg.upper), p + "Hip");
        EXPECT_EQ(was(leg.lower), p + "Knee");
        EXPECT_EQ(was(leg.end), p + "Ankle");
    }
}

TEST(ShapedArms, CmuBvhWithNamesThatSayNothingHasItsCollarsAsClavicles)
{
    const Scene s = BvhFormat().read(test::readBytes(test::fixturePath("rigs/cmu_131_01_walk.bvh")));
    expectCmuArms(s.skeleton, "");
}

TEST(ShapedArms, CmuColladaWithNamesThatSayNothingHasItsCollarsAsClavicles)
{
    const std::string path = test::fixturePath("rigs/cmu_walk_zup_cm.dae");
    expectCmuArms(AssimpFormat().readFrom(test::readBytes(path), path).skeleton, "Armature_");
}

} // namespace
} // namespace bonescope
