// `split` and `merge` on real files, checked by the values read back: the three.js robot's 14 glTF
// clips split to Cast files and merged again play as the original clips did; a PSA split at frames
// and merged again holds the original's keys in its three sequences; a Dash file split and merged
// comes back byte for byte. Bad input (frames outside the clip, a value that is not a number, clips
// of different skeletons, a format of one clip per file, outputs that exist) is refused before
// anything is written. `info` shows a looping clip's seam and `edit --close-loop` closes it.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/editing/clip_split.h"
#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace bonescope {
namespace {

const std::string kRobot = "rigs/RobotExpressive.glb"; // 14 clips
const std::string kGrunt = "psk/grunt_hh_grabplayer_crouch_SEQ0.psa";
const std::string kDash = "dash/model15.dmf";

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

size_t filesIn(const fs::path& dir)
{
    std::error_code ec;
    return fs::exists(dir, ec) ? size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator())) : 0;
}

// The largest difference over every frame of `b` between `a` (from `start` seconds) and `b`, bone by
// bone by name: the local transform's matrix, relative to its largest element.
double largestDifference(const Scene& sa, const Animation& a, const Scene& sb, const Animation& b, double start = 0)
{
    Sampler pa(a, sa.skeleton), pb(b, sb.skeleton);
    std::vector<LocalTransform> la, lb;
    double worst = 0;
    size_t compared = 0;
    for (long long f = 0; f < b.frameCount(); ++f) {
        const double t = timeOfFrame(b, f);
        pa.sampleLocal(start + t, la);
        pb.sampleLocal(t, lb);
        for (size_t i = 0; i < sa.skeleton.size(); ++i) {
            const int j = sb.skeleton.find(sa.skeleton.bones[i].name);
            if (j < 0)
                continue;
            ++compared;
            // As matrices: a mirrored rest decomposes into another rotation and scale of the same transform.
            const glm::dmat4 ma = composeTRS(la[i].translation, la[i].rotation, la[i].scale);
            const glm::dmat4 mb = composeTRS(lb[size_t(j)].translation, lb[size_t(j)].rotation, lb[size_t(j)].scale);
            double size = 1, diff = 0;
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 3; ++r) {
                    size = std::max(size, std::abs(ma[c][r]));
                    diff = std::max(diff, std::abs(ma[c][r] - mb[c][r]));
                }
            worst = std::max(worst, diff / size);
        }
    }
    EXPECT_GT(compared, 0u);
    return worst;
}

const Animation* clipNamed(const Scene& s, const std::string& name)
{
    for (const Animation& a : s.animations)
        if (a.name == name)
            return &a;
    return nullptr;
}

} // namespace

TEST(CliClips, RobotClipsSplitToCastAndMergedPlayAsTheOriginal)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    const fs::path dir = test::freshFolder("split-robot");
    const auto split = test::runCli({"split", test::fixturePath(kRobot), "--out-dir", dir.string(), "--to", "cast"});
    ASSERT_EQ(split.status, 0) << split.err;
    EXPECT_EQ(filesIn(dir), 14u);
    std::vector<std::string> args = {"merge"};
    for (const char* clip : {"Walking", "Idle", "Dance"})
        args.push_back((dir / ("RobotExpressive-" + std::string(clip) + ".cast")).string());
    args.insert(args.end(), {"-o", (dir / "merged.cast").string()});
    const auto merge = test::runCli(args);
    ASSERT_EQ(merge.status, 0) << merge.err;
    EXPECT_TRUE(contains(merge.out, "3 animations 'Walking', 'Idle', 'Dance'")) << merge.out;

    const LoadedScene original = loadScene(test::fixturePath(kRobot));
    const LoadedScene merged = loadScene((dir / "merged.cast").string());
    ASSERT_EQ(merged.scene.animations.size(), 3u);
    for (const Animation& clip : merged.scene.animations) {
        const Animation* it = clipNamed(original.scene, clip.name);
        ASSERT_TRUE(it) << clip.name;
        EXPECT_EQ(clip.frameCount(), it->frameCount()) << clip.name;
        EXPECT_NEAR(clip.duration, it->duration, 1e-6) << clip.name;
        EXPECT_LT(largestDifference(original.scene, *it, merged.scene, clip), 1e-5) << clip.name;
    }
}

TEST(CliClips, RobotClipsSplitAsGlbAndMergedAgainPlayAsTheOriginal)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    // The .glb files Bonescope writes read back with the bones they were written from, so they can be
    // written again (formats/assimp: the writer's own root and mesh nodes are not bones).
    const fs::path dir = test::freshFolder("split-robot-glb");
    const auto split = test::runCli({"split", test::fixturePath(kRobot), "--out-dir", dir.string()});
    ASSERT_EQ(split.status, 0) << split.err;
    EXPECT_EQ(filesIn(dir), 14u);
    const auto merge = test::runCli({"merge", (dir / "RobotExpressive-Wave.glb").string(), (dir / "RobotExpressive-Jump.glb").string(),
                                     "-o", (dir / "merged.glb").string()});
    ASSERT_EQ(merge.status, 0) << merge.err;
    EXPECT_EQ(merge.err, ""); // one skeleton, one mesh, one rate: nothing to report
    const LoadedScene original = loadScene(test::fixturePath(kRobot));
    const LoadedScene merged = loadScene((dir / "merged.glb").string());
    EXPECT_EQ(merged.scene.skeleton.size(), original.scene.skeleton.size());
    EXPECT_EQ(merged.scene.mesh.positions.size(), original.scene.mesh.positions.size());
    ASSERT_EQ(merged.scene.animations.size(), 2u);
    for (const Animation& clip : merged.scene.animations) {
        const Animation* it = clipNamed(original.scene, clip.name);
        ASSERT_TRUE(it) << clip.name;
        // Every key of the original clip, at its time with its value.
        ASSERT_EQ(clip.tracks.size(), it->tracks.size()) << clip.name;
        size_t keys = 0;
        for (const Track& t : it->tracks) {
            const int m = clip.findTrack(t.name);
            ASSERT_GE(m, 0) << t.name;
            const Track& u = clip.tracks[size_t(m)];
            ASSERT_EQ(u.rotation.size(), t.rotation.size()) << t.name;
            ASSERT_EQ(u.translation.size(), t.translation.size()) << t.name;
            for (size_t k = 0; k < t.rotation.size(); ++k, ++keys) {
                EXPECT_NEAR(u.rotation.keys.time(k), t.rotation.keys.time(k), 1e-6);
                const glm::dquat a = u.rotation.keys.value(k), b = t.rotation.keys.value(k);
                EXPECT_LT(std::min(glm::length(glm::dvec4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w)),
                                   glm::length(glm::dvec4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w))), 1e-9) << t.name;
            }
            for (size_t k = 0; k < t.translation.size(); ++k, ++keys)
                EXPECT_LT(glm::length(u.translation.keys.value(k) - t.translation.keys.value(k)), 1e-9) << t.name;
        }
        EXPECT_GT(keys, 100u) << clip.name;
    }
}

TEST(CliClips, PsaSplitAtFramesAndMergedHoldsTheOriginalsKeys)
{
    const fs::path dir = test::freshFolder("split-psa");
    const auto split = test::runCli({"split", test::fixturePath(kGrunt), "--out-dir", dir.string(), "--at", "30,60"});
    ASSERT_EQ(split.status, 0) << split.err;
    ASSERT_EQ(filesIn(dir), 3u);
    std::vector<std::string> args = {"merge"};
    for (const char* part : {"0-30", "30-60", "60-100"})
        args.push_back((dir / ("grunt_hh_grabplayer_crouch_SEQ0-grunt_hh_grabplayer_crouch_" + std::string(part) + ".psa")).string());
    args.insert(args.end(), {"-o", (dir / "merged.psa").string()});
    const auto merge = test::runCli(args);
    ASSERT_EQ(merge.status, 0) << merge.err;

    const LoadedScene original = loadScene(test::fixturePath(kGrunt));
    const LoadedScene merged = loadScene((dir / "merged.psa").string());
    ASSERT_EQ(merged.scene.animations.size(), 3u);
    const Animation& a = original.scene.animations[0];
    const long long starts[] = {0, 30, 60};
    const long long frames[] = {31, 31, 41};
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(merged.scene.animations[i].frameCount(), frames[i]);
        EXPECT_LT(largestDifference(original.scene, a, merged.scene, merged.scene.animations[i], timeOfFrame(a, starts[i])), 1e-6);
    }
}

TEST(CliClips, DashSplitAndMergedComesBackByteForByte)
{
    const fs::path dir = test::freshFolder("split-dash");
    ASSERT_EQ(test::runCli({"split", test::fixturePath(kDash), "--out-dir", dir.string()}).status, 0);
    const auto merge = test::runCli({"merge", (dir / "model15-walk.dmf").string(), (dir / "model15-wave.dmf").string(), "-o",
                                     (dir / "merged.dmf").string()});
    ASSERT_EQ(merge.status, 0) << merge.err;
    // The two clips are at 30 and 24 fps: each keeps its own, and the merge says so.
    EXPECT_TRUE(contains(merge.err, "different frame rates")) << merge.err;
    EXPECT_EQ(test::readBytes((dir / "merged.dmf").string()), test::readBytes(test::fixturePath(kDash)));
}

TEST(CliClips, BadInputIsRefusedBeforeAnythingIsWritten)
{
    const fs::path dir = test::freshFolder("split-bad") / "out";
    const std::string grunt = test::fixturePath(kGrunt);
    auto r = test::runCli({"split", grunt, "--out-dir", dir.string(), "--at", "30,500"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "cannot cut at frame 500: the clip 'grunt_hh_grabplayer_crouch' has frames 0 to 100")) << r.err;
    r = test::runCli({"split", grunt, "--out-dir", dir.string(), "--at", "thirty"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--at takes frame numbers separated by commas (30,60), not 'thirty'")) << r.err;
    r = test::runCli({"split", grunt, "--out-dir", dir.string(), "--range", "50:500"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "--range 50:500 is outside the clip")) << r.err;
    r = test::runCli({"split", grunt, "--out-dir", dir.string(), "--range", "1.5:4"});
    EXPECT_EQ(r.status, 2);
    r = test::runCli({"split", grunt, "--out-dir", dir.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "holds one animation")) << r.err;
#ifndef BONESCOPE_WITHOUT_ASSIMP // FBX and glTF are read through Assimp
    r = test::runCli({"split", test::fixturePath("fbx/pivot_skeleton.fbx"), "--out-dir", dir.string(), "--at", "1"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "does not write it; give --to FORMAT")) << r.err;
    EXPECT_EQ(filesIn(dir), 0u);

    // Clips of different skeletons: the robot's and the grunt's.
    const fs::path merged = dir.parent_path() / "merged.psa";
    r = test::runCli({"merge", grunt, test::fixturePath(kRobot), "-o", merged.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "its skeleton is not the one of")) << r.err;
    EXPECT_TRUE(contains(r.err, "clips of different skeletons cannot share one file")) << r.err;
    EXPECT_FALSE(fs::exists(merged));
#endif
    // A format of one clip per file.
    r = test::runCli({"merge", grunt, grunt, "-o", (dir.parent_path() / "merged.anim").string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "holds one animation per file; merge into a format that holds several")) << r.err;
    EXPECT_FALSE(fs::exists(dir.parent_path() / "merged.anim"));
}

TEST(CliClips, ExistingOutputsAreKeptWithoutOverwrite)
{
    const fs::path dir = test::freshFolder("split-exists");
    const std::string grunt = test::fixturePath(kGrunt);
    ASSERT_EQ(test::runCli({"split", grunt, "--out-dir", dir.string(), "--at", "50"}).status, 0);
    const fs::path second = dir / "grunt_hh_grabplayer_crouch_SEQ0-grunt_hh_grabplayer_crouch_50-100.psa";
    test::writeBytes(second.string(), {1, 2, 3});
    auto r = test::runCli({"split", grunt, "--out-dir", dir.string(), "--at", "50"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "not written: 2 outputs exist")) << r.err;
    EXPECT_EQ(test::readBytes(second.string()), (std::vector<uint8_t>{1, 2, 3}));
    r = test::runCli({"split", grunt, "--out-dir", dir.string(), "--at", "50", "--overwrite"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_GT(test::readBytes(second.string()).size(), 1000u);

    const fs::path out = dir / "both.psa";
    test::writeBytes(out.string(), {4});
    r = test::runCli({"merge", grunt, grunt, "-o", out.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(test::readBytes(out.string()), (std::vector<uint8_t>{4}));
    r = test::runCli({"merge", grunt, grunt, "-o", out.string(), "--overwrite"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "renamed 'grunt_hh_grabplayer_crouch_2'")) << r.err;
}

TEST(CliClips, InfoShowsTheSeamAndEditClosesIt)
{
    const std::string walk = test::samplePath("secondlife/linden_walk.anim");
    auto r = test::runCli({"info", walk});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "seam:     pose 17.0 deg apart (mAnkleLeft) and 9.62% of the height (mToeLeft)")) << r.out;
    EXPECT_TRUE(contains(r.out, "(loop 0 s to 0.933338 s)")) << r.out;
    EXPECT_TRUE(contains(r.out, "  hand pose: 1 (relaxed)\n")) << r.out; // the name beside the code
    const fs::path dir = test::freshFolder("close-loop");
    r = test::runCli({"edit", "--close-loop", "auto", "--out-dir", dir.string(), walk});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "--close-loop: blended over 6 frames; seam before: pose 17.0 deg apart")) << r.err;
    r = test::runCli({"info", (dir / "linden_walk.anim").string()});
    EXPECT_TRUE(contains(r.out, "seam:     seamless: the last frame meets the first")) << r.out;
    r = test::runCli({"edit", "--close-loop", "six", "--out-dir", dir.string(), walk});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "--close-loop takes a number of frames (1 to 1000000) or auto, not 'six'")) << r.err;
}

} // namespace bonescope
