// Bones the map leaves out, on a real rig (RobotExpressive, glTF) retargeted from a real walk (CMU
// 131_01, BVH, which travels some 3 leg lengths). The robot's knee pole targets (PoleTargetL/R) hang
// from its root Bone beside its pelvis Body with nothing mapped above or below them: they follow the
// pelvis, keeping their rest placement relative to it, in place too, as its IK feet stay at the
// shins' ends. A left-out bone below a mapped one follows its parent, and the robot's hand meshes
// (scene nodes beside the armature) stay put.
#include <algorithm>

#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "core/retarget/auto_match.h"
#include "core/retarget/hips_followers.h"
#include "core/retarget/posed_rig.h"
#include "core/retarget/retarget.h"
#include "formats/file_io.h"

namespace bonescope {
namespace {

const std::string kCmu = BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh";
const std::string kRobot = BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb";

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// Per bone of the target: whether the retarget keys it from the source (not from following another).
std::vector<uint8_t> mappedBones(const Skeleton& target, const RetargetResult& r)
{
    std::vector<uint8_t> mapped(target.size(), 1);
    for (const std::string& n : r.unmappedTarget)
        mapped[size_t(target.find(n))] = 0;
    for (const char* n : {"PoleTargetL", "PoleTargetR"})
        mapped[size_t(target.find(n))] = 0;
    return mapped;
}

struct Posed {
    const RetargetResult& r;
    std::vector<int> order;
    Sampler sampler;
    std::vector<LocalTransform> locals;
    PosedRig pose;
    explicit Posed(const RetargetResult& result) : r(result), order(*result.skeleton.evaluationOrder()), sampler(r.animation, r.skeleton) {}
    void at(double t)
    {
        sampler.sampleLocal(t, locals);
        pose.compute(r.skeleton, order, locals);
    }
};

TEST(HipsFollowers, RobotPoleTargetsFollowThePelvisWhenRetargetedFromTheCmuWalk)
{
    const Scene walk = loadScene(kCmu).scene;
    const Skeleton robot = loadScene(kRobot).scene.skeleton;
    const auto order = robot.evaluationOrder();
    ASSERT_TRUE(order);
    PosedRig rest;
    rest.compute(robot, *order, restLocals(robot));
    const int body = robot.find("Body"), head = robot.find("Head");
    ASSERT_TRUE(body >= 0 && head >= 0);
    const double height = glm::length(rest.at(head) - rest.at(robot.find("LowerLegL_end")));
    ASSERT_GT(height, 0);
    for (const RootMotion motion : {RootMotion::Keep, RootMotion::InPlace}) {
        SCOPED_TRACE(std::string(rootMotionName(motion)));
        RetargetSettings settings;
        settings.rootMotion = motion;
        const RetargetResult r = retarget(walk.animations.at(0), walk.skeleton, robot, autoMatch(walk.skeleton, robot), settings);
        ASSERT_EQ(r.targetRoot, "Body");
        EXPECT_EQ(followersOfHips(robot, body, mappedBones(robot, r)), (std::vector<int>{robot.find("PoleTargetL"), robot.find("PoleTargetR")}));
        EXPECT_FALSE(contains(r.unmappedTarget, "PoleTargetL")); // it does not keep its rest
        EXPECT_TRUE(contains(r.unmappedTarget, "HandL")); // a mesh node beside the armature keeps its rest
        Posed p(r);
        double moved = 0;
        for (double t : {0.0, 1.5, 3.0, 4.5, 6.0, 8.0}) {
            p.at(t);
            const glm::dquat turn = p.pose.rotation[size_t(body)] * glm::inverse(rest.rotation[size_t(body)]);
            for (const char* name : {"PoleTargetL", "PoleTargetR", "PoleTargetL_end"}) {
                const int b = robot.find(name);
                ASSERT_GE(b, 0);
                const glm::dvec3 expected = p.pose.at(body) + turn * (rest.at(b) - rest.at(body));
                // Exact at the keys; between them the pelvis's slerp and the target's lerp differ by
                // a few 1e-7 of the height.
                EXPECT_LT(glm::length(p.pose.at(b) - expected), 1e-5 * height) << name << " at " << t << " s";
                const glm::dquat q = glm::normalize(turn * rest.rotation[size_t(b)]);
                EXPECT_GT(std::abs(glm::dot(p.pose.rotation[size_t(b)], q)), 1 - 1e-12) << name << " at " << t << " s";
            }
            // The IK foot the mesh follows stays where the shin ends, in place too (it kept the
            // travel the hips lost before).
            const int foot = robot.find("FootL"), ankle = robot.find("LowerLegL_end");
            EXPECT_LT(glm::length(p.pose.at(foot) - p.pose.at(ankle)), 0.01 * height) << "FootL at " << t << " s";
            moved = std::max(moved, glm::length(p.pose.at(robot.find("PoleTargetL")) - rest.at(robot.find("PoleTargetL"))));
            const int hand = robot.find("HandL");
            EXPECT_LT(glm::length(p.pose.at(hand) - rest.at(hand)), 1e-9 * height) << "HandL at " << t << " s";
        }
        // The walk carries the robot about 3 leg lengths away (keep); in place the pelvis still sways.
        EXPECT_GT(moved, motion == RootMotion::Keep ? 0.5 * height : 1e-3 * height);
    }
}

// A bone the map leaves out below a mapped bone moves with it: its world transform is its parent's
// times its rest placement.
TEST(HipsFollowers, ALeftOutBoneBelowAMappedOneMovesWithIt)
{
    const Scene walk = loadScene(kCmu).scene;
    const Skeleton robot = loadScene(kRobot).scene.skeleton;
    const RetargetResult r = retarget(walk.animations.at(0), walk.skeleton, robot, autoMatch(walk.skeleton, robot));
    const auto restWorld = robot.restWorld();
    // Head_1 (the head mesh's holder under Head) and LegL (the thigh mesh's under UpperLegL) are left out.
    for (const char* name : {"Head_1", "LegL"}) {
        SCOPED_TRACE(name);
        EXPECT_TRUE(contains(r.unmappedTarget, name));
        const int b = robot.find(name);
        ASSERT_GE(b, 0);
        const Bone& bone = robot.bones[size_t(b)];
        const int parent = bone.parent;
        ASSERT_GE(parent, 0);
        const double scale = glm::length(glm::dvec3(restWorld[size_t(parent)][0])); // the parent's world scale
        Posed p(r);
        p.at(0);
        const glm::dvec3 first = p.pose.at(b);
        for (double t : {2.0, 5.0}) {
            p.at(t);
            const glm::dvec3 expected = p.pose.at(parent) + p.pose.rotation[size_t(parent)] * (scale * bone.restTranslation);
            EXPECT_LT(glm::length(p.pose.at(b) - expected), 1e-6 * scale) << t << " s";
            const glm::dquat q = glm::normalize(p.pose.rotation[size_t(parent)] * bone.restRotation);
            EXPECT_GT(std::abs(glm::dot(p.pose.rotation[size_t(b)], q)), 1 - 1e-12) << t << " s";
            EXPECT_GT(glm::length(p.pose.at(b) - first), 0.1) << t << " s"; // of a robot 3 units tall
        }
    }
}

} // namespace
} // namespace bonescope
