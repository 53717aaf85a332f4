// The process API (formats/platform/child_process.h) on the real command line, on every system
// (Linux here, Windows under Wine in scripts/test-windows): arguments with spaces and non-ASCII
// letters arrive whole, standard input is fed, output and errors come back, the exit status is
// reported, and a program that does not exist is said not to start. Crashes, hangs and the memory
// limit are tested through the import helper (assimp_child_test.cpp).
#include <gtest/gtest.h>

#include "formats/platform/child_process.h"
#include "tests/support/test_support.h"

using namespace bonescope;
using platform::ChildResult;

namespace {

const std::string kSeanim = "seanim/synth_abs_lrs_loop_notes.seanim";

std::string text(const std::vector<uint8_t>& bytes) { return {bytes.begin(), bytes.end()}; }

} // namespace

TEST(ChildProcess, OutputAndExitStatusComeBack)
{
    const ChildResult run = platform::runChild(BONESCOPE_CLI, {"--version"}, {}, {});
    ASSERT_EQ(run.end, ChildResult::End::Exited) << run.why;
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_EQ(text(run.output).rfind("bonescope-cli ", 0), 0u) << text(run.output);
}

TEST(ChildProcess, InputIsFedToTheChild)
{
    const std::vector<uint8_t> bytes = test::readBytes(test::samplePath(kSeanim));
    const ChildResult run = platform::runChild(BONESCOPE_CLI, {"info", "-"}, bytes, {});
    ASSERT_EQ(run.end, ChildResult::End::Exited) << run.why;
    EXPECT_EQ(run.exitCode, 0) << run.errors;
    EXPECT_NE(text(run.output).find("SEAnim v1"), std::string::npos) << text(run.output);
}

// Names with spaces, quotes, backslashes and letters beyond ASCII, each echoed back in the error.
TEST(ChildProcess, ArgumentsArriveWholeAndErrorsComeBack)
{
    for (const std::string name : {"no such file.seanim", "say \"hi\" \\ back\\\\.seanim", "L\u00e4ufer_\u8d70\u308b.seanim", ""}) {
        const std::string missing = name.empty() ? "" : test::tempPath("") + name;
        const ChildResult run = platform::runChild(BONESCOPE_CLI, {"info", missing}, {}, {});
        ASSERT_EQ(run.end, ChildResult::End::Exited) << run.why;
        EXPECT_EQ(run.exitCode, 1) << name;
        EXPECT_NE(run.errors.find(missing + ": "), std::string::npos) << run.errors; // "" arrives as ""
    }
}

TEST(ChildProcess, AProgramThatDoesNotExistDoesNotStart)
{
    const std::string program = test::tempPath("no-such-program");
    const ChildResult run = platform::runChild(program, {}, {}, {});
    EXPECT_EQ(run.end, ChildResult::End::FailedToStart);
    EXPECT_NE(run.why.find("no-such-program"), std::string::npos) << run.why;
}
