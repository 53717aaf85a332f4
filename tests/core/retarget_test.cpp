#include <map>

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/retarget/retarget.h"
#include "formats/bone_map_file.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

glm::dquat axisAngle(double degrees, glm::dvec3 axis) { return glm::angleAxis(glm::radians(degrees), glm::normalize(axis)); }

Bone bone(const char* name, int parent, glm::dvec3 t, glm::dquat r = glm::dquat(1, 0, 0, 0))
{
    Bone b;
    b.name = name;
    b.parent = parent;
    b.restTranslation = t;
    b.restRotation = r;
    return b;
}

// An Unreal-style rig, hips one unit high.
Skeleton sourceRig()
{
    Skeleton s;
    s.bones = {bone("pelvis", -1, {0, 1, 0}), bone("Spine", 0, {0, 0.2, 0}, axisAngle(90, {0, 0, 1})),
               bone("upperarm_l", 1, {0.2, 0.3, 0}, axisAngle(10, {0, 1, 0})), bone("tail", 0, {0, 0, -0.2})};
    return s;
}

// A Mixamo-style rig, twice as tall, other rest rotations, one bone the source lacks.
Skeleton targetRig()
{
    Skeleton s;
    s.bones = {bone("mixamorig:Hips", -1, {0, 2, 0}), bone("mixamorig:spine", 0, {0, 0.4, 0}),
               bone("mixamorig:LeftArm", 1, {0.4, 0.6, 0}, axisAngle(45, {1, 0, 0})),
               bone("mixamorig:RightArm", 1, {-0.4, 0.6, 0})};
    return s;
}

TEST(Retarget, CanonicalNames)
{
    EXPECT_EQ(canonicalBoneName("mixamorig:LeftArm", false), "l:arm");
    EXPECT_EQ(canonicalBoneName("upperarm_l", false), "l:upperarm");
    EXPECT_EQ(canonicalBoneName("mixamorig:LeftArm", true), "l:upperarm");
    EXPECT_EQ(canonicalBoneName("hand.R", false), "r:hand");
    EXPECT_EQ(canonicalBoneName("lShldr", true), "l:upperarm");
    EXPECT_EQ(canonicalBoneName("Bip01 R Thigh", false), "r:bip01thigh");
    EXPECT_EQ(canonicalBoneName("LeftUpLeg", true), "l:upperleg");
    EXPECT_EQ(canonicalBoneName("Armature|Right_Foot", false), "r:foot");
    EXPECT_EQ(canonicalBoneName("pelvis", true), "hips");
    EXPECT_EQ(canonicalBoneName("Left", false), "left"); // a side alone is a name
}

TEST(Retarget, AutoMatchAcrossNamingSchemes)
{
    const BoneMap m = autoMatch(sourceRig(), targetRig());
    EXPECT_EQ(m.map.size(), 3u);
    EXPECT_EQ(m.map.at("pelvis"), "mixamorig:Hips");
    EXPECT_EQ(m.map.at("Spine"), "mixamorig:spine");
    EXPECT_EQ(m.map.at("upperarm_l"), "mixamorig:LeftArm");
    EXPECT_EQ(m.map.count("tail"), 0u);
}

// The Second Life avatar (its joints, collision volumes and attachment points) onto a game rig named
// the Unreal way (the demo character's names): every limb to its joint, no helper matched. Before,
// the collision volumes PELVIS, CHEST, L_UPPER_LEG... took the rig's bones and the animated joints
// (mPelvis, mHipLeft...) drove nothing: the retargeted walk stood still.
TEST(Retarget, SecondLifeAvatarOntoAGameRig)
{
    Skeleton rig;
    for (const char* n : {"root", "pelvis", "spine", "chest", "neck", "head", "upperarm_l", "forearm_l", "hand_l",
                          "upperarm_r", "forearm_r", "hand_r", "thigh_l", "shin_l", "foot_l", "toe_l", "thigh_r",
                          "shin_r", "foot_r", "toe_r"})
        rig.bones.push_back(bone(n, rig.bones.empty() ? -1 : 0, {0, 0, 0}));
    const Skeleton& avatar = secondlife::avatarSkeleton();
    const BoneMap m = autoMatch(avatar, rig);
    const std::map<std::string, std::string> expected = {
        {"mPelvis", "pelvis"},          {"mTorso", "spine"},           {"mChest", "chest"},
        {"mNeck", "neck"},              {"mHead", "head"},             {"mShoulderLeft", "upperarm_l"},
        {"mElbowLeft", "forearm_l"},    {"mWristLeft", "hand_l"},      {"mShoulderRight", "upperarm_r"},
        {"mElbowRight", "forearm_r"},   {"mWristRight", "hand_r"},     {"mHipLeft", "thigh_l"},
        {"mKneeLeft", "shin_l"},        {"mAnkleLeft", "foot_l"},      {"mFootLeft", "toe_l"},
        {"mHipRight", "thigh_r"},       {"mKneeRight", "shin_r"},      {"mAnkleRight", "foot_r"},
        {"mFootRight", "toe_r"}};
    for (const auto& [from, to] : expected) {
        ASSERT_TRUE(m.map.count(from)) << from;
        EXPECT_EQ(m.map.at(from), to) << from;
    }
    for (const auto& [from, to] : m.map) {
        const int b = avatar.find(from);
        ASSERT_GE(b, 0) << from;
        EXPECT_FALSE(avatar.bones[size_t(b)].isHelper()) << from << " -> " << to;
    }
}

TEST(Retarget, AmbiguousTargetsMatchNothing)
{
    Skeleton src, tgt;
    src.bones = {bone("hand_l", -1, {})};
    tgt.bones = {bone("LeftHand", -1, {}), bone("hand.L", -1, {})};
    EXPECT_TRUE(autoMatch(src, tgt).map.empty());
}

TEST(Retarget, BoneMapFileRoundTrip)
{
    BoneMap m;
    m.map = {{"pelvis", "mixamorig:Hips"}, {"upperarm_l", "mixamorig:LeftArm"}};
    const std::string path = test::tempPath("bones.json");
    saveBoneMap(m, path);
    EXPECT_EQ(loadBoneMap(path).map, m.map);
    EXPECT_EQ(BoneMap::fromJson(R"({"map": {"a": "b"}})").map.at("a"), "b");
    EXPECT_THROW(BoneMap::fromJson(R"({"map": {"a": 3}})"), std::runtime_error);
    EXPECT_THROW(BoneMap::fromJson(R"({"bones": {}})"), std::runtime_error);
    EXPECT_THROW(BoneMap::fromJson("{"), std::runtime_error);
    EXPECT_THROW(loadBoneMap(test::tempPath("no-such-map.json")), std::runtime_error);
}

// An explicit map naming a bone the target does not have is refused, naming the bone (it used to
// leave the source bone silently unmapped).
TEST(Retarget, ExplicitMapWithAMissingTargetBone)
{
    BoneMap m;
    m.map = {{"pelvis", "mixamorig:Hips"}, {"Spine", "no-such-bone"}};
    Animation a;
    a.duration = 0;
    try {
        retarget(a, sourceRig(), targetRig(), m);
        FAIL() << "a map naming a missing bone was taken";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("'no-such-bone'"), std::string::npos) << e.what();
    }
    m.map.erase("Spine");
    const RetargetResult r = retarget(a, sourceRig(), targetRig(), m);
    EXPECT_EQ(r.unmappedSource, (std::vector<std::string>{"Spine", "upperarm_l", "tail"}));
    EXPECT_EQ(r.animation.tracks.size(), 1u);
}

} // namespace
} // namespace bonescope
