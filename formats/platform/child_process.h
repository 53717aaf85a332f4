#pragma once
// Runs a helper program as a child process: its standard input fed from memory, its output and
// errors collected, within a time and memory limit, so that whatever the child does (crash, abort,
// hang, eat memory) ends as a result the caller can explain, never as the end of the caller.
// child_process_posix.cpp (posix_spawn on Linux with RLIMIT_AS set by prlimit before the child is sent
// anything; fork/exec with setrlimit between them elsewhere), child_process_windows.cpp
// (CreateProcessW in a job object that caps its memory), child_frames.cpp (the kept child's messages).
#include <cstdint>
#include <cstdio>
#include <memory>
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
        Answered,      // a kept child (KeptChild) answered: output holds the answer; it runs on
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

// A helper kept running between requests, so that only the first pays its start (for a program
// linked with a large library, tens of milliseconds of page faults and relocations). Each request
// goes to its standard input as a frame and its answer comes back as one (below); the child reads
// requests in a loop until its input ends. The limits hold per request: the time from the request
// sent to the answer read (the start included when it starts), the memory for the process, set
// when it starts (a child that keeps what it freed should end itself between requests: the next
// request then starts another, as it does after a crash or a kill). Not for two threads at once.
// On Windows the child is started for each request (its input ends after the one frame), as
// runChild does.
class KeptChild {
public:
    KeptChild(std::string program, std::vector<std::string> arguments, ChildLimits limits);
    // Ends its input (the child ends) and waits a little for it, then kills it.
    ~KeptChild();
    KeptChild(const KeptChild&) = delete;
    KeptChild& operator=(const KeptChild&) = delete;

    // Sends `request` and waits for the answer, starting the child when none runs. Answered, or how
    // the child ended (then the next ask starts another): it crashed or exited before answering,
    // was killed at the time limit, or could not start. A child that had ended by itself after its
    // last answer (exit status 0) is replaced and asked again.
    ChildResult ask(std::span<const uint8_t> request);

    const std::string& program() const { return program_; }
    const std::vector<std::string>& arguments() const { return arguments_; }
    const ChildLimits& limits() const { return limits_; }
    // The running child's process id; 0 when none runs.
    long pid() const;
    // How many children every KeptChild of this process has started.
    static uint64_t started();

private:
    struct Running;
    std::string program_;
    std::vector<std::string> arguments_;
    ChildLimits limits_;
    std::unique_ptr<Running> running_;
};

// A kept child's messages: a frame is the length of its bytes (u64, little-endian) then the bytes.
constexpr size_t kFrameHeader = 8;
void putFrameLength(uint8_t* header, uint64_t length);
uint64_t frameLength(const uint8_t* header);
// The parent's side: `bytes` in a frame, and whether `received` holds one whole frame or more
// (wholeFrame), then its bytes alone when it holds exactly one (takeFrame: false for less or more).
std::vector<uint8_t> framed(std::span<const uint8_t> bytes);
bool wholeFrame(const std::vector<uint8_t>& received);
bool takeFrame(std::vector<uint8_t>& received);
// The child's side, on C streams opened in binary mode. The next frame, false at the end of the
// stream (or within a frame); bytes are taken as they come, never all at once for the length said.
bool readFrame(std::FILE* in, std::vector<uint8_t>& bytes);
// One frame written and flushed.
bool writeFrame(std::FILE* out, std::span<const uint8_t> bytes);

// The folder of the running executable (UTF-8), or "" where the system cannot say.
std::string executableFolder();

// The name the system gives a signal ("SIGSEGV", "SIGABRT"), or its number.
std::string signalName(int signal);

} // namespace bonescope::platform
