// bonescope-cli run in process: exit statuses, messages, and what each command prints.
#include <filesystem>
#include <map>
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;
using nlohmann::json;

namespace {
const std::string kLoop = "seanim/synth_abs_lrs_loop_notes.seanim";
}

TEST(Cli, UsageErrorsExitTwo)
{
    EXPECT_EQ(test::runCli({}).status, 2);
    EXPECT_EQ(test::runCli({"frobnicate"}).status, 2);
    EXPECT_EQ(test::runCli({"info"}).status, 2);
    EXPECT_EQ(test::runCli({"pose", test::samplePath(kLoop)}).status, 2); // no --time
    EXPECT_EQ(test::runCli({"pose", test::samplePath(kLoop), "--time", "abc"}).status, 2);
    const auto r = test::runCli({"convert", test::samplePath(kLoop), test::tempPath("x.unknownext")});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("give --format"), std::string::npos);
    EXPECT_EQ(test::runCli({"--help"}).status, 0);
}

TEST(Cli, MissingFileNamesIt)
{
    const auto r = test::runCli({"info", "/nonexistent/walk.seanim"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("/nonexistent/walk.seanim: cannot open"), std::string::npos) << r.err;
}

TEST(Cli, UnknownContentIsRejected)
{
    const std::string path = test::tempPath("notes.txt");
    test::writeBytes(path, {'h', 'e', 'l', 'l', 'o'});
    const auto r = test::runCli({"info", path});
    EXPECT_EQ(r.status, 1);
    // Said to be what it seems, by its content.
    EXPECT_NE(r.err.find("notes.txt: this is a text file (it begins \"hello\"), not an animation or model Bonescope reads"),
              std::string::npos)
        << r.err;
    // A known extension with the wrong content: that format's reader says why.
    const std::string fake = test::tempPath("fake.seanim");
    test::writeBytes(fake, {'h', 'e', 'l', 'l', 'o', 0, 0, 0, 0, 0});
    const auto f = test::runCli({"info", fake});
    EXPECT_EQ(f.status, 1);
    EXPECT_NE(f.err.find("at byte 0: not an SEAnim file"), std::string::npos) << f.err;
}

TEST(Cli, InfoSummarises)
{
    const auto r = test::runCli({"info", test::samplePath(kLoop)});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("frames:   10 at 30 fps"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("keys:     translation 13, rotation 14, scale 3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("notes:    3"), std::string::npos);
    EXPECT_NE(r.out.find("(looping)"), std::string::npos);
}

TEST(Cli, DumpPrintsStoredValues)
{
    const auto r = test::runCli({"dump", test::samplePath(kLoop)});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["format"], "seanim");
    EXPECT_EQ(j["fps"], 30.0);
    EXPECT_NEAR(j["duration"].get<double>(), 0.3, 1e-12);
    ASSERT_EQ(j["bones"].size(), 3u);
    EXPECT_EQ(j["bones"][1]["name"], "j_mainroot");
    EXPECT_EQ(j["bones"][1]["parent"], -1);
    const json key = j["bones"][1]["translation"][1];
    EXPECT_NEAR(key[0].get<double>(), 1.0 / 30, 1e-12);
    EXPECT_EQ(key[2], 0.5);
    EXPECT_EQ(key[3], 40.0);
    const json rot = j["bones"][1]["rotation"][1];
    EXPECT_EQ(rot.size(), 5u);
    EXPECT_EQ(rot[4], double(0.9961947202682495f)); // w last
    ASSERT_EQ(j["notes"].size(), 3u);
    EXPECT_EQ(j["notes"][1][1], "fx_\xc3\xa9" "clair");
    EXPECT_EQ(j["extra"]["animTypeName"], "absolute");
    EXPECT_EQ(j["extra"]["frameCount"], 10);
}

TEST(Cli, PoseWithoutSkeletonUsesKeysAsIs)
{
    // j_mainroot at frame 1.5 (t = 0.05 s): translation halfway between (0,0.5,40) and the frame-2 key.
    const auto dump = json::parse(test::runCli({"dump", test::samplePath(kLoop)}).out);
    const json k1 = dump["bones"][1]["translation"][1], k2 = dump["bones"][1]["translation"][2];
    const auto r = test::runCli({"pose", test::samplePath(kLoop), "--time", "0.05"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json p = json::parse(r.out);
    const json bone = p["bones"][1];
    EXPECT_EQ(bone["name"], "j_mainroot");
    for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(bone["translation"][c].get<double>(), (k1[c + 1].get<double>() + k2[c + 1].get<double>()) / 2, 1e-5);
    EXPECT_NEAR(bone["worldPosition"][2].get<double>(), 40.0, 1e-4);
    EXPECT_TRUE(p["unmatchedTracks"].empty());
}

TEST(Cli, PoseNamesEachNodesKind)
{
    // A Blender FBX 7.4 export (tests/fixtures/scene_nodes/SOURCES.md): its camera, light, armature
    // object and LimbNodes are told apart, so that a comparison with another importer can match a
    // joint with a joint where a mesh node has the same name.
    const auto r = test::runCli({"pose", test::fixturePath("scene_nodes/animation_with_skeleton.fbx"), "--time", "0"});
    if (r.status != 0 && r.err.find("has no zlib") != std::string::npos)
        GTEST_SKIP() << "a build without zlib (the Windows cross-check): " << r.err;
    ASSERT_EQ(r.status, 0) << r.err;
    const json pose = json::parse(r.out);
    std::map<std::string, std::string> kind;
    for (const json& b : pose["bones"])
        kind[b["name"].get<std::string>()] = b["kind"].get<std::string>();
    EXPECT_EQ(kind["Camera"], "camera");
    EXPECT_EQ(kind["Light"], "light");
    EXPECT_EQ(kind["Armature"], "empty");
    EXPECT_EQ(kind["Bone.006_end"], "bone");
}

TEST(Cli, PoseSkeletonFromAnotherFileReportsUnmatched)
{
    // Any file with no skeleton is refused as a skeleton source, with the reason.
    const auto r = test::runCli({"pose", test::samplePath(kLoop), "--time", "0", "--skeleton", test::samplePath(kLoop)});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("carries no skeleton"), std::string::npos) << r.err;
}

TEST(Cli, ValidateReportsEveryProblem)
{
    Scene s;
    Animation a;
    a.fps = 30;
    a.duration = 1;
    Track t;
    t.name = "j";
    t.rotation.keys = {{0.5, glm::dquat(2, 0, 0, 0)}, {0.1, glm::dquat(1, 0, 0, 0)}}; // not unit, out of order
    a.tracks.push_back(t);
    s.animations.push_back(a);
    const std::string path = test::tempPath("bad.seanim");
    test::writeBytes(path, SeanimFormat().write(s));
    const auto r = test::runCli({"validate", path, test::samplePath(kLoop)});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("bone 'j' rotation key 1 is earlier than the key before it"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not a unit quaternion"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find(test::samplePath(kLoop) + ": ok"), std::string::npos) << r.out;
}

TEST(Cli, ConvertIntoReadOnlyFolderLeavesOriginal)
{
#ifdef _WIN32
    GTEST_SKIP() << "Windows folders have no POSIX permission bits";
#else
    if (::geteuid() == 0)
        GTEST_SKIP() << "root ignores folder permissions";
    const std::string dir = test::tempPath("readonly");
    std::filesystem::create_directories(dir);
    const std::string out = dir + "/out.seanim";
    test::writeBytes(out, {1, 2, 3});
    ::chmod(dir.c_str(), 0555);
    const auto r = test::runCli({"convert", test::samplePath(kLoop), out});
    ::chmod(dir.c_str(), 0755);
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("the original is unchanged"), std::string::npos) << r.err;
    EXPECT_EQ(test::readBytes(out), (std::vector<uint8_t>{1, 2, 3}));
#endif
}

TEST(Cli, FailedConvertLeavesNoTemporaryAndKeepsTarget)
{
    // The target is a non-empty folder: refused before anything is written (even as root); the
    // failures after the data was written are injected in file_system_test.cpp.
    const std::string dir = test::tempPath("occupied.seanim");
    std::filesystem::create_directories(dir + "/inside");
    const auto r = test::runCli({"convert", test::samplePath(kLoop), dir});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, dir + ": is a folder, not a regular file; not replaced\n");
    EXPECT_TRUE(std::filesystem::is_directory(dir + "/inside"));
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(dir).parent_path()))
        EXPECT_EQ(e.path().filename().string().find("occupied.seanim.tmp-"), std::string::npos) << e.path();
}
