// Loop seams on real clips (core/editing/loop_seam.h): Linden Lab's walk jumps 17 degrees at the ankle where it
// loops; closing it leaves no pose jump (also once written as an .anim and read back, through the
// format's 16-bit keys), keeps the hips' travel, lowers the speed jump, and leaves the keys before the
// blend as they were. A mocap walk that travels 46 units keeps that travel when closed.
#include <gtest/gtest.h>

#include "core/editing/loop_seam.h"
#include "core/retarget/root_motion.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

const std::string kLindenWalk = "secondlife/linden_walk.anim";
const std::string kMocapWalk = "rigs/cmu_131_01_walk.bvh";

} // namespace

TEST(LoopSeam, LindenWalkSeamIsMeasuredAndClosed)
{
    LoadedScene loaded = loadScene(test::samplePath(kLindenWalk));
    Animation& a = loaded.scene.animations.at(0);
    const Skeleton& rig = loaded.scene.skeleton;
    const LoopSeam before = measureSeam(a, rig);
    EXPECT_TRUE(before.fromLoopRange);
    EXPECT_NEAR(before.rotation.value, 17.0, 0.5);
    EXPECT_EQ(before.rotation.bone, "mAnkleLeft");
    EXPECT_EQ(before.travelBone, "mPelvis");
    EXPECT_GT(before.angularJump.value, 500);
    const int hips = rig.find("mPelvis");
    const double travel = netTravel(a, rig, hips);

    const auto firstKeys = a.tracks[size_t(a.findTrack("mAnkleLeft"))].rotation.keys;
    const int frames = defaultCloseFrames(before, a);
    EXPECT_EQ(frames, 6); // 17 frames wanted, half the 13-frame loop allowed
    EXPECT_GT(closeLoop(a, rig, frames), 0u);
    const LoopSeam after = measureSeam(a, rig);
    EXPECT_LT(after.rotation.value, 1e-6);
    EXPECT_LT(after.position.value, 1e-6 * after.height);
    EXPECT_LT(after.angularJump.value, before.angularJump.value / 2);
    EXPECT_NEAR(netTravel(a, rig, hips), travel, 1e-12);
    // Keys before the blend (the last 6 frames of 0.933 s at 15 fps) are untouched.
    const auto& keys = a.tracks[size_t(a.findTrack("mAnkleLeft"))].rotation.keys;
    EXPECT_EQ(keys.size(), firstKeys.size()); // a key on every frame already: none added beside them
    for (size_t i = 0; i < firstKeys.size() && firstKeys.time(i) < a.duration - 6.0 / 15 - 1e-6; ++i) {
        EXPECT_EQ(keys.time(i), firstKeys.time(i));
        EXPECT_EQ(keys.value(i), firstKeys.value(i));
    }

    // Written and read back: the .anim's 16-bit keys keep the seam closed.
    const Format& format = *Registry::instance().byId("secondlife");
    const Scene back = format.read(format.write(loaded.scene));
    const LoopSeam written = measureSeam(back.animations.at(0), back.skeleton);
    EXPECT_LT(written.rotation.value, 0.02);
    EXPECT_LT(written.position.value, 0.001 * written.height);
}

TEST(LoopSeam, ClosingAMocapWalkKeepsItsTravel)
{
    LoadedScene loaded = loadScene(test::fixturePath(kMocapWalk));
    Animation& a = loaded.scene.animations.at(0);
    const Skeleton& rig = loaded.scene.skeleton;
    const LoopSeam before = measureSeam(a, rig);
    EXPECT_EQ(before.travelBone, "Hips");
    EXPECT_NEAR(before.travel, 45.96, 0.01);
    const double travel = netTravel(a, rig, rig.find("Hips"));
    EXPECT_GT(closeLoop(a, rig, 120), 0u);
    const LoopSeam after = measureSeam(a, rig);
    EXPECT_LT(after.rotation.value, 1e-6);
    EXPECT_LT(after.position.value, 1e-9 * after.height);
    EXPECT_NEAR(after.travel, before.travel, 1e-9); // not pulled back to the start
    EXPECT_NEAR(netTravel(a, rig, rig.find("Hips")), travel, 1e-9);
    EXPECT_EQ(a.frameCount(), 994);
}

TEST(LoopSeam, AClosedLoopHasNothingToBlend)
{
    LoadedScene loaded = loadScene(test::samplePath(kLindenWalk));
    Animation& a = loaded.scene.animations.at(0);
    closeLoop(a, loaded.scene.skeleton, 6);
    // Only the speed terms are left to bend; a second pass changes the pose at the seam by nothing.
    closeLoop(a, loaded.scene.skeleton, 6);
    EXPECT_LT(measureSeam(a, loaded.scene.skeleton).rotation.value, 1e-6);
}

// The seam in words a person reads (a first-use pass met "0.224" without a unit and "8.88e-09"):
// distances as a share of the height, no exponents, and a loop that meets itself called seamless.
TEST(LoopSeam, DescribedWithoutBareNumbers)
{
    LoopSeam seam;
    seam.height = 2.328;
    seam.rotation = {17.0, "mAnkleLeft"};
    seam.position = {0.224, "mToeLeft"};
    seam.angularJump = {587.0, "mKneeRight"};
    seam.velocityJump = {3.91, "mToeRight"};
    EXPECT_EQ(describeSeam(seam), "pose 17.0 deg apart (mAnkleLeft) and 9.62% of the height (mToeLeft); speed jump "
                                  "587 deg/s (mKneeRight) and 168% of the height per second (mToeRight)");
    seam.rotation = {0.0, ""};
    seam.position = {8.88e-09, "toe_r"};
    EXPECT_EQ(describeSeam(seam).substr(0, 60), "seamless: the last frame meets the first (within 0.05 deg an");
    EXPECT_NE(describeSeam(seam).find("; speed jump 587 deg/s"), std::string::npos);
    seam.angularJump = {0.5, "x"};
    seam.velocityJump = {0.001, "y"};
    EXPECT_EQ(describeSeam(seam), "seamless: the last frame meets the first (within 0.05 deg and 0.01% of the height), at "
                                  "the same speed");
    // No height (no skeleton to measure): the distances say they are the file's units.
    seam.height = 0;
    seam.rotation = {2.5, "a"};
    seam.position = {0.00012, "b"};
    EXPECT_EQ(describeSeam(seam, " cm"), "pose 2.50 deg apart (a) and less than 0.01 cm (b); speed jump 0.500 deg/s (x) "
                                         "and less than 0.01 cm per second (y)");
}

} // namespace bonescope
