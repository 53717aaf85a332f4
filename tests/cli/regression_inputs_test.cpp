// Every crafted input in tests/fixtures/regressions (crashes, hangs and memory amplification found
// by fuzzing) through the real executable: `bonescope-cli info FILE` must either open it or exit 1
// with a message naming the file and a byte offset, within a time limit, and its peak memory must
// stay proportional to the file's size, never to a count the file declares.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <csignal>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/support/test_support.h"

extern char** environ;

namespace fs = std::filesystem;

namespace {

struct ChildRun {
    int status = -1;     // exit status, or -1 when killed
    long peakKb = 0;     // the child's peak resident set
    std::string err;
};

// Runs the CLI with stderr to a file; kills it after `limit`.
ChildRun runInfo(const std::string& file, std::chrono::seconds limit)
{
    const std::string errPath = bonescope::test::tempPath(fs::path(file).filename().string() + ".err");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::string cli = BONESCOPE_CLI, info = "info", path = file;
    char* argv[] = {cli.data(), info.data(), path.data(), nullptr};
    pid_t pid = 0;
    ChildRun run;
    if (posix_spawn(&pid, cli.c_str(), &actions, nullptr, argv, environ) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return run;
    }
    posix_spawn_file_actions_destroy(&actions);
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int wstatus = 0;
    rusage usage{};
    while (wait4(pid, &wstatus, WNOHANG, &usage) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid, SIGKILL);
            wait4(pid, &wstatus, 0, &usage);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    run.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
    run.peakKb = usage.ru_maxrss;
    std::ifstream in(errPath);
    std::stringstream s;
    s << in.rdbuf();
    run.err = s.str();
    return run;
}

} // namespace

TEST(RegressionInputs, EachOpensOrFailsWithFileAndOffsetInBoundedMemory)
{
    const fs::path dir = bonescope::test::fixturePath("regressions");
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string file = entry.path().string();
        const auto size = long(fs::file_size(entry.path()));
        SCOPED_TRACE(file);
        const ChildRun run = runInfo(file, std::chrono::seconds(60));
        ++files;
        ASSERT_TRUE(run.status == 0 || run.status == 1) << "killed or crashed: " << run.err;
        if (run.status == 1) {
            EXPECT_NE(run.err.find(file + ": "), std::string::npos) << run.err;
            EXPECT_NE(run.err.find("at byte "), std::string::npos) << run.err;
        }
#if !defined(__SANITIZE_ADDRESS__)
        // The executable's own start-up plus a small multiple of the file (sanitizer builds keep
        // shadow memory and a quarantine, so only the plain build measures).
        EXPECT_LT(run.peakKb, 64 * 1024 + 64 * size / 1024) << "peak " << run.peakKb << " KB for " << size << " bytes";
#endif
    }
    EXPECT_GE(files, 10);
}
