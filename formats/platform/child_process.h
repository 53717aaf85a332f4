#pragma once
// Runs a helper program as a child process: its standard input fed from memory, its output and
// errors collected, within a time and memory limit, so that whatever the child does (crash, abort,
// hang, eat memory) ends as a result the caller can explain, never as the end of the caller.
// child_process_posix.cpp (fork/exec; the limit on memory is RLIMIT_AS, set between fork and exec)
// and child_process_windows.cpp (CreateProcessW in a job object that caps its memory).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bonescope::platform {

struct ChildLimits {
    double seconds = 60;                        // the child is killed after this long
    uint64_t memoryBytes = uint64_t(4) << 30;   // address space (POSIX) or committed memory (Windows); 0: none
};

struct ChildResult {
    enum class End {
        Exited,        // ran to its end: exitCode
        Crashed,       // killed by a signal (POSIX: signal) or an unhandled exception (Windows: exitCode
                       // is the exception's code, 0xC0000005 for an access violation)
        TimedOut,      // still running at the time limit: killed
        FailedToStart, // could not be started: why
    };
    End end = End::FailedToStart;
    int exitCode = 0;
    int signal = 0;
    std::string why;             // FailedToStart: the system's reason
    std::vector<uint8_t> output; // its standard output, whole
    std::string errors;          // its standard error (the first 64 KiB)
};

// Starts `program` (a UTF-8 path) with `arguments`, writes `input` to its standard input then
// closes it, and waits for it to end or for the limits. Never throws for what the child does.
ChildResult runChild(const std::string& program, const std::vector<std::string>& arguments,
                     std::span<const uint8_t> input, const ChildLimits& limits);

// The folder of the running executable (UTF-8), or "" where the system cannot say.
std::string executableFolder();

// The name the system gives a signal ("SIGSEGV", "SIGABRT"), or its number.
std::string signalName(int signal);

} // namespace bonescope::platform
