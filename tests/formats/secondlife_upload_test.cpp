// Getting animations into Second Life: the BVH written for its uploader (`convert --target secondlife`)
// read back through the uploader path gives every .anim sample again; `convert --optimize` strips
// static joints and keys within its tolerance and keeps the file valid; the uploader path's own rules
// (static joints left out, position channels, the shortest duration).
#include <filesystem>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "core/playback/sampler.h"
#include "formats/bvh/bvh_format.h"
#include "formats/convert/bvh_to_secondlife.h"
#include "formats/convert/convert_file.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_upload.h"
#include "tests/support/glm_expect.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

const SecondLifeFormat kSl;
const BvhFormat kBvh;

Scene readAnim(const std::string& path) { return kSl.read(test::readBytes(path)); }

std::vector<std::string> animSamples() { return test::samplesIn(test::samplePath("secondlife"), ".anim"); }

std::string bvhFor(const Scene& anim, Report& report)
{
    ConvertOptions o;
    o.forSecondLife = true;
    const auto bytes = convertFile(anim, kBvh, o, report).bytes();
    return {bytes.begin(), bytes.end()};
}

// The uploader path: the BVH read, turned into an .anim, written and read back (its 16-bit codes).
Scene upload(const std::string& bvhText)
{
    const Scene bvh = kBvh.read({reinterpret_cast<const uint8_t*>(bvhText.data()), bvhText.size()});
    Report report;
    return kSl.read(kSl.write(bvhToSecondLife(bvh, report)));
}

struct Worst {
    double value = 0;
    std::string where;
    void take(double v, const std::string& w)
    {
        if (v > value) {
            value = v;
            where = w;
        }
    }
};

// Every joint of `want` compared with `got` at each of its key times, both played on the avatar.
void comparePoses(const Scene& want, const Scene& got, Worst& rotation, Worst& pelvis, size_t& compared)
{
    const Animation& a = want.animations[0];
    Sampler ws(a, want.skeleton), gs(got.animations[0], got.skeleton);
    std::vector<LocalTransform> wl, gl;
    for (const Track& t : a.tracks) {
        const int bone = want.skeleton.find(t.name);
        ASSERT_GE(bone, 0) << t.name;
        for (const QuatKey& k : t.rotation.keys) {
            ws.sampleLocal(k.time, wl);
            gs.sampleLocal(k.time, gl);
            rotation.take(test::degreesBetween(wl[bone].rotation, gl[bone].rotation), t.name + " at " + std::to_string(k.time));
            ++compared;
        }
        if (t.name != "mPelvis")
            continue;
        for (const Vec3Key& k : t.translation.keys) {
            ws.sampleLocal(k.time, wl);
            gs.sampleLocal(k.time, gl);
            pelvis.take(glm::length(wl[bone].translation - gl[bone].translation), "at " + std::to_string(k.time));
        }
    }
}

} // namespace

TEST(SecondLifeBvh, EverySampleComesBackThroughTheUploaderPath)
{
    for (const std::string& path : animSamples()) {
        SCOPED_TRACE(path);
        const Scene original = readAnim(path);
        Report report;
        const Scene back = upload(bvhFor(original, report));
        const double duration = original.animations[0].duration;
        if (duration > 0) {
            EXPECT_NEAR(back.animations[0].duration, duration, 1e-3);
        }
        Worst rotation, pelvis;
        size_t compared = 0;
        comparePoses(original, back, rotation, pelvis, compared);
        EXPECT_GT(compared, 0u);
        EXPECT_LE(rotation.value, 0.5) << rotation.where;
        EXPECT_LE(pelvis.value, 0.003) << pelvis.where;
        RecordProperty(path.substr(path.rfind('/') + 1), std::to_string(rotation.value) + " degrees (" + rotation.where +
                                                             "), pelvis " + std::to_string(pelvis.value * 1000) + " mm");
    }
}

TEST(SecondLifeBvh, RefusesWhatTheUploaderRefuses)
{
    // A file may declare any finite duration; its frames would never end.
    Scene s = readAnim(test::samplePath("secondlife/opencollar_StiffNeck.anim"));
    s.animations[0].duration = 1e9;
    Report report;
    try {
        bvhFor(s, report);
        FAIL() << "a 1e9 s animation was written";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "the animation lasts 1e+09 s; the Second Life uploader takes at most 60 s (trim it first)");
    }
}

TEST(SecondLifeBvh, WhatTheUploaderExpects)
{
    Report report;
    const std::string walk = bvhFor(readAnim(test::samplePath("secondlife/linden_walk.anim")), report);
    // mPelvis the root, named hip as the uploader requires, 42 inches (1.067 m) up, its position and
    // rotation channels; Z X Y rotations.
    EXPECT_EQ(walk.rfind("HIERARCHY\nROOT hip\n{\n\tOFFSET 0.000000 42.007791 0.000000\n"
                         "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n", 0), 0u)
        << walk.substr(0, 200);
    EXPECT_NE(walk.find("JOINT mKneeLeft"), std::string::npos);
    EXPECT_EQ(walk.find("mFaceRoot"), std::string::npos); // no Bento face: the walk does not move it
    // 14 frame times over the walk's 0.9333 s, after the reference frame: 16 frames.
    EXPECT_NE(walk.find("MOTION\nFrames: 16\nFrame Time: 0.0666"), std::string::npos);
    // Frame 0 is the rest pose: the pelvis at its offset, every rotation zero.
    const size_t frame0 = walk.find('\n', walk.find("Frame Time:")) + 1;
    const std::string line = walk.substr(frame0, walk.find('\n', frame0) - frame0);
    EXPECT_EQ(line.rfind("0.000000 42.007791 0.000000 0.000000", 0), 0u);
    EXPECT_EQ(line.find_first_not_of("0.- ", 19), std::string::npos) << line;
    // What BVH cannot hold is said.
    bool priority = false, loop = false;
    for (const std::string& r : reportTexts(report)) {
        priority |= r.find("BVH cannot hold the priority") != std::string::npos;
        loop |= r.find("loop flag is lost") != std::string::npos;
    }
    EXPECT_TRUE(priority && loop);

    // Bento joints and attachment points when the animation moves them, named as the viewer's
    // aliases spell them.
    report.clear();
    const std::string raptor = bvhFor(readAnim(test::samplePath("secondlife/ll_raptor_attack.anim")), report);
    EXPECT_NE(raptor.find("JOINT mTail1"), std::string::npos);
    const std::string reset =
        bvhFor(readAnim(test::samplePath("secondlife/ll_bento_reset_bones_and_attachments.anim")), report);
    EXPECT_NE(reset.find("JOINT Left_Ear\n"), std::string::npos);
    EXPECT_EQ(secondlife::findByAlias("Left_Ear"), secondlife::findAvatarJoint("Left Ear"));
}

TEST(SecondLifeBvh, TheUploaderPathsOwnRules)
{
    // mPelvis moves, mTorso never leaves frame 0, mChest has position channels, mNeck turns on the
    // last frame only (the viewer does not look at the last frame's rotation).
    const std::string text = "HIERARCHY\nROOT hip\n{\n OFFSET 0 40 0\n CHANNELS 6 Xposition Yposition Zposition "
                             "Zrotation Xrotation Yrotation\n JOINT abdomen\n {\n  OFFSET 0 3 0\n  CHANNELS 3 Zrotation "
                             "Xrotation Yrotation\n  JOINT chest\n  {\n   OFFSET 0 8 0\n   CHANNELS 6 Xposition Yposition "
                             "Zposition Zrotation Xrotation Yrotation\n   JOINT neck\n   {\n    OFFSET 0 10 0\n    CHANNELS 3 "
                             "Zrotation Xrotation Yrotation\n    End Site\n    {\n     OFFSET 0 3 0\n    }\n   }\n  }\n }\n}\n"
                             "MOTION\nFrames: 4\nFrame Time: 0.5\n"
                             "0 40 0 0 0 0  0 0 0  0 8 0 0 0 0  0 0 0\n"
                             "0 41 0 0 10 0  0 0 0  0 8 0 0 0 0  0 0 0\n"
                             "0 42 0 0 20 0  0 0 0  1 8 0 0 0 0  0 0 0\n"
                             "0 43 0 0 30 0  0 0 0  2 8 0 0 0 0  0 0 40\n";
    const Scene bvh = kBvh.read({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
    Report report;
    const Scene s = bvhToSecondLife(bvh, report);
    const Animation& a = s.animations[0];
    EXPECT_DOUBLE_EQ(a.duration, 1.0); // (4 - 2) frames of 0.5 s
    EXPECT_GE(a.findTrack("mPelvis"), 0);
    EXPECT_LT(a.findTrack("mTorso"), 0);
    EXPECT_LT(a.findTrack("mNeck"), 0);
    ASSERT_GE(a.findTrack("mChest"), 0);
    const Track& chest = a.tracks[a.findTrack("mChest")];
    ASSERT_EQ(chest.translation.size(), 3u);
    // BVH x (the avatar's left, +Y), in inches, as the chest's own offset in metres.
    EXPECT_NEAR(chest.translation.keys.value(2).y, 2 * kBvhInchToMetre, 1e-9);
    EXPECT_NEAR(chest.translation.keys.value(2).z, 8 * kBvhInchToMetre, 1e-9);
    bool said = false;
    for (const std::string& r : reportTexts(report))
        said |= r.find("2 BVH joints never move from frame 0") != std::string::npos;
    EXPECT_TRUE(said);

    // A reference frame and one pose: the pose lasts one frame time (the viewer's minimum).
    const std::string two = "HIERARCHY\nROOT hip\n{\n OFFSET 0 40 0\n CHANNELS 6 Xposition Yposition Zposition "
                            "Zrotation Xrotation Yrotation\n End Site\n {\n  OFFSET 0 3 0\n }\n}\nMOTION\nFrames: 2\n"
                            "Frame Time: 0.25\n0 40 0 0 0 0\n0 40 0 0 30 0\n";
    const Scene pose = bvhToSecondLife(kBvh.read({reinterpret_cast<const uint8_t*>(two.data()), two.size()}), report);
    EXPECT_DOUBLE_EQ(pose.animations[0].duration, 0.25);
    ASSERT_EQ(pose.animations[0].tracks.size(), 1u);
    EXPECT_EQ(pose.animations[0].tracks[0].rotation.size(), 1u);
}

TEST(SecondLifeOptimize, EverySampleStaysValidAndWithinTheTolerance)
{
    const double degrees = secondlife::DefaultOptimizeTolerance;
    const double metres = degrees * secondlife::OptimizeMetresPerDegree;
    for (const std::string& path : animSamples()) {
        SCOPED_TRACE(path);
        const Scene original = readAnim(path);
        ConvertOptions o;
        o.optimize = true;
        Report report;
        const ConvertedFile c = convertFile(original, kSl, o, report);
        ASSERT_TRUE(c.optimized);
        const std::vector<uint8_t> bytes = c.bytes();
        EXPECT_EQ(c.optimized->bytesBefore, test::readBytes(path).size()); // the unedited file, byte for byte
        EXPECT_EQ(c.optimized->bytesAfter, bytes.size());
        EXPECT_LE(bytes.size(), c.optimized->bytesBefore);
        const Scene small = kSl.read(bytes);
        for (const Finding& f : kSl.validate(small, "secondlife"))
            EXPECT_NE(f.severity, Finding::Severity::Error) << f.message;
        // No static joint is left, but those a constraint's chain needs (and the last one).
        const auto needed = secondlife::constraintJoints(*original.animations[0].extra.as<SecondLifeExtra>());
        for (const Track& t : small.animations[0].tracks)
            EXPECT_FALSE(secondlife::isStaticJoint(t) && small.animations[0].tracks.size() > 1 &&
                         std::find(needed.begin(), needed.end(), t.name) == needed.end())
                << t.name;
        Worst rotation, pelvis;
        size_t compared = 0;
        comparePoses(original, small, rotation, pelvis, compared);
        // Removed joints sit within the uploader's static test of their rest (about 0.03 degree).
        EXPECT_LE(rotation.value, degrees + 1e-6) << rotation.where;
        EXPECT_LE(pelvis.value, metres + 1e-6) << pelvis.where;
        EXPECT_EQ(c.optimized->removedJoints.size() + small.animations[0].tracks.size(),
                  original.animations[0].tracks.size());
    }
}

TEST(SecondLifeOptimize, KeepsWhatTheFileNeeds)
{
    // The sit keeps the joints its constraints' chains walk, static or not; the file stays loadable.
    const Scene sit = readAnim(test::samplePath("secondlife/linden_sit_female.anim"));
    const auto& x = *sit.animations[0].extra.as<SecondLifeExtra>();
    Animation a = sit.animations[0];
    secondlife::optimizeForUpload(a, x, {1.0, 5.0, 1.0});
    for (const std::string& name : secondlife::constraintJoints(x))
        EXPECT_GE(a.findTrack(name), 0) << name;
    EXPECT_FALSE(secondlife::constraintJoints(x).empty());

    // All static: one joint stays (the viewer needs 1..216), with one key.
    Animation still;
    still.duration = 1;
    for (const char* name : {"mHead", "mNeck"}) {
        Track t;
        t.name = name;
        t.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)}, {1.0, glm::dquat(1, 0, 0, 0)}};
        still.tracks.push_back(t);
    }
    const auto r = secondlife::optimizeForUpload(still, SecondLifeExtra{}, {0.001, 0.1, 0.001});
    ASSERT_EQ(still.tracks.size(), 1u);
    EXPECT_EQ(still.tracks[0].rotation.size(), 1u);
    EXPECT_EQ(r.removedJoints, std::vector<std::string>{"mNeck"});
}

TEST(SecondLifeOptimize, CommandLine)
{
    const std::string tower = test::samplePath("secondlife/opencollar_Tower.anim");
    const std::string out = test::tempPath("tower-small.anim");
    auto r = test::runCli({"convert", tower, out, "--optimize"});
    ASSERT_EQ(r.status, 0) << r.err;
    const size_t written = test::readBytes(out).size();
    EXPECT_NE(r.out.find(out + ": optimized: 12933 -> " + std::to_string(written) + " bytes (saved "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("within 0.1 degree and 1 mm"), std::string::npos) << r.out;
    EXPECT_EQ(test::runCli({"validate", "--target", "secondlife", out}).status, 0);

    // A looser tolerance saves more.
    const std::string loose = test::tempPath("tower-loose.anim");
    r = test::runCli({"convert", tower, loose, "--optimize", "--tolerance", "1"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_LT(test::readBytes(loose).size(), written);
    EXPECT_NE(r.out.find("within 1 degree and 10 mm"), std::string::npos) << r.out;

    // Batch: the sizes on stderr and in --json.
    const std::string dir = test::tempPath("optimized");
    r = test::runCli({"convert", "--to", "secondlife", "--out-dir", dir, "--optimize", "--json", tower});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("optimized: 12933 -> "), std::string::npos) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["files"][0]["bytesBefore"], 12933);
    EXPECT_EQ(json["files"][0]["bytesAfter"], test::readBytes(dir + "/opencollar_Tower.anim").size());
    EXPECT_EQ(json["files"][0]["removedJoints"].size(), 48u);

    // Only .anim output; --target takes secondlife.
    r = test::runCli({"convert", tower, test::tempPath("t.bvh"), "--optimize"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--optimize makes Second Life .anim files, not BVH"), std::string::npos) << r.err;
    r = test::runCli({"convert", tower, test::tempPath("t.bvh"), "--target", "unity"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("convert --target takes secondlife, not 'unity'"), std::string::npos) << r.err;
    r = test::runCli({"convert", tower, test::tempPath("t.glb"), "--target", "secondlife"});
    EXPECT_EQ(r.status, 2);
}

TEST(SecondLifeBvh, CommandLine)
{
    const std::string bvh = test::tempPath("walk-sl.bvh");
    auto r = test::runCli({"convert", test::samplePath("secondlife/linden_walk.anim"), bvh, "--target", "secondlife"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("warning: BVH cannot hold the priority"), std::string::npos) << r.err;
    // And back as an upload.
    const std::string anim = test::tempPath("walk-back.anim");
    r = test::runCli({"convert", bvh, anim});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(test::runCli({"validate", "--target", "secondlife", anim}).status, 0);
}

TEST(SecondLifeBvh, ValidateJudgesTheUploadBvhAsTheUploaderReadsIt)
{
    // The BVH made for the uploader (root hip, inches) passes the upload rules: it is judged as the
    // uploader converts it, not as avatar joints named hip.
    const std::string bvh = test::tempPath("walk-upload.bvh");
    ASSERT_EQ(test::runCli({"convert", test::samplePath("secondlife/linden_walk.anim"), bvh, "--target", "secondlife"}).status, 0);
    const auto r = test::runCli({"validate", "--target", "secondlife", bvh});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("is not a joint of the Second Life avatar"), std::string::npos) << r.err;
    // A humanoid BVH with other names is still judged as it is: the uploader refuses it.
    const auto cmu = test::runCli({"validate", "--target", "secondlife", test::fixturePath("rigs/cmu_131_01_walk.bvh")});
    EXPECT_EQ(cmu.status, 1);
    EXPECT_NE(cmu.err.find("is not a joint of the Second Life avatar"), std::string::npos) << cmu.err;
}

namespace {

// Frame 0 of an .anim by `pose`: the lowest foot joint's and the head's heights above the floor and
// the pelvis (the file's Z-up axes, metres).
struct Standing {
    double lowestFoot = 0, headAbovePelvis = 0;
};
Standing standingAtFrame0(const std::string& anim)
{
    const auto r = test::runCli({"pose", anim, "--time", "0"});
    EXPECT_EQ(r.status, 0) << r.err;
    std::map<std::string, double> z;
    const nlohmann::json pose = nlohmann::json::parse(r.out); // kept: a range over a temporary's member dangles
    for (const auto& b : pose["bones"])
        z[b["name"].get<std::string>()] = b["worldPosition"][2].get<double>();
    for (const char* name : {"mFootLeft", "mFootRight", "mToeLeft", "mToeRight", "mHead", "mPelvis"})
        if (!z.count(name)) {
            ADD_FAILURE() << anim << ": pose has no " << name << ": " << r.out.substr(0, 300);
            return {};
        }
    return {std::min({z["mFootLeft"], z["mFootRight"], z["mToeLeft"], z["mToeRight"]}), z["mHead"] - z["mPelvis"]};
}

// Stands on the avatar's feet at frame 0: the lowest foot joint within -15..+25 cm of the floor, the
// head at least 30 cm above the pelvis (issue 38's measure).
void expectStandsAtFrame0(const std::string& anim)
{
    const Standing s = standingAtFrame0(anim);
    EXPECT_GT(s.lowestFoot, -0.15) << anim;
    EXPECT_LT(s.lowestFoot, 0.25) << anim;
    EXPECT_GE(s.headAbovePelvis, 0.30) << anim;
}

} // namespace

TEST(SecondLifeBvh, CmuBvhToAnimStandsOnTheAvatar)
{
    // CMU's names (Hips, LeftUpLeg...) matched onto the avatar; measured with `pose` at frame 0 (Z up,
    // the floor at 0): the lowest foot joint within -15..+25 cm of the floor, the head at least 30 cm
    // above the pelvis. Measured: 0.08 m and 0.61 m.
    const std::string anim = test::tempPath("cmu.anim");
    const auto r = test::runCli({"convert", test::fixturePath("rigs/cmu_131_01_walk.bvh"), anim});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(test::runCli({"validate", "--target", "secondlife", anim}).status, 0);
    expectStandsAtFrame0(anim);
}

TEST(SecondLifeBvh, MakeHumanBvhsToAnimStandOnTheAvatar)
{
    // MakeHuman's rigs (Z up, decimetres, the body hanging below the origin in the file): its older
    // rig's walk (hips a child of the spine's root; came out upside down: head 0.70 m below the
    // pelvis) and its default rig's T pose (twist halves, positions as displacements; the feet came
    // out 1.05 m below the floor). Measured: 0.01 m and 0.59 m; 0.02 m and 0.61 m.
    // A folder's worth, as a user converts a set of clips (convert --to secondlife --out-dir).
    const std::string dir = test::freshFolder("makehuman-anim").string();
    const auto r = test::runCli({"convert", "--to", "secondlife", "--out-dir", dir, test::fixturePath("rigs/makehuman_walk1.bvh"),
                                 test::fixturePath("rigs/makehuman_tpose.bvh")});
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* name : {"makehuman_walk1.anim", "makehuman_tpose.anim"}) {
        SCOPED_TRACE(name);
        const std::string anim = dir + "/" + name;
        EXPECT_EQ(test::runCli({"validate", "--target", "secondlife", anim}).status, 0);
        expectStandsAtFrame0(anim);
    }
}

TEST(SecondLifeBvh, BandaiNamcoRestThatLiesDownIsMatchedFromFrameZero)
{
    // Bandai Namco's OFFSETs lay every bone along its own X axis: the rest pose lies along X with the
    // legs beside the spine, and from it the avatar lay down (head 0.02 m above the pelvis). Frame 0
    // stands, so it is the reference, and the report says so. Measured: 0.05 m and 0.62 m.
    const std::string bvh = test::fixturePath("rigs/bandainamco_walk_normal_002.bvh");
    if (!std::filesystem::exists(bvh))
        GTEST_SKIP() << bvh << " is not in this checkout (CC BY-NC 4.0: see tests/fixtures/rigs/SOURCES.md)";
    const std::string anim = test::tempPath("bandai.anim");
    const auto r = test::runCli({"convert", bvh, anim, "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("the source's rest pose does not stand"), std::string::npos) << r.err;
    const nlohmann::json report = nlohmann::json::parse(r.out.substr(r.out.find('{')));
    ASSERT_EQ(report["retargets"].size(), 1u);
    EXPECT_EQ(report["retargets"][0]["sourceReference"], "frame 0");
    EXPECT_LE(report["retargets"][0]["median"].get<double>(), 5.0);
    expectStandsAtFrame0(anim);

    // A reference the user gives is kept as given: frame 5 (standing too) serves, nothing is said.
    const std::string five = test::tempPath("bandai-frame5.anim");
    const auto chosen = test::runCli({"convert", bvh, five, "--source-pose", "frame:5"});
    ASSERT_EQ(chosen.status, 0) << chosen.err;
    EXPECT_EQ(chosen.err.find("does not stand"), std::string::npos) << chosen.err;
    EXPECT_NE(test::readBytes(anim), test::readBytes(five));
    // Rigs that stand at rest keep it: the CMU walk's report names its rest.
    const auto cmu = test::runCli({"convert", test::fixturePath("rigs/cmu_131_01_walk.bvh"), test::tempPath("cmu-ref.anim"), "--json"});
    ASSERT_EQ(cmu.status, 0) << cmu.err;
    EXPECT_EQ(nlohmann::json::parse(cmu.out.substr(cmu.out.find('{')))["retargets"][0]["sourceReference"], "rest");
}

TEST(SecondLifeBvh, SourcePoseReachesTheRetargetOntoTheAvatar)
{
    // --source-pose frame:0 (for files whose rest pose does not stand, Bandai Namco's) is the
    // reference onto the avatar too: another file, and the CMU walk still stands (0.11 m, 0.61 m).
    const std::string rest = test::tempPath("cmu-rest.anim"), first = test::tempPath("cmu-frame0.anim");
    const std::string cmu = test::fixturePath("rigs/cmu_131_01_walk.bvh");
    ASSERT_EQ(test::runCli({"convert", cmu, rest}).status, 0);
    ASSERT_EQ(test::runCli({"convert", cmu, first, "--source-pose", "frame:0"}).status, 0);
    EXPECT_NE(test::readBytes(rest), test::readBytes(first));
    const Standing s = standingAtFrame0(first);
    EXPECT_GT(s.lowestFoot, -0.15);
    EXPECT_LT(s.lowestFoot, 0.25);
    EXPECT_GE(s.headAbovePelvis, 0.30);
}
