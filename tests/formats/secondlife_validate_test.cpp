// The Second Life validator on purpose-built files (written here with ByteWriter in the .anim
// layout) and on every sample.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "formats/byte_writer.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_upload.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

struct Constraint {
    uint8_t chain = 1, type = 0;
    std::string source = "L_FOOT", target = "GROUND";
    float easeInStart = 0, easeOutStop = 1; // ease in stop and ease out start between them
};

struct Spec {
    int32_t basePriority = 3;
    float duration = 1.0f;
    float loopIn = 0, loopOut = 1.0f;
    int32_t loop = 1;
    uint32_t handPose = 1;
    std::vector<std::pair<std::string, int32_t>> joints = {{"mAnkleLeft", -1}, {"mKneeLeft", 2}, {"mHipLeft", -1}};
    std::vector<Constraint> constraints;
    // Every joint's rotation keys: this many, evenly over the duration, turned by this x code (32767
    // is identity: the rest pose). Joints named in `atRest` keep the identity.
    int rotationKeys = 1;
    uint16_t rotationX = 40000;
    std::vector<std::string> atRest;
    // Position keys per joint, at this offset (metres, each axis) from zero.
    int positionKeys = 0;
    float position = 0;
};

uint16_t code(float v, float lo, float hi) { return uint16_t(std::lround((v - lo) / (hi - lo) * 65535)); }

std::vector<uint8_t> build(const Spec& s)
{
    ByteWriter w;
    w.u16(1);
    w.u16(0);
    w.s32(s.basePriority);
    w.f32(s.duration);
    w.cstr("");
    w.f32(s.loopIn);
    w.f32(s.loopOut);
    w.s32(s.loop);
    w.f32(0.3f);
    w.f32(0.3f);
    w.u32(s.handPose);
    w.u32(uint32_t(s.joints.size()));
    for (const auto& [name, priority] : s.joints) {
        w.cstr(name);
        w.s32(priority);
        const bool rest = std::find(s.atRest.begin(), s.atRest.end(), name) != s.atRest.end();
        w.s32(s.rotationKeys);
        for (int k = 0; k < s.rotationKeys; ++k) {
            w.u16(uint16_t(s.rotationKeys > 1 ? k * 65535 / (s.rotationKeys - 1) : 0));
            w.u16(rest ? 32767 : s.rotationX);
            w.u16(32767);
            w.u16(32767);
        }
        w.s32(s.positionKeys);
        for (int k = 0; k < s.positionKeys; ++k) {
            w.u16(uint16_t(s.positionKeys > 1 ? k * 65535 / (s.positionKeys - 1) : 0));
            for (int axis = 0; axis < 3; ++axis)
                w.u16(code(s.position, -5, 5));
        }
    }
    w.s32(int32_t(s.constraints.size()));
    for (const Constraint& c : s.constraints) {
        w.u8(c.chain);
        w.u8(c.type);
        w.fixedString(c.source, 16);
        w.zeros(12);
        w.fixedString(c.target, 16);
        w.zeros(12 + 12);
        w.f32(c.easeInStart);
        w.f32(c.easeInStart);
        w.f32(c.easeOutStop);
        w.f32(c.easeOutStop);
    }
    return w.take();
}

std::vector<Finding> check(const Spec& s, const std::string& target = "secondlife")
{
    const SecondLifeFormat f;
    return f.validate(f.read(build(s)), target);
}

// The findings of that severity whose message holds `text`.
int count(const std::vector<Finding>& fs, Finding::Severity sev, const std::string& text)
{
    int n = 0;
    for (const Finding& f : fs)
        n += f.severity == sev && f.message.find(text) != std::string::npos;
    return n;
}

constexpr auto Error = Finding::Severity::Error;
constexpr auto Warning = Finding::Severity::Warning;

} // namespace

TEST(SecondLifeValidate, TheBuiltFileIsClean)
{
    Spec s;
    s.constraints.push_back({});
    EXPECT_TRUE(check(s).empty());
}

TEST(SecondLifeValidate, EverySamplePassesTheUploadRules)
{
    for (const std::string& path : test::samplesIn(test::samplePath("secondlife"), ".anim")) {
        const auto r = test::runCli({"validate", "--target", "secondlife", path});
        EXPECT_EQ(r.status, 0) << path << "\n" << r.err;
    }
    // The two with something to say say it as warnings.
    const auto clap = test::runCli({"validate", "--target", "secondlife",
                                    test::samplePath("secondlife/linden_clap_11constraints.anim")});
    EXPECT_NE(clap.err.find("warning: 11 constraints"), std::string::npos);
    const auto raptor = test::runCli({"validate", test::samplePath("secondlife/ll_raptor_attack.anim")});
    EXPECT_NE(raptor.err.find("warning: loop in -0.041667 s lies outside"), std::string::npos);
}

TEST(SecondLifeValidate, Duration)
{
    Spec s;
    s.duration = 61;
    s.loopOut = 61;
    EXPECT_EQ(count(check(s), Error, "over the 60 s limit"), 1);
    s.duration = 60;
    s.loopOut = 60;
    EXPECT_TRUE(check(s).empty());
}

TEST(SecondLifeValidate, JointCount)
{
    Spec s;
    s.joints.clear();
    EXPECT_EQ(count(check(s), Error, "moves no joint"), 1);
    s.joints.assign(217, {"mHead", -1});
    EXPECT_EQ(count(check(s), Error, "at most 216; remove 1"), 1);
}

TEST(SecondLifeValidate, UnknownAndForbiddenJointNames)
{
    Spec s;
    s.joints.push_back({"mTail99", -1});
    s.joints.push_back({"Chest", -1});         // an attachment point: fine
    s.joints.push_back({"LEFT_HANDLE", -1});   // a collision volume: fine
    EXPECT_EQ(count(check(s), Error, "'mTail99' is not a joint of the Second Life avatar"), 1);
    EXPECT_EQ(check(s).size(), 1u);
    EXPECT_EQ(count(check(s, ""), Warning, "'mTail99' is not a joint"), 1);
    s.joints.push_back({"mRoot", -1});
    EXPECT_EQ(count(check(s, ""), Error, "'mRoot' cannot be animated"), 1);
}

TEST(SecondLifeValidate, Priorities)
{
    Spec s;
    s.basePriority = 7;
    EXPECT_EQ(count(check(s), Warning, "base priority 7 is above 6"), 1);
    s.basePriority = -2;
    EXPECT_EQ(count(check(s), Error, "base priority -2 is below -1"), 1);
    s.basePriority = 6;
    s.joints[1].second = -3;
    EXPECT_EQ(count(check(s), Error, "joint 'mKneeLeft' priority -3 is below -1"), 1);
    s.joints[1].second = 9;
    EXPECT_EQ(count(check(s), Warning, "joint 'mKneeLeft' priority 9 is above 6"), 1);
}

TEST(SecondLifeValidate, HandPose)
{
    Spec s;
    s.handPose = 13;
    EXPECT_TRUE(check(s).empty());
    s.handPose = 14;
    EXPECT_EQ(count(check(s), Error, "hand pose 14"), 1);
}

TEST(SecondLifeValidate, LoopPoints)
{
    Spec s;
    s.loopOut = 1.5f;
    EXPECT_EQ(count(check(s), Error, "loop out 1.5 s lies outside"), 1);
    s.loopIn = 0.8f;
    s.loopOut = 0.4f;
    EXPECT_EQ(count(check(s), Error, "is after loop out"), 1);
    s.loop = 0;
    EXPECT_EQ(count(check(s), Warning, "is after loop out"), 1);
    EXPECT_EQ(count(check(s), Error, ""), 0);
}

// One rule for the upload check and the Format dock (which words it under the loop fields): a loop
// point on the end is inside, a hair past it or before the start is not, each fault is told apart.
TEST(SecondLifeValidate, LoopPointFaultsOneRule)
{
    Animation a;
    a.duration = 2.0;
    EXPECT_FALSE(secondlife::loopPointFaults(a).any()); // no loop points at all
    a.loopRange = LoopRange{0.0, 2.0};
    EXPECT_FALSE(secondlife::loopPointFaults(a).any());
    a.loopRange = LoopRange{0.5, 2.0001};
    auto f = secondlife::loopPointFaults(a);
    EXPECT_TRUE(f.outOutside && !f.inOutside && !f.inAfterOut && !f.notFinite);
    a.loopRange = LoopRange{-0.1, 1.0};
    f = secondlife::loopPointFaults(a);
    EXPECT_TRUE(f.inOutside && !f.outOutside && !f.inAfterOut);
    a.loopRange = LoopRange{1.5, 1.0};
    f = secondlife::loopPointFaults(a);
    EXPECT_TRUE(f.inAfterOut && !f.inOutside && !f.outOutside);
    a.loopRange = LoopRange{0.0, std::nan("")};
    f = secondlife::loopPointFaults(a);
    EXPECT_TRUE(f.notFinite && !f.outOutside && !f.inAfterOut);
}

TEST(SecondLifeValidate, Constraints)
{
    Spec s;
    s.constraints.push_back({1, 0, "NOPE", "GROUND"});
    s.constraints.push_back({1, 0, "L_FOOT", "ELSEWHERE"});
    s.constraints.push_back({1, 2, "L_FOOT", "GROUND"});
    s.constraints.push_back({9, 0, "L_FOOT", "GROUND"});  // more than the 3 joints
    s.constraints.push_back({3, 1, "L_FOOT", "BELLY"});   // needs mPelvis above mHipLeft
    const auto fs = check(s);
    EXPECT_EQ(count(fs, Error, "constraint 0: source volume 'NOPE'"), 1);
    EXPECT_EQ(count(fs, Error, "constraint 1: target volume 'ELSEWHERE'"), 1);
    EXPECT_EQ(count(fs, Error, "constraint 2: type 2"), 1);
    EXPECT_EQ(count(fs, Error, "constraint 3: chain length 9"), 1);
    EXPECT_EQ(count(fs, Error, "constraint 4: its chain of 4 joints above 'L_FOOT' needs joint 'mPelvis'"), 1);
    EXPECT_EQ(fs.size(), 5u);

    // The solver holds 4 joints: chain lengths 0..3. R_HAND's chain: mWristRight, mElbowRight,
    // mShoulderRight, mCollarRight, mChest.
    Spec chain;
    chain.joints = {{"mWristRight", -1}, {"mElbowRight", -1}, {"mShoulderRight", -1}, {"mCollarRight", -1}, {"mChest", -1}};
    chain.constraints.push_back({3, 0, "R_HAND", "GROUND"});
    EXPECT_TRUE(check(chain).empty());
    chain.constraints[0].chain = 4;
    ASSERT_EQ(check(chain).size(), 1u);
    EXPECT_EQ(count(check(chain), Error, "constraint 0: chain length 4 is more than 3"), 1);

    // A constraint acts from its ease-in start to its ease-out stop: within the animation, or never.
    Spec timing;
    timing.constraints.push_back({1, 0, "L_FOOT", "GROUND", 0.2f, 0.8f});
    EXPECT_TRUE(check(timing).empty());
    timing.constraints[0].easeOutStop = 10; // past the end: it holds to the end
    EXPECT_TRUE(check(timing).empty());
    timing.constraints[0] = {1, 0, "L_FOOT", "GROUND", 1.5f, 3.0f}; // starts after the end
    EXPECT_EQ(count(check(timing), Warning, "constraint 0: it acts from its ease-in start (1.5 s) to its ease-out "
                                            "stop (3.0 s), which leaves no time inside the animation (0..1.0 s)"),
              1);
    timing.constraints[0] = {1, 0, "L_FOOT", "GROUND", 0.0f, 0.0f}; // stops as it starts
    EXPECT_EQ(count(check(timing), Warning, "the viewer never applies it"), 1);

    Spec many;
    many.constraints.assign(11, Constraint{});
    const auto m = check(many);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(count(m, Warning, "11 constraints: the viewer ignores all of them"), 1);
}

TEST(SecondLifeValidate, OtherFormatsAgainstTheUploadRules)
{
    // An SEAnim sample judged as an upload: its joint names are not the avatar's.
    const auto r = test::runCli({"validate", "--target", "secondlife",
                                 test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim")});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("is not a joint of the Second Life avatar"), std::string::npos);
}

TEST(SecondLifeValidate, UploadSizeLimit)
{
    // 111 bytes of header, joint headers and constraint count, then 8 bytes a key: 24 a key time for
    // the three joints. 10413 keys each make 250023 bytes, over the limit; 10412 make 249999.
    Spec s;
    s.rotationKeys = 10413;
    ASSERT_EQ(build(s).size(), 250023u);
    EXPECT_EQ(count(check(s), Error, "the animation takes 250023 bytes, over the 250000-byte upload limit"), 1);
    EXPECT_EQ(count(check(s, ""), Warning, "250023 bytes, over the 250000-byte upload limit"), 1);
    EXPECT_EQ(count(check(s, ""), Error, "upload limit"), 0);
    s.rotationKeys = 10412;
    ASSERT_EQ(build(s).size(), 249999u);
    EXPECT_TRUE(check(s).empty());
}

TEST(SecondLifeValidate, TheSizeIsTheWrittenSize)
{
    // The limit is judged on the size the writer gives, computed without writing.
    const SecondLifeFormat f;
    for (const std::string& path : test::samplesIn(test::samplePath("secondlife"), ".anim")) {
        const Scene scene = f.read(test::readBytes(path));
        const auto* x = scene.animations[0].extra.as<SecondLifeExtra>();
        ASSERT_NE(x, nullptr);
        EXPECT_EQ(secondlife::encodedSize(scene.animations[0], *x), f.write(scene).size()) << path;
    }
}

TEST(SecondLifeValidate, StaticJoints)
{
    // The knee's only key is its rest rotation: the uploader would drop it.
    Spec s;
    s.atRest = {"mKneeLeft"};
    auto fs = check(s);
    ASSERT_EQ(fs.size(), 1u);
    EXPECT_EQ(count(fs, Warning, "1 joint never leaves its rest pose"), 1);
    EXPECT_NE(fs[0].message.find(": mKneeLeft"), std::string::npos);
    // At rest turned, but moved away from its rest offset: not static.
    s.positionKeys = 2;
    s.position = 0.01f;
    EXPECT_TRUE(check(s).empty());
    // The pelvis: its position keys are offsets from the rest, so 0 is the rest.
    Spec pelvis;
    pelvis.joints = {{"mPelvis", -1}};
    pelvis.atRest = {"mPelvis"};
    pelvis.positionKeys = 2;
    EXPECT_EQ(count(check(pelvis), Warning, "1 joint never leaves its rest pose"), 1);
    pelvis.position = 0.001f; // 1 mm: a real move
    EXPECT_TRUE(check(pelvis).empty());
    // A slight turn (x code 32800: 0.11 degree) is motion by the uploader's test (0.001, about 0.03 degree).
    Spec slight;
    slight.rotationX = 32800;
    EXPECT_TRUE(check(slight).empty());
}
