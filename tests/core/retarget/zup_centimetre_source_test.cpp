// A Z-up centimetre walk as a retarget *source* (issue 36: "Z-up centimetres to Y-up metres"): the
// CMU walk written by Blender 3.4 as a 3ds Max user's files are laid out
// (tests/retarget_oracle/make_zup_centimetre_walk.py): cmu_walk_zup_cm.fbx (GlobalSettings UpAxis 2,
// UnitScaleFactor 1.0, positions in centimetres) and cmu_walk_zup_cm.dae (<up_axis>Z_UP</up_axis>,
// <unit meter="0.01"/>). Read as `convert --skeleton` reads them (Assimp in the import helper).
// Blender's COLLADA exporter names every joint node's id after its armature (Armature_Hips,
// Armature_LeftShoulder), and Assimp takes the ids as the names: the humanoid must still be found
// by its names, and where names say nothing, by a hierarchy whose neck and collars start on the
// chest itself (CMU's lowerneck, LeftCollar, RightCollar).
#include <gtest/gtest.h>

#include "core/retarget/auto_match.h"
#include "core/retarget/humanoid.h"
#include "core/retarget/retarget.h"
#include "core/retarget/rig_frame.h"
#include "formats/assimp/assimp_format.h"
#include "formats/file_io.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

Scene readRig(const char* name)
{
    const std::string path = test::fixturePath(std::string("rigs/") + name);
    return AssimpFormat().readFrom(test::readBytes(path), path);
}

std::string nameOf(const Skeleton& s, int b) { return b >= 0 ? s.bones[size_t(b)].name : "(none)"; }

std::string mapped(const BoneMap& m, const std::string& source)
{
    const auto it = m.map.find(source);
    return it == m.map.end() ? "(unmapped)" : it->second;
}

// The humanoid of the CMU rig, every name with `prefix`.
void expectCmuHumanoid(const Skeleton& s, const Humanoid& h, const std::string& prefix)
{
    EXPECT_EQ(nameOf(s, h.hips), prefix + "Hips");
    EXPECT_EQ(nameOf(s, h.head), prefix + "Head");
    EXPECT_EQ(nameOf(s, h.neckBase), prefix + "Neck");
    ASSERT_EQ(h.spine.size(), 3u);
    EXPECT_EQ(nameOf(s, h.chest()), prefix + "Chest2");
    const char* arm[2][4] = {{"LeftCollar", "LeftShoulder", "LeftElbow", "LeftWrist"},
                             {"RightCollar", "RightShoulder", "RightElbow", "RightWrist"}};
    const char* leg[2][4] = {{"LeftHip", "LeftKnee", "LeftAnkle", "LeftToe"},
                             {"RightHip", "RightKnee", "RightAnkle", "RightToe"}};
    for (int side = 0; side < 2; ++side) {
        const HumanoidLimb& a = h.arms[size_t(side)];
        const HumanoidLimb& l = h.legs[size_t(side)];
        EXPECT_EQ(nameOf(s, a.root), prefix + arm[side][0]);
        EXPECT_EQ(nameOf(s, a.upper), prefix + arm[side][1]);
        EXPECT_EQ(nameOf(s, a.lower), prefix + arm[side][2]);
        EXPECT_EQ(nameOf(s, a.end), prefix + arm[side][3]);
        EXPECT_EQ(nameOf(s, l.upper), prefix + leg[side][0]);
        EXPECT_EQ(nameOf(s, l.lower), prefix + leg[side][1]);
        EXPECT_EQ(nameOf(s, l.end), prefix + leg[side][2]);
        EXPECT_EQ(nameOf(s, l.tip), prefix + leg[side][3]);
    }
}

// Before: "Armature_LeftShoulder" was read as the word "armatureshoulder", no limb was found by
// name, and the hierarchy's guess took the left arm for the neck (head Armature_lhand).
TEST(ZupCentimetreSource, BlenderColladaJointsNamedAfterTheirArmature)
{
    const Scene scene = readRig("cmu_walk_zup_cm.dae");
    const Skeleton& s = scene.skeleton;
    ASSERT_GE(s.find("Armature_LeftShoulder"), 0);
    std::string why;
    const auto h = findHumanoid(s, &why);
    ASSERT_TRUE(h) << why;
    expectCmuHumanoid(s, *h, "Armature_");
}

// The same rig with names that say nothing: the neck is the chest's branch that goes up, measured to
// the first joint that stands apart from the chest (before: from lowerneck and the collars
// themselves, all three on the chest, so the first branch listed was taken for the neck).
TEST(ZupCentimetreSource, NeckFoundByShapeWhereBranchesStartOnTheChest)
{
    Skeleton s = readRig("cmu_walk_zup_cm.dae").skeleton;
    const int lowerneck = s.find("Armature_lowerneck");
    const int collars[2] = {s.find("Armature_LeftCollar"), s.find("Armature_RightCollar")};
    const glm::dvec3 chest = restPositions(s)[size_t(s.find("Armature_Chest2"))];
    for (int b : {lowerneck, collars[0], collars[1]}) {
        ASSERT_GE(b, 0);
        EXPECT_LT(glm::length(restPositions(s)[size_t(b)] - chest), 1e-6);
    }
    std::vector<std::string> original;
    for (size_t b = 0; b < s.size(); ++b) {
        original.push_back(s.bones[b].name);
        s.bones[b].name = "joint_" + std::to_string(b);
    }
    std::string why;
    const auto h = findHumanoid(s, &why);
    ASSERT_TRUE(h) << why;
    auto was = [&](int b) { return b >= 0 ? original[size_t(b)] : std::string("(none)"); };
    EXPECT_EQ(was(h->hips), "Armature_Hips");
    EXPECT_EQ(was(h->chest()), "Armature_Chest2");
    ASSERT_FALSE(h->neck.empty());
    EXPECT_EQ(was(h->neck.front()), "Armature_lowerneck");
    EXPECT_TRUE(isAncestor(s, h->neck.front(), h->head)) << was(h->head);
    // The arms are the collars' branches (which bone is the collar and which the upper arm:
    // shaped_arms_test.cpp).
    for (int side = 0; side < 2; ++side)
        EXPECT_TRUE(isAncestor(s, collars[side], h->arms[size_t(side)].end)) << was(h->arms[size_t(side)].end);
}

// The FBX keeps Blender's bone names (no prefix) and states Z up; its positions are centimetres,
// which the rest frame reads as they are (the retarget scales by leg lengths, not by units).
TEST(ZupCentimetreSource, FbxStatesZUpCentimetres)
{
    const Scene scene = readRig("cmu_walk_zup_cm.fbx");
    ASSERT_TRUE(scene.statedUp);
    EXPECT_EQ(*scene.statedUp, UpAxis::Z);
    const auto h = findHumanoid(scene.skeleton);
    ASSERT_TRUE(h);
    expectCmuHumanoid(scene.skeleton, *h, "");
    const RigFrame f = restFrame(scene.skeleton, h);
    EXPECT_NEAR(f.up.z, 1.0, 1e-12);
    // The hips 95.4 cm above the ground, 86.0 above the lower ankle (the file's rest is the clip's
    // first frame: Blender writes the pose at the current frame as each node's transform).
    EXPECT_NEAR(f.legLength, 86.0, 0.1);
}

// COLLADA's units are applied by the reader (a container scaled 0.01 and turned Y up): the same
// walker's leg is 0.85 m, a metre figure, not 84.7.
TEST(ZupCentimetreSource, ColladaUnitsAppliedOnReading)
{
    const Scene scene = readRig("cmu_walk_zup_cm.dae");
    const auto h = findHumanoid(scene.skeleton);
    ASSERT_TRUE(h);
    const RigFrame f = restFrame(scene.skeleton, h);
    EXPECT_NEAR(f.up.y, 1.0, 1e-12);
    EXPECT_NEAR(f.legLength, 0.8466, 0.0005);
}

// Onto RobotExpressive (Y-up metres outside its container scaled 100), limb for limb.
TEST(ZupCentimetreSource, BlenderColladaWalkOntoRobotMapsLimbForLimb)
{
    const Scene walk = readRig("cmu_walk_zup_cm.dae");
    const Skeleton robot = loadScene(BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb").scene.skeleton;
    const BoneMap m = autoMatch(walk.skeleton, robot);
    const std::pair<const char*, const char*> expected[] = {
        {"Hips", "Body"},           {"Head", "Head"},           {"Neck", "Neck"},
        {"LeftShoulder", "UpperArmL"}, {"LeftElbow", "LowerArmL"}, {"RightShoulder", "UpperArmR"},
        {"LeftAnkle", "FootL"}};
    for (const auto& [source, target] : expected)
        EXPECT_EQ(mapped(m, std::string("Armature_") + source), target) << source;
    const RetargetResult r = retarget(walk.animations.at(0), walk.skeleton, robot, m);
    EXPECT_LT(r.report.max, 0.01);
    EXPECT_NEAR(r.report.resultTravel, r.report.sourceTravel, 1e-6);
    EXPECT_GT(r.report.sourceTravel, 1.0); // the walk moves on: travel is measured, not trivially 0
}

} // namespace
} // namespace bonescope
