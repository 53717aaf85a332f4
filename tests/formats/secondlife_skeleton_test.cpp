// The built-in Second Life avatar against avatar_skeleton.xml and avatar_lad.xml, read by hand.
#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/secondlife/avatar_skeleton.h"

using namespace bonescope;
using namespace bonescope::secondlife;

namespace {

int countKind(JointKind k)
{
    int n = 0;
    for (const Bone& b : avatarSkeleton().bones)
        n += b.flags == uint32_t(k);
    return n;
}

const Bone& bone(const char* name)
{
    const int i = findAvatarJoint(name);
    EXPECT_GE(i, 0) << name;
    return avatarSkeleton().bones.at(size_t(i));
}

std::string parentName(const char* name)
{
    const int p = bone(name).parent;
    return p < 0 ? "" : avatarSkeleton().bones[p].name;
}

} // namespace

TEST(SecondLifeSkeleton, Counts)
{
    EXPECT_EQ(countKind(JointKind::Bone) + countKind(JointKind::BentoBone), 133);
    EXPECT_EQ(countKind(JointKind::Bone), 26); // <bone ... support="base">: the pre-Bento skeleton
    EXPECT_EQ(countKind(JointKind::Volume), 26);
    EXPECT_EQ(countKind(JointKind::Attachment), 55);
    EXPECT_EQ(countKind(JointKind::Special), 2); // mRoot, mScreen
    EXPECT_TRUE(avatarSkeleton().evaluationOrder().has_value());
}

// The generic kind viewers use: the 133 bones and mRoot are limbs; the 26 collision volumes are
// volumes; the 55 attachment points and mScreen (their HUD parent) are attachment points.
TEST(SecondLifeSkeleton, GenericBoneKinds)
{
    int counts[4] = {0, 0, 0, 0};
    for (const Bone& b : avatarSkeleton().bones)
        ++counts[int(b.kind)];
    // 26 base bones and mRoot; the 107 bones the XML marks support="extended" (Bento) are optional.
    EXPECT_EQ(counts[int(BoneKind::Bone)], 27);
    EXPECT_EQ(counts[int(BoneKind::Extension)], 107);
    EXPECT_EQ(counts[int(BoneKind::CollisionVolume)], 26);
    EXPECT_EQ(counts[int(BoneKind::AttachmentPoint)], 56);
    EXPECT_EQ(bone("mRoot").kind, BoneKind::Bone);
    EXPECT_EQ(bone("mScreen").kind, BoneKind::AttachmentPoint);
    EXPECT_EQ(bone("mFaceJaw").kind, BoneKind::Extension);
    EXPECT_FALSE(bone("mFaceJaw").isHelper());
    EXPECT_EQ(bone("PELVIS").kind, BoneKind::CollisionVolume);
    EXPECT_EQ(bone("mSpine1").kind, BoneKind::Extension);
    EXPECT_EQ(bone("mChest").kind, BoneKind::Bone);
    EXPECT_FALSE(bone("mPelvis").isHelper());
    EXPECT_TRUE(bone("PELVIS").isHelper());
}

TEST(SecondLifeSkeleton, ParentsAndOffsetsFromTheXml)
{
    // <bone name="mPelvis" pos="0.000 0.000 1.067"> is the top bone, under the viewer's mRoot.
    EXPECT_EQ(parentName("mPelvis"), "mRoot");
    EXPECT_EQ(bone("mPelvis").restTranslation, glm::dvec3(0, 0, 1.067));
    // mChest pos="-0.015 0.000 0.205" under mSpine4.
    EXPECT_EQ(parentName("mChest"), "mSpine4");
    EXPECT_EQ(bone("mChest").restTranslation, glm::dvec3(-0.015, 0, 0.205));
    // mNeck pos="-0.010 0.000 0.251" under mChest; mHead pos="0.000 -0.000 0.076".
    EXPECT_EQ(parentName("mNeck"), "mChest");
    EXPECT_EQ(bone("mNeck").restTranslation, glm::dvec3(-0.01, 0, 0.251));
    EXPECT_EQ(parentName("mHead"), "mNeck");
    EXPECT_EQ(bone("mHead").restRotation, glm::dquat(1, 0, 0, 0));
    // Collision volume BELLY pos="0.028 0 0.04" under mTorso, rot="0 8 0" (degrees about y).
    EXPECT_EQ(parentName("BELLY"), "mTorso");
    EXPECT_EQ(bone("BELLY").restTranslation, glm::dvec3(0.028, 0, 0.04));
    EXPECT_NEAR(bone("BELLY").restRotation.y, std::sin(glm::radians(4.0)), 1e-12);
    // Attachment point "Left Shoulder": joint="mCollarLeft" position="0 0 0.08".
    EXPECT_EQ(parentName("Left Shoulder"), "mCollarLeft");
    EXPECT_EQ(bone("Left Shoulder").restTranslation, glm::dvec3(0, 0, 0.08));
    // "Avatar Center" hangs from mRoot, the HUD points from mScreen.
    EXPECT_EQ(parentName("Avatar Center"), "mRoot");
    EXPECT_EQ(parentName("Center 2"), "mScreen");
}

TEST(SecondLifeSkeleton, LookupsAndAliases)
{
    EXPECT_GE(findCollisionVolume("L_FOOT"), 0);
    EXPECT_EQ(findCollisionVolume("mFootLeft"), -1);
    EXPECT_TRUE(isAnimatableJoint("Chest"));
    EXPECT_FALSE(isAnimatableJoint("mRoot"));
    EXPECT_FALSE(isAnimatableJoint("mTail99"));
    // aliases="hip avatar_mPelvis", "abdomen avatar_mTorso", "figureHair avatar_mSkull".
    EXPECT_EQ(findByAlias("hip"), findAvatarJoint("mPelvis"));
    EXPECT_EQ(findByAlias("abdomen"), findAvatarJoint("mTorso"));
    EXPECT_EQ(findByAlias("figureHair"), findAvatarJoint("mSkull"));
    EXPECT_EQ(findByAlias("mHead"), findAvatarJoint("mHead"));
    EXPECT_EQ(findByAlias("nothing"), -1);
}

TEST(SecondLifeSkeleton, AnimationsKeyedOnAttachmentPointsPlay)
{
    Animation a;
    Track t;
    t.name = "Chest";
    t.translation.keys.push_back({0.0, glm::dvec3(0.2, 0, 0)});
    a.tracks.push_back(t);
    Sampler sampler(a, avatarSkeleton());
    EXPECT_TRUE(sampler.binding().unmatchedTracks.empty());
    Pose pose;
    sampler.sample(0.0, pose);
    const int chest = findAvatarJoint("Chest");
    EXPECT_FLOAT_EQ(pose.local[chest].translation.x, 0.2f);
}
