// The automatic map between the CMU walk (BVH) and RobotExpressive (glTF), both real files. The robot's
// shins end at LowerLegL_end / LowerLegR_end, end markers at the ankles, while its feet are IK bones
// under the armature root (FootL, FootR) with end markers of their own (FootL_end) and no toes. Its
// pelvis is Body (both thighs and the spine hang from it); its spine is Hips > Abdomen > Torso_1.
#include <gtest/gtest.h>

#include "core/playback/layering.h"
#include "core/playback/sampler.h"
#include "core/retarget/auto_match.h"
#include "core/retarget/retarget.h"
#include "formats/file_io.h"

namespace bonescope {
namespace {

const std::string kCmu = BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh";
const std::string kRobot = BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb";

std::string mapped(const BoneMap& m, const std::string& source)
{
    const auto it = m.map.find(source);
    return it == m.map.end() ? "(unmapped)" : it->second;
}

TEST(AutoMatchRobot, CmuWalkOntoRobotExpressiveNamesTheFeetTheMeshFollows)
{
    const Skeleton cmu = loadScene(kCmu).scene.skeleton, robot = loadScene(kRobot).scene.skeleton;
    const BoneMap m = autoMatch(cmu, robot);
    EXPECT_EQ(mapped(m, "Hips"), "Body");
    // CMU's three spine bones onto the robot's three, in order: its bone named Hips is the first.
    EXPECT_EQ(mapped(m, "lowerback"), "Hips");
    EXPECT_EQ(mapped(m, "Chest"), "Abdomen");
    EXPECT_EQ(mapped(m, "Chest2"), "Torso_1");
    EXPECT_EQ(mapped(m, "LeftHip"), "UpperLegL");
    EXPECT_EQ(mapped(m, "LeftKnee"), "LowerLegL");
    EXPECT_EQ(mapped(m, "LeftAnkle"), "FootL");
    EXPECT_EQ(mapped(m, "RightAnkle"), "FootR");
    // The robot has no toes: FootL_end only marks where its foot ends.
    EXPECT_EQ(mapped(m, "LeftToe"), "(unmapped)");
    EXPECT_EQ(mapped(m, "RightToe"), "(unmapped)");
    // An end marker is matched only by name to another (Head_End -> Head_end), never by a joint.
    for (const auto& [s, t] : m.map)
        if (t.find("_end") != std::string::npos)
            EXPECT_EQ(looseBoneName(s), looseBoneName(t)) << s << " -> " << t;

    // The other way: the robot's IK feet drive CMU's ankles.
    const BoneMap back = autoMatch(robot, cmu);
    EXPECT_EQ(mapped(back, "FootL"), "LeftAnkle");
    EXPECT_EQ(mapped(back, "FootR"), "RightAnkle");
    EXPECT_EQ(mapped(back, "FootL_end"), "(unmapped)");
}

// Retargeted through that map, the robot's feet go where its shins end and the limbs follow the
// source within the measure's rounding.
TEST(AutoMatchRobot, CmuWalkOntoRobotExpressiveFeetStandAtTheShinsEnds)
{
    const Scene walk = loadScene(kCmu).scene;
    const Skeleton robot = loadScene(kRobot).scene.skeleton;
    const RetargetResult r = retarget(walk.animations.at(0), walk.skeleton, robot, autoMatch(walk.skeleton, robot));
    EXPECT_LT(r.report.max, 0.01);
    ASSERT_GE(r.report.limbs.size(), 14u);
    for (const std::string& name : r.unmappedTarget) {
        EXPECT_NE(name, "FootL");
        EXPECT_NE(name, "LowerLegL_end");
    }
    Sampler sampler(r.animation, r.skeleton);
    const auto order = r.skeleton.evaluationOrder();
    ASSERT_TRUE(order);
    std::vector<LocalTransform> locals;
    Pose pose;
    const int foot = r.skeleton.find("FootL"), ankle = r.skeleton.find("LowerLegL_end");
    ASSERT_TRUE(foot >= 0 && ankle >= 0);
    for (double t : {0.5, 2.0, 4.0, 6.0}) {
        sampler.sampleLocal(t, locals);
        composePose(r.skeleton, *order, locals, pose);
        const glm::vec3 f(pose.world[size_t(foot)][3]), a(pose.world[size_t(ankle)][3]);
        const float legLength = glm::length(glm::vec3(pose.world[size_t(r.skeleton.find("UpperLegL"))][3]) - a);
        EXPECT_LT(glm::length(f - a), 0.01f * legLength) << "at " << t << " s";
    }
}

} // namespace
} // namespace bonescope
