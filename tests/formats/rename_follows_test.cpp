// A format's own data kept per track by name (Second Life joint priorities and key codes, Cast
// curve modes, weights and node names) follows its track when the track is renamed: by a bone map
// alone (convert --bone-map), by retargeting (the motion of one bone played by another) and by a
// mirror. Before, a bone map dropped a Second Life file's every own field (the animation was carried
// onto the avatar without them) and a rename dropped a joint's priority.
#include <gtest/gtest.h>

#include "core/retarget/retarget.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_format.h"
#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_extra.h"
#include "tests/formats/cast_test_builder.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;

namespace {

Scene convertAndReadBack(const Scene& source, const ConvertOptions& o)
{
    const Format& target = *Registry::instance().byId(source.format);
    Report report;
    return target.read(target.write(prepareForTarget(source, target, o, report)));
}

BoneMap mapOf(std::map<std::string, std::string> m)
{
    BoneMap b;
    b.map = std::move(m);
    return b;
}

// Two turning bones with Second Life joint priorities.
Animation turning(const char* first, const char* second, int32_t firstPriority, int32_t secondPriority)
{
    Animation a;
    a.fps = 30;
    a.duration = 1;
    for (const char* name : {first, second}) {
        Track& t = a.tracks.emplace_back();
        t.name = name;
        t.rotation.keys.push_back({0, glm::dquat(1, 0, 0, 0)});
        t.rotation.keys.push_back({1, glm::dquat(0, 1, 0, 0)});
    }
    auto x = std::make_unique<SecondLifeExtra>();
    x->joints = {{first, firstPriority}, {second, secondPriority}};
    x->keyCodes.resize(2);
    x->keyCodes[0].name = first;
    x->keyCodes[1].name = second;
    a.extra = std::move(x);
    return a;
}

} // namespace

TEST(RenameFollows, SecondLifeBoneMapKeepsTheFileFieldsAndMovesPriorities)
{
    // linden_walk: base priority 0, ease 0.2 / 0.4 s, mPelvis at priority 3, mTorso at 0.
    const Scene walk = loadScene(test::samplePath("secondlife/linden_walk.anim")).scene;
    const auto* before = walk.animations.at(0).extra.as<SecondLifeExtra>();
    ASSERT_EQ(before->priorityOf(0, "mPelvis"), 3);
    ConvertOptions o;
    o.boneMap = mapOf({{"mPelvis", "mTorso"}, {"mTorso", "mPelvis"}}); // the two trade motions
    const Scene back = convertAndReadBack(walk, o);
    const Animation& a = back.animations.at(0);
    const auto* x = a.extra.as<SecondLifeExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->basePriority, 0);
    EXPECT_EQ(x->easeIn, 0.2f);
    EXPECT_EQ(x->easeOut, 0.4f);
    EXPECT_EQ(x->handPose, before->handPose);
    EXPECT_EQ(x->loopField, before->loopField);
    const int torso = a.findTrack("mTorso"), pelvis = a.findTrack("mPelvis");
    ASSERT_GE(torso, 0);
    ASSERT_GE(pelvis, 0);
    EXPECT_EQ(x->priorityOf(size_t(torso), "mTorso"), 3); // the pelvis's motion, with its priority
    EXPECT_EQ(x->priorityOf(size_t(pelvis), "mPelvis"), 0);
    // The file stays on the avatar: its own joints, renamed, not a track for every avatar joint (the
    // avatar renamed with them went through a retarget onto the avatar: 214 tracks).
    EXPECT_EQ(a.tracks.size(), walk.animations.at(0).tracks.size());
}

TEST(RenameFollows, CastBoneMapRenamesCurveInfoAndTheCurvesKeptAsRead)
{
    using namespace cb;
    cb::Node anim{AnimationId, 2, {str("n", "take"), f("fr", {30})},
                  {curve(10, "arm", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "absolute", {f("ab", {0.5f})}),
                   curve(11, "face", "bs", b("kb", {0}), f("kv", {0.25f}), "absolute")}};
    CastFormat cast;
    const Scene source = cast.read(cb::file({cb::Node{RootId, 1, {}, {anim}}}));
    ConvertOptions o;
    o.boneMap = mapOf({{"arm", "limb"}, {"face", "head"}});
    const Scene back = convertAndReadBack(source, o);
    const auto* x = back.animations.at(0).extra.as<CastAnimationExtra>();
    ASSERT_NE(x, nullptr);
    const CastTrackInfo* limb = x->track("limb");
    ASSERT_NE(limb, nullptr);
    EXPECT_TRUE(limb->hasBlendWeight);
    EXPECT_EQ(limb->blendWeight, 0.5f);
    EXPECT_EQ(x->track("arm"), nullptr);
    std::vector<std::string> curves;
    for (const cast::Node& c : x->node.children)
        curves.push_back(c.text("nn") + " " + c.text("kp"));
    EXPECT_EQ(curves, (std::vector<std::string>{"limb tx", "head bs"}));
}

TEST(RenameFollows, RetargetCarriesTheExtraToTheBonesThatPlayTheMotion)
{
    const Animation a = turning("hip", "tail", 4, 6);
    Skeleton source, target;
    source.bones = {{"hip", -1}, {"tail", 0}};
    target.bones = {{"mPelvis", -1}, {"mTorso", 0}, {"mTail1", 0}};
    const RetargetResult r = retarget(a, source, target, mapOf({{"hip", "mPelvis"}, {"tail", "mTail1"}}));
    const auto* moved = r.animation.extra.as<SecondLifeExtra>();
    ASSERT_NE(moved, nullptr);
    EXPECT_EQ(moved->priorityOf(0, "mPelvis"), 4);
    EXPECT_EQ(moved->priorityOf(1, "mTail1"), 6);
    EXPECT_EQ(moved->priorityOf(1, "mTorso"), -1); // nothing drives it
    // The source keeps its own.
    EXPECT_EQ(a.extra.as<SecondLifeExtra>()->priorityOf(0, "hip"), 4);
}

TEST(RenameFollows, RetargetDropsTheDataOfBonesThatPlayNothing)
{
    // The source has a bone named mPelvis that the map leaves out, and "hip" plays mPelvis: the
    // unmapped bone's priority (4) must not be found for the mPelvis that now plays hip's motion.
    const Animation a = turning("mPelvis", "hip", 4, 6);
    Skeleton source, target;
    source.bones = {{"mPelvis", -1}, {"hip", 0}};
    target.bones = {{"mPelvis", -1}};
    const RetargetResult r = retarget(a, source, target, mapOf({{"hip", "mPelvis"}}));
    ASSERT_EQ(r.unmappedSource, std::vector<std::string>{"mPelvis"});
    const auto* moved = r.animation.extra.as<SecondLifeExtra>();
    ASSERT_NE(moved, nullptr);
    EXPECT_EQ(moved->priorityOf(0, "mPelvis"), 6);
    ASSERT_EQ(moved->joints.size(), 1u);
    ASSERT_EQ(moved->keyCodes.size(), 1u);
    EXPECT_EQ(moved->keyCodes[0].name, "mPelvis");
}

TEST(RenameFollows, RetargetDropsTheCastCurvesKeptForBonesThatPlayNothing)
{
    using namespace cb;
    // "spine" is left out by the map: its curve info (relative translation) and the curve kept as
    // read for it (a custom property) go; "root"'s come to "pelvis".
    cb::Node anim{AnimationId, 2, {str("n", "take"), f("fr", {30})},
                  {curve(10, "root", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "absolute"),
                   curve(11, "spine", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "relative"),
                   curve(12, "spine", "custom", b("kb", {0}), f("kv", {0.25f}), "absolute"),
                   curve(13, "root", "custom", b("kb", {0}), f("kv", {0.5f}), "absolute")}};
    CastFormat cast;
    const Scene source = cast.read(cb::file({cb::Node{RootId, 1, {}, {anim}}}));
    Skeleton from, target;
    from.bones = {{"root", -1}, {"spine", 0}};
    target.bones = {{"pelvis", -1}, {"spine", 0}};
    const RetargetResult r = retarget(source.animations.at(0), from, target, mapOf({{"root", "pelvis"}}));
    const auto* x = r.animation.extra.as<CastAnimationExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_NE(x->track("pelvis"), nullptr);
    EXPECT_EQ(x->track("spine"), nullptr);
    std::vector<std::string> curves;
    for (const cast::Node& c : x->node.children)
        if (c.id == cast::Curve && c.text("kp") == "custom")
            curves.push_back(c.text("nn"));
    EXPECT_EQ(curves, std::vector<std::string>{"pelvis"});
    // Written and read back: one bone's curves, absolute.
    const Scene back = cast.read(cast.write([&] {
        Scene s;
        s.format = "cast";
        s.skeleton = target;
        s.animations.push_back(r.animation);
        return s;
    }()));
    const Animation& b = back.animations.at(0);
    EXPECT_GE(b.findTrack("pelvis"), 0);
    EXPECT_LT(b.findTrack("spine"), 0);
}

TEST(RenameFollows, BvhBoneMapKeepsAJointsChannelOrder)
{
    const std::string text = "HIERARCHY\nROOT hip\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition "
                             "Xrotation Yrotation Zrotation\n JOINT knee\n {\n  OFFSET 0 -1 0\n  CHANNELS 3 "
                             "Yrotation Xrotation Zrotation\n  End Site\n  {\n   OFFSET 0 -1 0\n  }\n }\n}\n"
                             "MOTION\nFrames: 2\nFrame Time: 0.1\n0 0 0 10 20 30 5 6 7\n0 1 0 11 21 31 8 9 10\n";
    const Format& bvh = *Registry::instance().byId("bvh");
    Scene source = bvh.read(std::vector<uint8_t>(text.begin(), text.end()));
    source.format = "bvh";
    ConvertOptions o;
    o.boneMap = mapOf({{"hip", "pelvis"}, {"knee", "shin"}});
    Report report;
    const std::vector<uint8_t> out = bvh.write(prepareForTarget(source, bvh, o, report));
    const std::string written(out.begin(), out.end());
    EXPECT_NE(written.find("ROOT pelvis"), std::string::npos) << written;
    EXPECT_NE(written.find("Xposition Yposition Zposition Xrotation Yrotation Zrotation"), std::string::npos) << written;
    EXPECT_NE(written.find("JOINT shin"), std::string::npos) << written;
    EXPECT_NE(written.find("CHANNELS 3 Yrotation Xrotation Zrotation"), std::string::npos) << written;
}
