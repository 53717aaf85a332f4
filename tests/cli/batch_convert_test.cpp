// Batch conversion, the conversion options and prepareForTarget, on real SEAnim samples.
#include <gtest/gtest.h>

#include <filesystem>

#include <glm/gtc/quaternion.hpp>

#include "core/editing/key_reduction.h"
#include "core/playback/sampler.h"
#include "formats/bvh/bvh_format.h"
#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace bonescope {
namespace {

const char* kAbs = "seanim/synth_abs_lrs_loop_notes.seanim"; // 10 frames at 30 fps, duration 0.3 s

TEST(BatchConvert, ConvertsTheGoodFilesAndReportsTheBrokenOne)
{
    const fs::path in = test::tempPath("batch-in");
    const fs::path out = test::tempPath("batch-out");
    fs::create_directories(in / "sub");
    const auto seanims = test::samplesIn(test::samplePath("seanim"), ".seanim");
    ASSERT_GE(seanims.size(), 5u);
    for (size_t i = 0; i < 4; ++i)
        fs::copy_file(seanims[i], in / fs::path(seanims[i]).filename());
    fs::copy_file(seanims[4], in / "sub" / fs::path(seanims[4]).filename());
    // The first 40 bytes of a valid file: the header promises bones that are not there.
    auto bytes = test::readBytes(test::samplePath("seanim/synth_rel_modifiers.seanim"));
    bytes.resize(40);
    test::writeBytes((in / "broken.seanim").string(), bytes);
    test::writeBytes((in / "readme.txt").string(), {'h', 'i'}); // not a known extension: skipped

    const auto r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), in.string()});
    EXPECT_EQ(r.status, 1) << r.err;
    for (size_t i = 0; i < 4; ++i) {
        const fs::path written = out / fs::path(seanims[i]).filename().replace_extension(".bvh");
        ASSERT_TRUE(fs::exists(written)) << written;
        const Scene back = BvhFormat().read(test::readBytes(written.string()));
        EXPECT_FALSE(back.skeleton.empty());
    }
    EXPECT_TRUE(fs::exists(out / "sub" / fs::path(seanims[4]).filename().replace_extension(".bvh")));
    EXPECT_FALSE(fs::exists(out / "broken.bvh"));
    EXPECT_FALSE(fs::exists(out / "readme.bvh"));
    // Progress lines for all six, the failure with its reason and byte offset, and the summary.
    EXPECT_NE(r.err.find("[1/6] "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("[6/6] "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" -> " + (out / "sub").string()), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("FAILED " + (in / "broken.seanim").string() + ": at byte 36: bone count 6"),
              std::string::npos) << r.err;
    EXPECT_NE(r.out.find("converted 5 of 6 files to BVH"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("failed (1):\n  " + (in / "broken.seanim").string() + ": at byte 36"), std::string::npos)
        << r.out;
    // What BVH cannot carry is named: the sample has notes and scale keys.
    EXPECT_NE(r.err.find("3 notes are lost (BVH has no notes)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("scale is lost on 1 bone (BVH has no scale channel): j_spinelower"), std::string::npos);
}

TEST(BatchConvert, AllGoodExitsZeroAndMissingInputsFail)
{
    const fs::path out = test::tempPath("batch-out-ok");
    auto r = test::runCli({"convert", "--to", "seanim", "--out-dir", out.string(), test::samplePath(kAbs)});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("converted 1 of 1 file"), std::string::npos);
    // Same format, no option: the very same bytes.
    EXPECT_EQ(test::readBytes((out / "synth_abs_lrs_loop_notes.seanim").string()), test::readBytes(test::samplePath(kAbs)));

    r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), test::tempPath("nothing-here")});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("no such file or folder"), std::string::npos) << r.out;
}

TEST(BatchConvert, UsageErrors)
{
    const std::string out = test::tempPath("batch-usage");
    EXPECT_EQ(test::runCli({"convert", "--to", "nope", "--out-dir", out, test::samplePath(kAbs)}).status, 2);
    EXPECT_EQ(test::runCli({"convert", "--to", "bvh", test::samplePath(kAbs)}).status, 2);
    EXPECT_EQ(test::runCli({"convert", "--to", "bvh", "--out-dir", out}).status, 2);
    EXPECT_EQ(test::runCli({"convert", "--to", "bvh", "--out-dir", out, "--fps", "abc", test::samplePath(kAbs)}).status, 2);
    EXPECT_EQ(test::runCli({"convert", "--to", "bvh", "--out-dir", out, "--up", "x", test::samplePath(kAbs)}).status, 2);
    EXPECT_EQ(test::runCli({"convert", test::samplePath(kAbs), out + ".bvh", "--scale", "-1"}).status, 2);
    // An unreadable bone map is a bad input, not a usage error.
    EXPECT_EQ(test::runCli({"convert", test::samplePath(kAbs), out + ".bvh", "--bone-map", out + "-none.json"}).status, 1);
}

Scene readSample(const char* path)
{
    return loadScene(test::samplePath(path)).scene;
}

const Track& track(const Animation& a, const char* name)
{
    const int i = a.findTrack(name);
    EXPECT_GE(i, 0) << name;
    return a.tracks[size_t(i)];
}

TEST(PrepareForTarget, FpsScaleAndTolerance)
{
    const Scene src = readSample(kAbs);
    const SeanimFormat seanim;
    Report report;

    ConvertOptions fps;
    fps.fps = 60;
    const Scene at60 = prepareForTarget(src, seanim, fps, report);
    const Animation& a = at60.animations[0];
    EXPECT_EQ(a.fps, 60);
    EXPECT_EQ(a.blend, BlendMode{});
    // 0.3 s at 60 fps: frames 0..18.
    EXPECT_EQ(track(a, "j_mainroot").translation.size(), 19u);
    EXPECT_EQ(track(a, "j_mainroot").rotation.size(), 19u);
    EXPECT_TRUE(track(a, "j_mainroot").scale.empty()); // the source does not animate it
    // Half way between the file's frames 2 and 3: translation (0, 1.25, 40).
    EXPECT_NEAR(glm::length(track(a, "j_mainroot").translation.keys.value(5) - glm::dvec3(0, 1.25, 40)), 0, 1e-9);
    EXPECT_EQ(a.notes.size(), 3u);

    ConvertOptions scale;
    scale.scale = 2;
    const Scene scaled = prepareForTarget(src, seanim, scale, report);
    const Animation& s = scaled.animations[0];
    ASSERT_EQ(track(s, "j_mainroot").translation.size(), 10u);
    for (size_t k = 0; k < 10; ++k)
        EXPECT_NEAR(glm::length(track(s, "j_mainroot").translation.keys.value(k) - glm::dvec3(0, 1.0 * k, 80)), 0, 1e-9);
    // Scale keys are factors: unchanged, and (no bake needed for a plain scale) at the file's own times.
    const Track& srcSpine = track(src.animations[0], "j_spinelower");
    ASSERT_EQ(track(s, "j_spinelower").scale.size(), srcSpine.scale.size());
    for (size_t k = 0; k < srcSpine.scale.size(); ++k) {
        EXPECT_EQ(track(s, "j_spinelower").scale.keys.time(k), srcSpine.scale.keys.time(k));
        EXPECT_EQ(track(s, "j_spinelower").scale.keys.value(k), srcSpine.scale.keys.value(k));
    }
    EXPECT_EQ(track(s, "j_spinelower").scale.keys.value(1), glm::dvec3(1.5));

    // The root moves in a straight line and turns at constant speed: two keys each.
    ConvertOptions tol;
    tol.tolerance = 0.001;
    const Scene reduced = prepareForTarget(src, seanim, tol, report);
    const Animation& t = reduced.animations[0];
    EXPECT_EQ(track(t, "j_mainroot").translation.size(), 2u);
    EXPECT_EQ(track(t, "j_mainroot").rotation.size(), 2u);

    ConvertOptions up;
    up.up = UpAxis::Z;
    const Scene zUp = prepareForTarget(src, seanim, up, report);
    const Animation& z = zUp.animations[0];
    // Y-up (0, 4.5, 40) -> Z-up (0, -40, 4.5).
    EXPECT_NEAR(glm::length(track(z, "j_mainroot").translation.keys.value(9) - glm::dvec3(0, -40, 4.5)), 0, 1e-9);
}

TEST(PrepareForTarget, SingleFileConvertAppliesOptions)
{
    const std::string out = test::tempPath("at60.seanim");
    const auto r = test::runCli({"convert", test::samplePath(kAbs), out, "--fps", "60", "--scale", "2"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Scene back = loadScene(out).scene;
    const Animation& a = back.animations[0];
    EXPECT_EQ(a.fps, 60);
    ASSERT_EQ(track(a, "j_mainroot").translation.size(), 19u);
    EXPECT_NEAR(glm::length(track(a, "j_mainroot").translation.keys.value(18) - glm::dvec3(0, 9, 80)), 0, 1e-5);
}

glm::dquat axisAngle(double degrees, glm::dvec3 axis) { return glm::angleAxis(glm::radians(degrees), glm::normalize(axis)); }

// SEAnim "relative" (rotation replaces, translation rest + key) on a skeleton with rest rotations,
// written to a real SEAnim file and read back; the skeleton comes with it, as a mesh would give it.
TEST(PrepareForTarget, SeanimToBvhKeepsWorldPositions)
{
    Scene scene;
    scene.format = "seanim";
    Skeleton& skel = scene.skeleton;
    skel.bones.resize(4);
    skel.bones[0] = {"tag_origin", -1, {0, 0, 0}, glm::dquat(1, 0, 0, 0), {1, 1, 1}};
    skel.bones[1] = {"j_hip", 0, {0, 90, 2}, axisAngle(-90, {1, 0, 0}), {1, 1, 1}};
    skel.bones[2] = {"j_knee", 1, {0, 0, -45}, axisAngle(15, {0, 1, 0}), {1, 1, 1}};
    skel.bones[3] = {"j_ankle", 2, {3, 0, -40}, axisAngle(-5, {0.2, 1, 0}), {1, 1, 1}};
    Animation a;
    a.fps = 30;
    a.duration = 1;
    a.blend = {TranslationBlend::AddToRest, RotationBlend::Replace};
    Track hip;
    hip.name = "j_hip";
    hip.translation.keys = {{0, {0, 0, 0}}, {10 / 30.0, {5, -3, 1}}, {1, {20, 0, 0}}};
    hip.rotation.keys = {{0, axisAngle(-90, {1, 0, 0})}, {1, axisAngle(-60, {1, 0.3, 0})}};
    Track knee;
    knee.name = "j_knee";
    knee.rotation.keys = {{0, axisAngle(15, {0, 1, 0})}, {15 / 30.0, axisAngle(70, {0, 1, 0.2})}, {1, axisAngle(5, {0, 1, 0})}};
    Track ankle;
    ankle.name = "j_ankle";
    ankle.rotation.keys = {{6 / 30.0, axisAngle(-30, {1, 1, 0})}};
    a.tracks = {hip, knee, ankle};
    scene.animations.push_back(a);

    const SeanimFormat seanim;
    Scene fromFile = seanim.read(seanim.write(scene));
    ASSERT_EQ(fromFile.animations[0].blend, a.blend);
    fromFile.skeleton = skel;

    const BvhFormat bvh;
    Report report;
    const Scene prepared = prepareForTarget(fromFile, bvh, {}, report);
    EXPECT_EQ(prepared.format, "bvh");
    const Scene back = bvh.read(bvh.write(prepared));
    // BVH has no rest rotations: reported, and the rest pose changes, but every frame's pose is kept.
    ASSERT_FALSE(report.empty());
    EXPECT_NE(report.back().text.find("BVH has no rest rotations: the rest pose of 3 bones"), std::string::npos);

    Sampler before(fromFile.animations[0], fromFile.skeleton), after(back.animations[0], back.skeleton);
    Pose p0, p1;
    for (double t : {0.0, 0.1, 7.5 / 30, 1 / 3.0, 0.52, 0.9, 1.0}) {
        before.sample(t, p0);
        after.sample(t, p1);
        for (const char* name : {"tag_origin", "j_hip", "j_knee", "j_ankle"}) {
            const int i0 = fromFile.skeleton.find(name), i1 = back.skeleton.find(name);
            ASSERT_GE(i1, 0) << name;
            EXPECT_LT(glm::length(glm::vec3(p0.world[i0][3]) - glm::vec3(p1.world[i1][3])), 1e-4f) << name << " t=" << t;
        }
    }
}

TEST(PrepareForTarget, RetargetThroughTheCli)
{
    // The BVH sample played by a renamed copy of its own skeleton, taller by half.
    const Scene tower = readSample("secondlife/opencollar_tower.bvh");
    Scene rig;
    rig.format = "bvh";
    rig.skeleton = tower.skeleton;
    for (Bone& b : rig.skeleton.bones) {
        b.name = "rig:" + b.name;
        b.restTranslation *= 1.5;
    }
    Animation still;
    still.fps = 24;
    rig.animations.push_back(still);
    const std::string rigPath = test::tempPath("rig.bvh");
    test::writeBytes(rigPath, BvhFormat().write(rig));

    const std::string out = test::tempPath("retargeted.bvh");
    const auto r = test::runCli({"convert", test::samplePath("secondlife/opencollar_tower.bvh"), out, "--skeleton", rigPath});
    ASSERT_EQ(r.status, 0) << r.err;
    const Scene back = loadScene(out).scene;
    const Animation& a = back.animations[0];
    const Animation& src = tower.animations[0];
    // The hip's translation delta from rest is scaled by 1.5 (frame 40: Y 13.2547 from rest 0).
    EXPECT_NEAR(track(a, "rig:hip").translation.keys.value(40).y, 13.2547 * 1.5, 1e-5);
    EXPECT_NEAR(track(a, "rig:hip").translation.keys.value(40).z, -8.9529 * 1.5, 1e-5);
    // Same rest rotations (identity): the same local rotations.
    EXPECT_LT(rotationDistanceDegrees(track(a, "rig:lShldr").rotation.keys.value(40),
                                      track(src, "lShldr").rotation.keys.value(40)), 1e-4);
}

} // namespace
} // namespace bonescope
