// A rig's "Neck", "Chest" or "Head" converted to Second Life is the avatar's neck, chest or head: the
// avatar also has attachment points of those names, and a name match onto one of them left the neck
// undriven and the head turned by another bone's rest alignment (5.5 degrees on RobotExpressive).
#include <gtest/gtest.h>

#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

TEST(SecondLifeAttachmentNames, ARigsNeckDrivesTheAvatarsNeckNotTheAttachmentPoint)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "RobotExpressive.glb is read through Assimp";
#endif
    const std::string path = test::fixturePath("rigs/RobotExpressive.glb");
    const auto bytes = test::readBytes(path);
    Scene robot = Registry::instance().detect(bytes, path)->read(bytes);
    ASSERT_GE(robot.skeleton.find("Neck"), 0);
    ASSERT_TRUE(secondlife::isAttachmentPoint("Neck"));
    std::erase_if(robot.animations, [](const Animation& a) { return a.name != "Walking"; });
    ASSERT_EQ(robot.animations.size(), 1u);

    const SecondLifeFormat sl;
    std::vector<std::string> report;
    const Scene out = sl.read(sl.write(prepareForTarget(robot, sl, {}, report)));
    const Animation& a = out.animations.at(0);
    for (const char* joint : {"mNeck", "mHead", "mChest"}) {
        const int t = a.findTrack(joint);
        ASSERT_GE(t, 0) << joint << " has no keys";
        EXPECT_GT(a.tracks[size_t(t)].rotation.size(), 1u) << joint;
    }
    for (const char* attachment : {"Neck", "Chest", "Skull"})
        EXPECT_LT(a.findTrack(attachment), 0) << attachment << " (an attachment point) got the rig's motion";
}
