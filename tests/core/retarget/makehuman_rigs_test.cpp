// MakeHuman's two rigs read as humanoids, from the real BVHs of MakeHuman's repository
// (tests/fixtures/rigs/SOURCES.md): which bone plays which part, checked by hand against the files.
#include <gtest/gtest.h>

#include "core/retarget/humanoid.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

Scene readRig(const std::string& name)
{
    return BvhFormat().read(test::readBytes(test::fixturePath("rigs/" + name)));
}

std::string nameOf(const Skeleton& s, int b) { return b >= 0 ? s.bones[size_t(b)].name : "(none)"; }

std::vector<std::string> namesOf(const Skeleton& s, const std::vector<int>& bones)
{
    std::vector<std::string> out;
    for (int b : bones)
        out.push_back(nameOf(s, b));
    return out;
}

TEST(MakeHumanRigs, DefaultRigLimbsSkipTheTwistHalves)
{
    // upperleg01.L > upperleg02.L > lowerleg01.L > lowerleg02.L > foot.L: each second half only splits
    // its bone (collinear with it). Taken by shape alone, the "two longest segments" were
    // upperleg02 > lowerleg01 > lowerleg02 and the foot was mid-shin.
    const Scene s = readRig("makehuman_tpose.bvh");
    std::string why;
    const auto h = findHumanoid(s.skeleton, &why);
    ASSERT_TRUE(h) << why;
    const Skeleton& k = s.skeleton;
    EXPECT_EQ(nameOf(k, h->hips), "root");
    EXPECT_EQ(nameOf(k, h->legs[0].upper), "upperleg01.L");
    EXPECT_EQ(nameOf(k, h->legs[0].lower), "lowerleg01.L");
    EXPECT_EQ(nameOf(k, h->legs[0].end), "foot.L");
    EXPECT_EQ(nameOf(k, h->legs[0].tip), "toe3-1.L");
    EXPECT_EQ(nameOf(k, h->legs[1].upper), "upperleg01.R");
    EXPECT_EQ(nameOf(k, h->arms[0].root), "clavicle.L");
    EXPECT_EQ(nameOf(k, h->arms[0].upper), "upperarm01.L");
    EXPECT_EQ(nameOf(k, h->arms[0].lower), "lowerarm01.L");
    EXPECT_EQ(nameOf(k, h->arms[0].end), "wrist.L");
    EXPECT_EQ(nameOf(k, h->arms[0].tip), "finger3-1.L"); // the middle finger's knuckle, past metacarpal2
    EXPECT_EQ(nameOf(k, h->arms[1].end), "wrist.R");
    EXPECT_EQ(namesOf(k, h->spine), (std::vector<std::string>{"spine05", "spine04", "spine03", "spine02", "spine01"}));
    EXPECT_EQ(nameOf(k, h->head), "head");
}

TEST(MakeHumanRigs, DefaultRigPositionsAreDisplacements)
{
    // Every joint has six channels; MakeHuman writes the positions of those below the root as
    // displacements from the OFFSET (all 0 in this T pose). Read as positions, every leg joint sat
    // on the pelvis.
    const Scene s = readRig("makehuman_tpose.bvh");
    const auto* x = s.extra.as<BvhExtra>();
    ASSERT_TRUE(x);
    EXPECT_EQ(x->displacementJoint, "upperleg01.R");
    const Animation& a = s.animations.front();
    const int t = a.findTrack("lowerleg01.R");
    ASSERT_GE(t, 0);
    ASSERT_EQ(a.tracks[size_t(t)].translation.keys.size(), 1u);
    // OFFSET -0.307100 -0.219482 -3.204812, position channels -0.000000 (to six decimals).
    const glm::dvec3 p = a.tracks[size_t(t)].translation.keys.value(0);
    EXPECT_NEAR(p.x, -0.3071, 1e-5);
    EXPECT_NEAR(p.y, -0.219482, 1e-5);
    EXPECT_NEAR(p.z, -3.204812, 1e-5);
    // The root's positions are positions: Xposition Yposition Zposition 0 0.6394 0.027754.
    const int root = a.findTrack("root");
    ASSERT_GE(root, 0);
    EXPECT_NEAR(a.tracks[size_t(root)].translation.keys.value(0).z, 0.027754, 1e-9);
    // The CMU walk gives positions on its root only: nothing to say.
    const Scene cmu = readRig("cmu_131_01_walk.bvh");
    EXPECT_EQ(cmu.extra.as<BvhExtra>()->displacementJoint, "");
}

TEST(MakeHumanRigs, OlderRigHipsAreWhereTheSpineAndLegsPart)
{
    // Root > Spine1..., and Root > Hips > __UpLeg_L > UpLeg_L > LoLeg_L > Foot_L: the bone named Hips
    // carries the legs only. "__UpLeg_L" (at the pelvis) and "UpLeg_L" (at the hip joint) share a
    // name; the thigh is the one next to the knee. UpArm/LoArm/LoLeg are MakeHuman's words.
    const Scene s = readRig("makehuman_walk1.bvh");
    std::string why;
    const auto h = findHumanoid(s.skeleton, &why);
    ASSERT_TRUE(h) << why;
    const Skeleton& k = s.skeleton;
    EXPECT_EQ(nameOf(k, h->hips), "Root");
    EXPECT_EQ(nameOf(k, h->legs[0].upper), "UpLeg_L");
    EXPECT_EQ(nameOf(k, h->legs[0].lower), "LoLeg_L");
    EXPECT_EQ(nameOf(k, h->legs[0].end), "Foot_L");
    EXPECT_EQ(nameOf(k, h->legs[1].upper), "UpLeg_R");
    EXPECT_EQ(nameOf(k, h->arms[0].root), "Clavicle_L");
    EXPECT_EQ(nameOf(k, h->arms[0].upper), "UpArm_L");
    EXPECT_EQ(nameOf(k, h->arms[0].lower), "LoArm_L");
    EXPECT_EQ(nameOf(k, h->arms[0].end), "Hand_L");
    EXPECT_EQ(namesOf(k, h->spine), (std::vector<std::string>{"Spine1", "Spine2", "Spine3"}));
    EXPECT_EQ(nameOf(k, h->head), "Head");
}

TEST(MakeHumanRigs, SecondLifeSpineLeavesOutItsFolds)
{
    // mPelvis > mSpine1 > mSpine2 (back on the pelvis) > mTorso > mSpine3 > mSpine4 (back on mTorso)
    // > mChest: the folded pairs are no spine joints; a 5-bone spine spread over them flung the
    // avatar's chest 0.4 m up.
    const Skeleton avatar = secondlife::avatarInCommonFrame();
    const auto h = findHumanoid(avatar);
    ASSERT_TRUE(h);
    EXPECT_EQ(namesOf(avatar, h->spine), (std::vector<std::string>{"mTorso", "mChest"}));
}

} // namespace
} // namespace bonescope
