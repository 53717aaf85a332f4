// "Preview while": the base motions Bonescope ships (resources/secondlife/, compiled in) are exactly
// what its generator (tools/sl_bases/) writes, valid for upload, with the priorities they promise; an
// animation mixed over them by priority on the avatar; and `pose --preview-while`.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/playback/priority_mix.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_priorities.h"
#include "tests/support/test_support.h"
#include "tools/sl_bases/base_motions.h"

using namespace bonescope;

namespace {

std::string shippedPath(const std::string& name)
{
    return std::string(BONESCOPE_SOURCE_DIR) + "/resources/secondlife/" + name + ".anim";
}

// The entry of `joint` in pose's "previewWhile" joints, or null.
nlohmann::json driverOf(const nlohmann::json& pose, const std::string& joint)
{
    for (const auto& j : pose["previewWhile"]["joints"])
        if (j["joint"] == joint)
            return j;
    return nullptr;
}

glm::dquat aboutY(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 1, 0)); }

// A priority-3 animation that bends the left hip and the left elbow, saved and read back as a user's
// file would be.
Scene userAnimation()
{
    Scene s;
    s.format = "secondlife";
    s.skeleton = secondlife::avatarSkeleton();
    Animation a;
    a.duration = 1;
    a.fps = 10;
    for (const char* joint : {"mHipLeft", "mElbowLeft"}) {
        Track t;
        t.name = joint;
        t.rotation.rules = secondlife::viewerRules();
        t.rotation.keys = {{0, aboutY(-45)}, {1, aboutY(-45)}};
        a.tracks.push_back(t);
    }
    auto x = std::make_unique<SecondLifeExtra>();
    x->basePriority = 3;
    a.extra = std::move(x);
    s.animations.push_back(std::move(a));
    return SecondLifeFormat().read(SecondLifeFormat().write(s));
}

} // namespace

TEST(SecondLifePreviewWhile, ShippedBaseMotionsAreTheGeneratorsOutput)
{
    ASSERT_EQ(secondlife::baseMotionNames(), sl_bases::names());
    for (const std::string& name : sl_bases::names()) {
        const std::vector<uint8_t> generated = SecondLifeFormat().write(sl_bases::build(name));
        EXPECT_EQ(test::readBytes(shippedPath(name)), generated) << name << ": run scripts/make-demo";
        const auto embedded = secondlife::baseMotionBytes(name);
        EXPECT_EQ(std::vector<uint8_t>(embedded.begin(), embedded.end()), generated) << name;
        // Valid for upload, and read back to the same bytes.
        const Scene back = SecondLifeFormat().read(generated);
        EXPECT_TRUE(SecondLifeFormat().validate(back, "secondlife").empty()) << name;
        EXPECT_EQ(SecondLifeFormat().write(back), generated) << name;
        const auto r = test::runCli({"validate", "--target", "secondlife", shippedPath(name)});
        EXPECT_EQ(r.status, 0) << name << "\n" << r.err;
        EXPECT_TRUE(r.err.empty()) << r.err;
    }
    EXPECT_TRUE(secondlife::baseMotionBytes("run").empty());
}

TEST(SecondLifePreviewWhile, BaseMotionsPlayAtTheirPriorities)
{
    const PriorityBase stand = secondlife::loadPreviewBase("stand");
    EXPECT_EQ(stand.priorities.motion, 0);
    EXPECT_TRUE(stand.animation.looping);
    EXPECT_EQ(secondlife::loadPreviewBase("walk").priorities.motion, 2);
    EXPECT_EQ(secondlife::loadPreviewBase("fly").priorities.motion, 2);
    const PriorityBase sit = secondlife::loadPreviewBase("sit");
    EXPECT_EQ(sit.priorities.motion, 3);
    const int hip = sit.animation.findTrack("mHipLeft");
    const int shoulder = sit.animation.findTrack("mShoulderLeft");
    ASSERT_GE(hip, 0);
    ASSERT_GE(shoulder, 0);
    EXPECT_EQ(sit.priorities.ofTrack(size_t(hip)), 4);
    EXPECT_EQ(sit.priorities.ofTrack(size_t(shoulder)), 3);
}

TEST(SecondLifePreviewWhile, PrioritiesAreClampedAsTheViewerPlaysThem)
{
    Animation a;
    a.tracks.resize(3);
    a.tracks[0].name = "mHead";
    a.tracks[1].name = "mNeck";
    a.tracks[2].name = "mChest";
    auto x = std::make_unique<SecondLifeExtra>();
    x->basePriority = 9;
    x->joints = {{"mHead", 7}, {"mNeck", -1}, {"mChest", 2}};
    a.extra = std::move(x);
    const MotionPriorities p = secondlife::motionPriorities(a);
    EXPECT_EQ(p.motion, 6);
    EXPECT_EQ(p.ofTrack(0), 6);
    EXPECT_EQ(p.ofTrack(1), 6);
    EXPECT_EQ(p.ofTrack(2), 2);
}

TEST(SecondLifePreviewWhile, SitKeepsItsLegsWalkGivesThemUp)
{
    const Scene user = userAnimation();
    const Skeleton& avatar = user.skeleton;
    const int hip = avatar.find("mHipLeft"), elbow = avatar.find("mElbowLeft"), knee = avatar.find("mKneeLeft");
    const MotionPriorities mine = secondlife::motionPriorities(user.animations[0]);
    std::vector<LocalTransform> out;

    const PriorityBase sit = secondlife::loadPreviewBase("sit");
    PriorityMixSampler overSit(user.animations[0], mine, sit, avatar);
    overSit.sampleLocal(0.5, out);
    EXPECT_EQ(overSit.drivers()[hip].rotation, MixSource::Base);      // 4 > 3
    EXPECT_EQ(overSit.drivers()[elbow].rotation, MixSource::Base);    // 3 = 3: the base started last
    EXPECT_EQ(overSit.drivers()[knee].rotation, MixSource::Base);     // only the base keys it
    const int sitHip = sit.animation.findTrack("mHipLeft");
    EXPECT_NEAR(std::abs(glm::dot(out[hip].rotation, sit.animation.tracks[sitHip].rotation.keys.value(0))), 1.0, 1e-6); // keys as decoded, not normalised

    const PriorityBase walk = secondlife::loadPreviewBase("walk");
    PriorityMixSampler overWalk(user.animations[0], mine, walk, avatar);
    overWalk.sampleLocal(0.5, out);
    EXPECT_EQ(overWalk.drivers()[hip].rotation, MixSource::Animation); // 3 > 2
    EXPECT_EQ(overWalk.drivers()[elbow].rotation, MixSource::Animation);
    EXPECT_EQ(overWalk.drivers()[knee].rotation, MixSource::Base);
    EXPECT_NEAR(std::abs(glm::dot(out[hip].rotation, user.animations[0].tracks[0].rotation.keys.value(0))), 1.0, 1e-6); // keys as decoded, not normalised
    EXPECT_EQ(overWalk.drivers()[avatar.find("mSkull")].rotation, MixSource::Rest);
}

TEST(SecondLifePreviewWhile, OtherFilesMustBeSecondLifeAnimations)
{
    const std::string path = test::tempPath("over.anim");
    test::writeBytes(path, SecondLifeFormat().write(userAnimation()));
    EXPECT_EQ(secondlife::loadPreviewBase(path).label, path);
    try {
        secondlife::loadPreviewBase(test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim"));
        FAIL() << "an SEAnim base was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("not a Second Life .anim"), std::string::npos) << e.what();
    }
}

TEST(SecondLifePreviewWhile, PoseCommandReportsWhoDrivesEachJoint)
{
    const std::string path = test::tempPath("mine.anim");
    test::writeBytes(path, SecondLifeFormat().write(userAnimation()));
    const auto r = test::runCli({"pose", path, "--time", "0.5", "--preview-while", "sit"});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["previewWhile"]["base"], "sit");
    EXPECT_EQ(j["previewWhile"]["priority"], 3);
    EXPECT_EQ(j["previewWhile"]["basePriority"], 3);
    const auto hip = driverOf(j, "mHipLeft");
    EXPECT_EQ(hip["rotation"], "base");
    EXPECT_EQ(hip["position"], "rest"); // neither keys its position
    EXPECT_EQ(hip["animationPriority"], 3);
    EXPECT_EQ(hip["basePriority"], 4);
    EXPECT_EQ(driverOf(j, "mKneeLeft")["rotation"], "base");
    EXPECT_TRUE(driverOf(j, "mSkull").is_null()); // neither motion moves it
    const auto walk = nlohmann::json::parse(test::runCli({"pose", path, "--time", "0.5", "--preview-while", "walk"}).out);
    EXPECT_EQ(driverOf(walk, "mHipLeft")["rotation"], "animation");
    // The pose itself: the bones' world transforms follow the mix (the left hip is the sit's).
    EXPECT_NE(j["bones"].dump(), walk["bones"].dump());

    const auto bad = test::runCli({"pose", path, "--time", "0", "--preview-while", "run"});
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("run"), std::string::npos) << bad.err;
    const auto notSl = test::runCli({"pose", test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim"), "--time", "0",
                                     "--preview-while", "stand"});
    EXPECT_EQ(notSl.status, 1);
    EXPECT_NE(notSl.err.find("Second Life"), std::string::npos) << notSl.err;
}
