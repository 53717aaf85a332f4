// bonescope-cli never loses a user's data and never runs away: special files, standard input, files
// changed while read, symlinked outputs, option ranges checked up front, work bounded by --max-memory,
// and `info` on values no tool writes.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/platform/file_system.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace bonescope {
namespace {

const std::string kLoop = "seanim/synth_abs_lrs_loop_notes.seanim"; // 10 frames at 30 fps

// A Second Life walk whose header declares another duration (float at byte 8).
std::string slWithDuration(const std::string& name, float duration)
{
    auto bytes = test::readBytes(test::samplePath("secondlife/linden_walk.anim"));
    std::memcpy(bytes.data() + 8, &duration, 4);
    const std::string path = test::tempPath(name);
    test::writeBytes(path, bytes);
    return path;
}

// Runs the CLI with `input` on standard input.
test::CliResult runWithStdin(const std::vector<std::string>& args, const std::vector<uint8_t>& input)
{
    int p[2];
    EXPECT_EQ(::pipe(p), 0);
    EXPECT_LT(input.size(), 60'000u); // fits in the pipe: written before the CLI reads
    EXPECT_EQ(::write(p[1], input.data(), input.size()), ssize_t(input.size()));
    ::close(p[1]);
    const int saved = ::dup(STDIN_FILENO);
    ::dup2(p[0], STDIN_FILENO);
    ::close(p[0]);
    auto r = test::runCli(args);
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    return r;
}

// ---- Inputs ----------------------------------------------------------------------------------------

// `info FIFO` used to hang forever in a blocking open; /dev/zero read until memory ran out.
TEST(CliSafety, RefusesSpecialFilesWithoutHanging)
{
    const std::string fifo = test::tempPath("cli-fifo.seanim");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto r = test::runCli({"info", fifo});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, fifo + ": is a FIFO (named pipe), not a regular file\n");
    r = test::runCli({"dump", "/dev/zero"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "/dev/zero: is a character device, not a regular file\n");
    r = test::runCli({"convert", fifo, test::tempPath("from-fifo.bvh")});
    EXPECT_EQ(r.status, 1);
    EXPECT_FALSE(fs::exists(test::tempPath("from-fifo.bvh")));
}

TEST(CliSafety, DashReadsStandardInput)
{
    const auto bytes = test::readBytes(test::samplePath(kLoop));
    auto r = runWithStdin({"info", "-"}, bytes);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("file:       standard input\nformat:     SEAnim v1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("frames:   10 at 30 fps"), std::string::npos) << r.out;

    const std::string out = test::tempPath("from-stdin.seanim");
    r = runWithStdin({"convert", "-", out}, bytes);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(test::readBytes(out), bytes); // same format, no option: the same bytes

    r = runWithStdin({"dump", "-"}, {'n', 'o', 'p', 'e'});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("standard input: this is a text file (it begins \"nope\")"), std::string::npos) << r.err;
}

// Another program truncates the input while `info` reads it: a message, not SIGBUS.
TEST(CliSafety, InputTruncatedWhileReadIsReported)
{
    const std::string path = test::tempPath("cli-truncated.anim");
    test::writeBytes(path, test::readBytes(test::samplePath("secondlife/linden_walk.anim")));
    auto& faults = platform::faultInjection();
    faults.readChunk = 1024;
    faults.afterReadChunk = [](const std::string& p, uint64_t) { fs::resize_file(p, 10); };
    const auto r = test::runCli({"info", path});
    faults.reset();
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, path + ": the file changed while it was being read (another program is writing it?); "
                            "open it again when it is complete\n");
}

// ---- Outputs ---------------------------------------------------------------------------------------

// `convert IN LINK` replaced the link by a regular file and left its target as it was.
TEST(CliSafety, ConvertWritesThroughASymlink)
{
    const fs::path dir = test::tempPath("cli-link");
    fs::create_directories(dir / "project");
    const fs::path target = dir / "project" / "walk.seanim";
    test::writeBytes(target.string(), {1, 2, 3});
    fs::create_symlink(target, dir / "walk.seanim");
    const auto r = test::runCli({"convert", test::samplePath(kLoop), (dir / "walk.seanim").string()});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(dir / "walk.seanim"));
    EXPECT_EQ(test::readBytes(target.string()), test::readBytes(test::samplePath(kLoop)));
}

// "/x/y.seanim: /x/y.seanim: cannot create a temporary file beside it": the path once.
TEST(CliSafety, WriteErrorsNameThePathOnce)
{
    const std::string out = test::tempPath("no-such-dir") + "/y.seanim";
    const auto r = test::runCli({"convert", test::samplePath(kLoop), out});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, out + ": cannot create a temporary file beside it: No such file or directory\n");
}

TEST(CliSafety, FullDiskKeepsTheOriginalAndSaysSo)
{
    const std::string out = test::tempPath("cli-full-disk.bvh");
    test::writeBytes(out, {'k', 'e', 'e', 'p'});
    auto& faults = platform::faultInjection();
    int calls = 0; // two short writes, then the disk is full
    faults.beforeWrite = [&](size_t want) {
        return ++calls < 3 ? (long long)std::min<size_t>(want, 100) : -(long long)ENOSPC;
    };
    const auto r = test::runCli({"convert", test::samplePath(kLoop), out});
    faults.reset();
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err.substr(r.err.find(out)), out + ": cannot write (the original is unchanged): No space left on device\n");
    EXPECT_EQ(test::readBytes(out), (std::vector<uint8_t>{'k', 'e', 'e', 'p'}));
}

// ---- Option values ---------------------------------------------------------------------------------

// Checked before anything is read or allocated: `--fps 1e9` took 7.3 GB before failing, NaN went
// through, and `--animation 1e300` was a float-to-int cast (undefined behaviour).
TEST(CliSafety, NumericOptionsOutsideTheirRangeExitTwo)
{
    const std::string in = test::samplePath(kLoop), out = test::tempPath("range.bvh");
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"convert", in, out, "--fps", "1e9"}, "--fps takes a number from 0.01 to 1000 frames per second, not '1e9'"},
        {{"convert", in, out, "--fps", "nan"}, "--fps takes a number from 0.01 to 1000 frames per second, not 'nan'"},
        {{"convert", in, out, "--fps", "0"}, "--fps takes a number from 0.01 to 1000 frames per second, not '0'"},
        {{"convert", in, out, "--scale", "1e300"}, "--scale takes a number from 1e-06 to 1e+06, not '1e300'"},
        {{"convert", in, out, "--tolerance", "-1"}, "--tolerance takes a number from 0 to 1e+06, not '-1'"},
        {{"pose", in, "--time", "1e300"}, "--time takes a number from -1e+09 to 1e+09 seconds, not '1e300'"},
        {{"pose", in, "--time", "inf"}, "--time takes a number from -1e+09 to 1e+09 seconds, not 'inf'"},
        {{"dump", in, "--animation", "1e300"}, "--animation takes an index from 0 to 1000000 or a name, not '1e300'"},
        {{"dump", in, "--animation", "-1"}, "--animation takes an index from 0 to 1000000 or a name, not '-1'"},
        {{"dump", in, "--animation", "1.5"}, "--animation takes an index from 0 to 1000000 or a name, not '1.5'"},
        {{"dump", in, "--animation", "99999999999999999999"},
         "--animation takes an index from 0 to 1000000 or a name, not '99999999999999999999'"},
        {{"convert", in, out, "--max-memory", "12"}, "--max-memory takes a size from 1M to 1024G (bytes, or with K, M, G), not '12'"},
        {{"convert", in, out, "--max-memory", "5T"}, "--max-memory takes a size from 1M to 1024G (bytes, or with K, M, G), not '5T'"},
    };
    for (const Case& c : cases) {
        const auto r = test::runCli(c.args);
        EXPECT_EQ(r.status, 2) << c.message;
        EXPECT_EQ(r.err, "bonescope-cli: " + c.message + "\n(see 'bonescope-cli --help')\n");
    }
    EXPECT_FALSE(fs::exists(out));
    // In range, and an index or a name past the end: an input problem, exit 1.
    EXPECT_EQ(test::runCli({"dump", in, "--animation", "0"}).status, 0);
    EXPECT_EQ(test::runCli({"dump", in, "--animation", "3"}).status, 1);
    EXPECT_EQ(test::runCli({"dump", in, "--animation", "walk"}).status, 1);
    EXPECT_EQ(test::runCli({"convert", in, out, "--fps", "1000", "--max-memory", "1G"}).status, 0);
}

// Baking 1e15 s of animation would be found out by running out of memory: refused up front.
TEST(CliSafety, WorkAboveMaxMemoryIsRefused)
{
    const std::string huge = slWithDuration("duration-1e15.anim", 1e15f);
    auto r = test::runCli({"convert", huge, test::tempPath("huge.bvh")});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("cannot convert: baking the animation (1e+15 s at "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("more than the 2.0 GiB allowed; give a lower --fps or a larger --max-memory"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(test::tempPath("huge.bvh")));

    // A real file at 1000 fps fits in 2 GiB but not in 1 MiB.
    const std::string walk = test::samplePath("secondlife/linden_walk.anim");
    r = test::runCli({"convert", walk, test::tempPath("walk1000.bvh"), "--fps", "1000", "--max-memory", "1M"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("more than the 1.0 MiB allowed"), std::string::npos) << r.err;
    r = test::runCli({"convert", walk, test::tempPath("walk1000.bvh"), "--fps", "1000"});
    EXPECT_EQ(r.status, 0) << r.err;
}

// `info` printed "frames: 999999986991105" for a 1e15 s duration and negative counts for negative ones.
TEST(CliSafety, InfoMarksValuesNoToolWrites)
{
    auto r = test::runCli({"info", slWithDuration("info-1e15.anim", 1e15f)});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.find("999999986991105"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("frames:   not counted (the duration is outside what any tool writes) at "), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("duration: 1e+15 s (looping) (outside what any tool writes)"), std::string::npos) << r.out;

    r = test::runCli({"info", slWithDuration("info-negative.anim", -5.0f)});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("frames:   not counted (the duration is outside what any tool writes)"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("duration: -5 s (looping) (outside what any tool writes)"), std::string::npos) << r.out;

    r = test::runCli({"info", test::samplePath("secondlife/linden_walk.anim")});
    EXPECT_EQ(r.out.find("outside what any tool writes"), std::string::npos) << r.out;
}

} // namespace
} // namespace bonescope
