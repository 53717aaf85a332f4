// Batch conversion never writes over the user's files: its inputs, files that existed before the run
// (unless --overwrite), and it never takes its own outputs or files outside the folder as inputs.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace bonescope {
namespace {

const std::string kSeanim = "seanim/synth_abs_lrs_loop_notes.seanim";
const std::string kAnim = "secondlife/linden_standup.anim";

void copySample(const std::string& sample, const fs::path& to) { fs::copy_file(test::samplePath(sample), to); }

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// Measured: walk.seanim was replaced by the converted walk.anim (and, with other timing, read after
// it had been overwritten).
TEST(BatchSafety, NeverWritesOverItsInputs)
{
    const fs::path dir = test::freshFolder("batch-inputs");
    copySample(kAnim, dir / "walk.anim");
    copySample(kSeanim, dir / "walk.seanim");
    const auto anim = test::readBytes((dir / "walk.anim").string());
    const auto seanim = test::readBytes((dir / "walk.seanim").string());
    for (const bool overwrite : {false, true}) {
        std::vector<std::string> args = {"convert", "--to", "seanim", "--out-dir", dir.string(), dir.string()};
        if (overwrite)
            args.push_back("--overwrite");
        const auto r = test::runCli(args);
        EXPECT_EQ(r.status, 1) << r.err;
        EXPECT_EQ(test::readBytes((dir / "walk.anim").string()), anim);
        EXPECT_EQ(test::readBytes((dir / "walk.seanim").string()), seanim);
        EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2);
        EXPECT_TRUE(contains(r.out, "converted 0 of 1 file to SEAnim v1")) << r.out;
        EXPECT_TRUE(contains(r.out, (dir / "walk.seanim").string() + ": is one of this run's inputs; give another --out-dir"))
            << r.out;
        EXPECT_TRUE(contains(r.out, "skipped (1):\n  " + (dir / "walk.seanim").string() +
                                        ": already SEAnim v1: its output would be the file itself"))
            << r.out;
    }
}

// A hand-made standup.bvh beside standup.anim was silently overwritten by --to bvh. In place it is
// one of the inputs (never written over); in another folder a file that was there before the run is
// written over only with --overwrite, and listed.
TEST(BatchSafety, ExistingFilesNeedOverwriteAndAreListed)
{
    const fs::path dir = test::freshFolder("batch-existing");
    copySample(kAnim, dir / "standup.anim");
    copySample("secondlife/linden_walk.anim", dir / "walk.anim");
    const std::vector<uint8_t> handMade = {'H', 'I', 'E', 'R', 'A', 'R', 'C', 'H', 'Y'};
    test::writeBytes((dir / "standup.bvh").string(), handMade);
    const auto inputBefore = test::readBytes((dir / "standup.anim").string());

    auto r = test::runCli({"convert", "--to", "bvh", "--out-dir", dir.string(), "--overwrite", dir.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(test::readBytes((dir / "standup.bvh").string()), handMade);
    EXPECT_TRUE(fs::exists(dir / "walk.bvh")); // the other file still converts
    EXPECT_TRUE(contains(r.out, "converted 1 of 2 files to BVH")) << r.out;
    EXPECT_TRUE(contains(r.out, "failed (1):\n  " + (dir / "standup.bvh").string() +
                                    ": is one of this run's inputs; give another --out-dir"))
        << r.out;

    const fs::path out = test::freshFolder("batch-existing-out");
    test::writeBytes((out / "standup.bvh").string(), handMade);
    r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), (dir / "standup.anim").string(),
                      (dir / "walk.anim").string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(test::readBytes((out / "standup.bvh").string()), handMade);
    EXPECT_TRUE(fs::exists(out / "walk.bvh"));
    EXPECT_TRUE(contains(r.out, "converted 1 of 2 files to BVH")) << r.out;
    EXPECT_TRUE(contains(r.out, "failed (1):\n  " + (out / "standup.bvh").string() +
                                    ": exists; use --overwrite or another --out-dir\n"))
        << r.out;

    r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), "--overwrite",
                      (dir / "standup.anim").string(), (dir / "walk.anim").string()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(test::readBytes((out / "standup.bvh").string()), handMade);
    EXPECT_EQ(test::readBytes((dir / "standup.anim").string()), inputBefore);
    EXPECT_TRUE(contains(r.out, "replaced (2), files that existed before (--overwrite):\n  " +
                                    (out / "standup.bvh").string() + "\n  " + (out / "walk.bvh").string() + "\n"))
        << r.out;
}

// --out-dir inside the input folder: what is in it (this run's or an earlier run's outputs) is
// never taken as input.
TEST(BatchSafety, OutputFolderInsideTheInputFolderIsNotSearched)
{
    const fs::path dir = test::freshFolder("batch-nested");
    copySample(kSeanim, dir / "a.seanim");
    copySample(kAnim, dir / "b.anim");
    const fs::path out = dir / "out";
    for (int run = 0; run < 2; ++run) {
        const auto r = test::runCli({"convert", "--to", "seanim", "--out-dir", out.string(), "--overwrite", dir.string()});
        EXPECT_EQ(r.status, 0) << r.out << r.err;
        EXPECT_TRUE(contains(r.out, "converted 2 of 2 files")) << r.out;
        if (run == 1) {
            EXPECT_TRUE(contains(r.out, "  " + out.string() + ": the output folder (not searched for inputs)")) << r.out;
        }
    }
    EXPECT_FALSE(fs::exists(out / "out"));
    std::vector<std::string> written;
    for (const auto& e : fs::recursive_directory_iterator(out))
        written.push_back(e.path().lexically_relative(out).string());
    std::sort(written.begin(), written.end());
    EXPECT_EQ(written, (std::vector<std::string>{"a.seanim", "b.seanim"}));
}

// Outputs renamed because another output of this run had the name are listed, and --json gives the
// whole summary to scripts.
TEST(BatchSafety, RenamedOutputsAndJsonSummary)
{
    const fs::path dir = test::freshFolder("batch-json-in");
    const fs::path out = test::tempPath("batch-json-out");
    fs::remove_all(out);
    copySample(kSeanim, dir / "walk.seanim");
    copySample(kAnim, dir / "walk.anim");
    test::writeBytes((dir / "broken.seanim").string(), {'S', 'E', 'A', 'n', 'i', 'm'});

    auto r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), dir.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "renamed (1), their name was taken by another output of this run:\n  " +
                                    (dir / "walk.seanim").string() + " -> " + (out / "walk-2.bvh").string() + "\n"))
        << r.out;

    fs::remove_all(out);
    r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), "--json", dir.string()});
    EXPECT_EQ(r.status, 1);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], "bvh");
    EXPECT_EQ(j["total"], 3);
    EXPECT_EQ(j["converted"], 2);
    EXPECT_EQ(j["failed"], 1);
    ASSERT_EQ(j["files"].size(), 3u);
    const auto& broken = j["files"][0];
    EXPECT_EQ(broken["input"], (dir / "broken.seanim").string());
    EXPECT_EQ(broken["status"], "failed");
    EXPECT_TRUE(contains(broken["error"].get<std::string>(), (dir / "broken.seanim").string() + ": at byte "));
    const auto& walkAnim = j["files"][1];
    EXPECT_EQ(walkAnim["input"], (dir / "walk.anim").string());
    EXPECT_EQ(walkAnim["output"], (out / "walk.bvh").string());
    EXPECT_EQ(walkAnim["status"], "converted");
    EXPECT_EQ(walkAnim["renamed"], false);
    const auto& walkSeanim = j["files"][2];
    EXPECT_EQ(walkSeanim["output"], (out / "walk-2.bvh").string());
    EXPECT_EQ(walkSeanim["renamed"], true);
    EXPECT_EQ(walkSeanim["replaced"], false);
    bool notesLost = false;
    for (const auto& loss : walkSeanim["losses"])
        notesLost |= loss.get<std::string>() == "3 notes are lost (BVH has no notes)";
    EXPECT_TRUE(notesLost) << walkSeanim.dump();
    EXPECT_TRUE(fs::exists(out / "walk-2.bvh"));
}

// Folder symlinks were skipped but file symlinks were followed anywhere: both alike now, listed.
TEST(BatchSafety, SymlinksOutsideTheFolderAreSkippedAndListed)
{
    const fs::path dir = test::freshFolder("batch-links");
    const fs::path elsewhere = test::freshFolder("batch-links-elsewhere");
    copySample(kSeanim, elsewhere / "private.seanim");
    fs::create_directories(elsewhere / "more");
    copySample(kSeanim, elsewhere / "more" / "other.seanim");
    copySample(kAnim, dir / "mine.anim");
    fs::create_symlink(elsewhere / "private.seanim", dir / "outside.seanim");
    fs::create_symlink("mine.anim", dir / "inside.anim");
    fs::create_symlink(elsewhere / "more", dir / "folder-link");
    fs::create_symlink(dir / "missing.seanim", dir / "broken.seanim");
    const fs::path out = test::tempPath("batch-links-out");
    fs::remove_all(out);

    const auto r = test::runCli({"convert", "--to", "bvh", "--out-dir", out.string(), dir.string()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "converted 2 of 2 files")) << r.out;
    EXPECT_TRUE(fs::exists(out / "mine.bvh"));
    EXPECT_TRUE(fs::exists(out / "inside.bvh"));
    EXPECT_FALSE(fs::exists(out / "outside.bvh"));
    EXPECT_FALSE(fs::exists(out / "folder-link"));
    EXPECT_TRUE(contains(r.out, "skipped (3):\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  " + (dir / "outside.seanim").string() + ": a symlink to a file outside " + dir.string()))
        << r.out;
    EXPECT_TRUE(contains(r.out, "  " + (dir / "folder-link").string() + ": a symlink to a folder (not followed)")) << r.out;
    EXPECT_TRUE(contains(r.out, "  " + (dir / "broken.seanim").string() + ": a broken symlink")) << r.out;
}

TEST(BatchSafety, StandardInputIsNotABatchInput)
{
    const auto r = test::runCli({"convert", "--to", "bvh", "--out-dir", test::tempPath("batch-stdin"), "-"});
    EXPECT_EQ(r.status, 2);
}

} // namespace
} // namespace bonescope
