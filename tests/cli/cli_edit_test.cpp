// `edit` on copies of the samples in a temporary folder, checked with `dump`: the fields asked for
// change and nothing else; originals stay with --out-dir; existing outputs need --overwrite; a format
// without a field says so per file; the csv and markdown summaries.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace bonescope {
namespace {

const std::string kWalk = "secondlife/linden_walk.anim";
const std::string kSeanim = "seanim/synth_abs_lrs_loop_notes.seanim";

// Writable copies of the samples in a fresh folder.
fs::path copies(const std::string& name, const std::vector<std::pair<std::string, std::string>>& samples)
{
    const fs::path dir = test::freshFolder(name);
    for (const auto& [sample, as] : samples) {
        fs::copy_file(test::samplePath(sample), dir / as);
        fs::permissions(dir / as, fs::perms::owner_write, fs::perm_options::add);
    }
    return dir;
}

json dump(const fs::path& file)
{
    const auto r = test::runCli({"dump", file.string()});
    EXPECT_EQ(r.status, 0) << r.err;
    return json::parse(r.out);
}

const json& bone(const json& d, const std::string& name)
{
    for (const json& b : d["bones"])
        if (b["name"] == name)
            return b;
    throw std::runtime_error("no bone " + name);
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

} // namespace

TEST(CliEdit, InPlaceChangesTheSecondLifeFieldsAndNothingElse)
{
    const fs::path dir = copies("edit-in-place", {{kWalk, "walk.anim"}, {kSeanim, "walk.seanim"}});
    const json walk = dump(dir / "walk.anim");
    const auto seanimBytes = test::readBytes((dir / "walk.seanim").string());

    const auto r = test::runCli({"edit", "--in-place", "--priority", "4", "--joint-priority", "mHead=6,mHip*=2",
                                 "--loop", "0.2:0.8", "--ease-in", "0.5", "--ease-out", "0.25", "--hand-pose", "3",
                                 dir.string()});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "edited 1 of 2 files in place")) << r.out;
    EXPECT_TRUE(contains(r.out, "unchanged, none of the edits applies to them (1):\n  " + (dir / "walk.seanim").string()))
        << r.out;
    for (const char* option : {"--priority", "--joint-priority", "--loop", "--ease-in", "--ease-out", "--hand-pose"})
        EXPECT_TRUE(contains(r.err, std::string("    ") + option + ": not in this format (SEAnim v1)\n")) << r.err;

    json want = walk;
    want["extra"]["basePriority"] = 4;
    for (json& j : want["extra"]["jointPriorities"]) {
        const std::string name = j["name"];
        j["priority"] = name == "mHead" ? 6 : name.rfind("mHip", 0) == 0 ? 2 : 4;
    }
    want["loop"] = {{"in", double(0.2f)}, {"out", double(0.8f)}};
    want["looping"] = true;
    want["extra"]["easeIn"] = 0.5;
    want["extra"]["easeOut"] = 0.25;
    want["extra"]["handPose"] = 3;
    want["extra"]["handPoseName"] = "fist";
    EXPECT_EQ(dump(dir / "walk.anim"), want);
    EXPECT_EQ(test::readBytes((dir / "walk.seanim").string()), seanimBytes); // not written
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2); // no temporary left
}

TEST(CliEdit, OutDirKeepsOriginalsAndNeedsOverwrite)
{
    const fs::path dir = copies("edit-out-dir", {{kWalk, "walk.anim"}, {kSeanim, "walk.seanim"}});
    const fs::path out = dir / "out";
    const auto walkBytes = test::readBytes((dir / "walk.anim").string());
    const auto seanimBytes = test::readBytes((dir / "walk.seanim").string());
    const json walk = dump(dir / "walk.anim"), seanim = dump(dir / "walk.seanim");

    const std::vector<std::string> args = {"edit", "--time-scale", "2", "--out-dir", out.string(), dir.string()};
    auto r = test::runCli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "edited 2 of 2 files into " + out.string())) << r.out;
    EXPECT_EQ(test::readBytes((dir / "walk.anim").string()), walkBytes);
    EXPECT_EQ(test::readBytes((dir / "walk.seanim").string()), seanimBytes);

    // SEAnim: times doubled, values, notes' names and every other field as they were.
    json want = seanim;
    want["duration"] = 0.6;
    want["frames"] = 19; // 0.6 s at 30 fps, last frame included
    want["extra"]["frameCount"] = 19; // the header's frame count, written to match
    for (json& n : want["notes"])
        n[0] = n[0].get<double>() * 2;
    for (json& b : want["bones"])
        for (const char* ch : {"translation", "rotation", "scale"})
            for (json& k : b[ch])
                k[0] = k[0].get<double>() * 2;
    const json got = dump(out / "walk.seanim");
    EXPECT_EQ(got.dump(), want.dump());

    // Second Life: keys at twice their time (quantised to 1/65535 of the duration), loop out too.
    const json slGot = dump(out / "walk.anim");
    EXPECT_NEAR(slGot["duration"].get<double>(), 2 * walk["duration"].get<double>(), 1e-6);
    EXPECT_NEAR(slGot["loop"]["out"].get<double>(), 2 * walk["loop"]["out"].get<double>(), 1e-6);
    const json& before = bone(walk, "mShoulderLeft")["rotation"];
    const json& after = bone(slGot, "mShoulderLeft")["rotation"];
    ASSERT_EQ(before.size(), after.size());
    for (size_t i = 0; i < before.size(); ++i) {
        EXPECT_NEAR(after[i][0].get<double>(), 2 * before[i][0].get<double>(), 1e-4);
        for (int c = 1; c < 5; ++c)
            EXPECT_EQ(after[i][c], before[i][c]); // the same 16-bit codes
    }
    EXPECT_EQ(slGot["extra"], walk["extra"]);

    // Again: the outputs exist now.
    const auto edited = test::readBytes((out / "walk.anim").string());
    r = test::runCli(args);
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, (out / "walk.anim").string() + ": exists; use --overwrite or another --out-dir")) << r.out;
    EXPECT_EQ(test::readBytes((out / "walk.anim").string()), edited);
    auto withOverwrite = args;
    withOverwrite.push_back("--overwrite");
    r = test::runCli(withOverwrite);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "replaced, files that existed before (--overwrite) (2):")) << r.out;
    // Into the inputs' own folder: one of the inputs, never written.
    r = test::runCli({"edit", "--priority", "2", "--out-dir", dir.string(), (dir / "walk.anim").string(), "--overwrite"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "is one of this run's inputs")) << r.out;
    EXPECT_EQ(test::readBytes((dir / "walk.anim").string()), walkBytes);
}

TEST(CliEdit, MirrorSwapsTheArmsKeysReflected)
{
    const fs::path dir = copies("edit-mirror", {{kWalk, "walk.anim"}});
    const json walk = dump(dir / "walk.anim");
    auto r = test::runCli({"edit", "--mirror", "--out-dir", (dir / "out").string(), (dir / "walk.anim").string()});
    ASSERT_EQ(r.status, 0) << r.err;
    const json m = dump(dir / "out" / "walk.anim");
    // The file's left is +Y: a left key (x, y, z, w) becomes a right key (-x, y, -z, w).
    for (auto [from, to] : {std::pair{"mShoulderLeft", "mShoulderRight"}, {"mElbowRight", "mElbowLeft"}, {"mHipLeft", "mHipRight"}}) {
        const json& a = bone(walk, from)["rotation"];
        const json& b = bone(m, to)["rotation"];
        ASSERT_EQ(a.size(), b.size()) << from;
        for (size_t i = 0; i < a.size(); ++i) {
            EXPECT_NEAR(b[i][1].get<double>(), -a[i][1].get<double>(), 1e-4) << from;
            EXPECT_NEAR(b[i][2].get<double>(), a[i][2].get<double>(), 1e-4) << from;
            EXPECT_NEAR(b[i][3].get<double>(), -a[i][3].get<double>(), 1e-4) << from;
            EXPECT_NEAR(b[i][4].get<double>(), a[i][4].get<double>(), 1e-4) << from;
        }
    }
    const json& pa = bone(walk, "mPelvis")["translation"];
    const json& pb = bone(m, "mPelvis")["translation"];
    ASSERT_EQ(pa.size(), pb.size());
    for (size_t i = 0; i < pa.size(); ++i)
        EXPECT_NEAR(pb[i][2].get<double>(), -pa[i][2].get<double>(), 2e-4);
    EXPECT_EQ(m["extra"]["basePriority"], walk["extra"]["basePriority"]);
    EXPECT_EQ(m["duration"], walk["duration"]);

    // convert --mirror writes the same file.
    r = test::runCli({"convert", (dir / "walk.anim").string(), (dir / "converted.anim").string(), "--mirror"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(test::readBytes((dir / "converted.anim").string()), test::readBytes((dir / "out" / "walk.anim").string()));
}

TEST(CliEdit, JointEditsOffsetAndTrimOnSeanim)
{
    const fs::path dir = copies("edit-joints", {{kSeanim, "a.seanim"}});
    const json before = dump(dir / "a.seanim");
    const auto r = test::runCli({"edit", "--in-place", "--drop-joints", "tag_*", "--freeze-joints", "j_spine*",
                                 "--offset", "1,2,3", "--trim", "0.1:0.2", (dir / "a.seanim").string()});
    ASSERT_EQ(r.status, 0) << r.err;
    const json after = dump(dir / "a.seanim");
    EXPECT_NEAR(after["duration"].get<double>(), 0.1, 1e-9);
    std::vector<std::string> names;
    for (const json& b : after["bones"])
        names.push_back(b["name"]);
    EXPECT_EQ(names, (std::vector<std::string>{"j_mainroot", "j_spinelower"}));
    // j_mainroot: keys from 0.1 to 0.2 s moved to start at 0, translations moved by (1, 2, 3).
    const json& rootBefore = bone(before, "j_mainroot")["translation"];
    const json& rootAfter = bone(after, "j_mainroot")["translation"];
    ASSERT_EQ(rootAfter.size(), 4u);
    for (size_t i = 0; i < rootAfter.size(); ++i) {
        EXPECT_NEAR(rootAfter[i][0].get<double>(), rootBefore[i + 3][0].get<double>() - 0.1, 1e-6);
        for (int c = 1; c < 4; ++c)
            EXPECT_NEAR(rootAfter[i][c].get<double>(), rootBefore[i + 3][c].get<double>() + c, 1e-5);
    }
    // j_spinelower: its first rotation held at 0 and at the end.
    const json& spine = bone(after, "j_spinelower")["rotation"];
    ASSERT_EQ(spine.size(), 2u);
    for (int c = 1; c < 5; ++c) {
        EXPECT_EQ(spine[0][c], bone(before, "j_spinelower")["rotation"][0][c]);
        EXPECT_EQ(spine[1][c], spine[0][c]);
    }
}

TEST(CliEdit, SummaryCsvAndMarkdown)
{
    const fs::path dir = copies("edit-summary", {{kWalk, "walk.anim"}, {kSeanim, "a,b.seanim"}});
    auto r = test::runCli({"edit", "--in-place", "--priority", "5", "--loop", "0.1:0.5", "--summary", "csv",
                           (dir / "walk.anim").string(), (dir / "a,b.seanim").string()});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "name,duration,frames,priority,loop,joints,size\n" + (dir / "walk.anim").string() +
                         ",0.933338,15,5,0.1:0.5,19,2590\n\"" + (dir / "a,b.seanim").string() + "\",0.3,10,,on,3,553\n");
    r = test::runCli({"edit", "--in-place", "--mirror", "--summary", "markdown", (dir / "walk.anim").string(),
                      (dir / "a,b.seanim").string()});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "| name | duration | frames | priority | loop | joints | size |\n"
                     "|---|---:|---:|---:|---|---:|---:|\n"
                     "| " + (dir / "walk.anim").string() + " | 0.933338 | 15 | 5 | 0.1:0.5 | 19 | 2590 |\n"
                     "| " + (dir / "a,b.seanim").string() + " | 0.3 | 10 |  | on | 3 | 553 |\n");
    EXPECT_TRUE(contains(r.err, "--mirror: no left/right pair of joints: every joint reflected in place")) << r.err;
}

// Measured: --time-scale 100 wrote a 93 s Second Life file the viewer refuses, over the user's good
// one; --offset 0,0,7 clamped the pelvis to 5 m without a word.
TEST(CliEdit, EditsThatBreakTheFormatsRulesAreRefusedOrReported)
{
    const fs::path dir = copies("edit-rules", {{kWalk, "walk.anim"}});
    const std::string f = (dir / "walk.anim").string();
    const auto bytes = test::readBytes(f);
    auto r = test::runCli({"edit", "--in-place", "--time-scale", "100", f});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, f + ": not written, the edits would make it invalid: the duration 93.33"))
        << r.out;
    EXPECT_EQ(test::readBytes(f), bytes);
    r = test::runCli({"edit", "--in-place", "--offset", "0,0,7", f});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "    warning: joint 'mPelvis' has a position key beyond 5 m")) << r.err;

    // Measured: 70000 frames scaled by 1.5 gave a 145-byte SEAnim declaring 105000 frames, which the
    // reader refuses (more than a file of its size may hold). The writer now refuses it itself.
    const fs::path seanim = copies("edit-readback", {{"seanim/synth_fc70000_u32.seanim", "long.seanim"}}) / "long.seanim";
    const auto seanimBytes = test::readBytes(seanim.string());
    r = test::runCli({"edit", "--in-place", "--time-scale", "1.5", seanim.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, seanim.string() + ": not written: SEAnim: the clip is 105000 frames, more than a "
                                                  "file of 145 bytes may declare (at most 74816); Bonescope would "
                                                  "refuse to read it back")) << r.out;
    EXPECT_EQ(test::readBytes(seanim.string()), seanimBytes);
}

#ifndef BONESCOPE_WITHOUT_ASSIMP
// An FBX is read through Assimp, whose writer makes .glb: edited in place it would have become a
// .glb under the .fbx name.
TEST(CliEdit, FilesItsFormatCannotWriteBackAreLeftAlone)
{
    const fs::path dir = test::freshFolder("edit-fbx");
    const fs::path fbx = dir / "pivot.fbx";
    fs::copy_file(test::fixturePath("fbx/pivot_skeleton.fbx"), fbx);
    fs::permissions(fbx, fs::perms::owner_write, fs::perm_options::add);
    const auto bytes = test::readBytes(fbx.string());
    const auto r = test::runCli({"edit", "--in-place", "--time-scale", "2", fbx.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, fbx.string() + ": .fbx files cannot be written (glTF / FBX / COLLADA (Assimp) writes .glb); "
                                               "convert it with 'convert --to assimp'"))
        << r.out;
    EXPECT_EQ(test::readBytes(fbx.string()), bytes);
}

// `convert` likewise: glTF bytes are written under .glb only, never under a name Assimp reads as
// another kind (.fbx, .dae, .gltf), whether the format comes from the name or from --format.
TEST(CliEdit, ConvertNeverGivesGlbBytesAnotherName)
{
    const fs::path dir = test::freshFolder("convert-fbx-name");
    const std::string fbx = test::fixturePath("fbx/pivot_skeleton.fbx");
    for (const char* name : {"out.fbx", "out.dae", "out.gltf"}) {
        for (const bool named : {false, true}) {
            std::vector<std::string> args = {"convert", fbx, (dir / name).string()};
            if (named)
                args.insert(args.end(), {"--format", "assimp"});
            const auto r = test::runCli(args);
            EXPECT_EQ(r.status, 2) << name << r.out << r.err;
            EXPECT_TRUE(contains(r.err, "is written as .glb only; name the output .glb")) << r.err;
            EXPECT_FALSE(fs::exists(dir / name)) << name;
        }
    }
    const auto r = test::runCli({"convert", fbx, (dir / "out.glb").string()});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(test::readBytes((dir / "out.glb").string())[0], uint8_t('g')); // "glTF" magic
}
#endif

TEST(CliEdit, NothingAppliedOrWrongUsage)
{
    const fs::path dir = copies("edit-usage", {{kSeanim, "a.seanim"}});
    const std::string f = (dir / "a.seanim").string();
    const auto bytes = test::readBytes(f);
    auto r = test::runCli({"edit", "--in-place", "--ease-in", "1", f});
    EXPECT_EQ(r.status, 1); // nothing could be applied
    EXPECT_TRUE(contains(r.err, "--ease-in: not in this format (SEAnim v1)")) << r.err;
    EXPECT_EQ(test::readBytes(f), bytes);
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"edit", "--priority", "4", f},                                   // neither in place nor --out-dir
             {"edit", "--in-place", "--out-dir", dir.string(), "--priority", "4", f},
             {"edit", "--in-place", f},                                        // nothing to do
             {"edit", "--in-place", "--priority", "7", f},
             {"edit", "--in-place", "--joint-priority", "mHead", f},
             {"edit", "--in-place", "--loop", "2:1", f},
             {"edit", "--in-place", "--trim", "1", f},
             {"edit", "--in-place", "--time-scale", "0", f},
             {"edit", "--in-place", "--offset", "1,2", f},
             {"edit", "--in-place", "--mirror-axis", "x", f},                  // without --mirror
             {"edit", "--in-place", "--mirror", "--mirror-axis", "w", f},
             {"edit", "--in-place", "--mirror", "--summary", "xml", f},
             {"edit", "--in-place", "--mirror", "-"}}) {
        r = test::runCli(args);
        EXPECT_EQ(r.status, 2) << args[2] << ": " << r.err;
    }
    EXPECT_EQ(test::readBytes(f), bytes);
}

} // namespace bonescope
