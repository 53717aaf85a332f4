// Child processes on Linux and macOS: posix_spawn on Linux (fork and exec elsewhere), pipes for the
// three standard streams polled in one loop (the input is written as the child reads it, so neither
// side waits on a full pipe), the memory limit set with prlimit (Linux) or setrlimit between fork and
// exec. A kept child is the same child and loop, left running between requests.
#ifndef _WIN32

#include "formats/platform/child_process.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#ifdef __linux__
#include <spawn.h>
#endif
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __APPLE__
#include <mach-o/dyld.h>
#endif

#include "formats/platform/utf8_path.h"

// AddressSanitizer reserves terabytes of address space for its shadow memory: a limit on the
// address space would stop a sanitized child before main.
#if defined(__SANITIZE_ADDRESS__)
#define BONESCOPE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BONESCOPE_ASAN 1
#endif
#endif

extern char** environ;

namespace bonescope::platform {

namespace {

constexpr size_t kMaxErrors = 64 * 1024;

void closeFd(int& fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// Both ends close on exec: the child gets only what dup2 puts on 0, 1 and 2. Where pipe2 exists they
// are made so at once: a helper another thread forks meanwhile must not inherit them (holding our
// helper's input open, it would keep it waiting for the end of its input until it exits).
bool makePipe(int& readEnd, int& writeEnd)
{
    int fds[2];
#ifdef __linux__
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return false;
#else
    if (::pipe(fds) != 0)
        return false;
    for (const int fd : fds)
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);
#endif
    readEnd = fds[0];
    writeEnd = fds[1];
    return true;
}

void setNonBlocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// A child that dies before reading all its input makes our write fail with EPIPE, and raise SIGPIPE,
// which would end this process. It is blocked in this thread while the child runs, and one it raised
// is taken off before the mask is restored (the process's own handling is left as it was).
class SigpipeBlocked {
public:
    SigpipeBlocked()
    {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        sigset_t pending;
        sigpending(&pending);
        pendingBefore_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe, &old_);
    }
    ~SigpipeBlocked()
    {
        sigset_t pending;
        sigpending(&pending);
        if (!pendingBefore_ && sigismember(&pending, SIGPIPE) == 1) {
            sigset_t pipe;
            sigemptyset(&pipe);
            sigaddset(&pipe, SIGPIPE);
            int taken = 0;
            sigwait(&pipe, &taken);
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    const sigset_t& before() const { return old_; }

private:
    sigset_t old_;
    bool pendingBefore_ = false;
};

struct Pipes {
    int inRead = -1, inWrite = -1, outRead = -1, outWrite = -1, errRead = -1, errWrite = -1;
    ~Pipes()
    {
        for (int* fd : {&inRead, &inWrite, &outRead, &outWrite, &errRead, &errWrite})
            closeFd(*fd);
    }
};

using Clock = std::chrono::steady_clock;

Clock::time_point deadlineAfter(double seconds)
{
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// Starts `program` on the pipes' child ends (closed here once it runs), its memory limited and its
// signal mask `mask`. Its process id, or -1 with `why`.
pid_t startChild(const std::string& program, const std::vector<std::string>& arguments, const ChildLimits& limits,
                 const sigset_t& mask, Pipes& p, std::string& why)
{
    std::vector<std::string> args{program};
    args.insert(args.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    if (!makePipe(p.inRead, p.inWrite) || !makePipe(p.outRead, p.outWrite) || !makePipe(p.errRead, p.errWrite)) {
        why = std::string("no pipe to talk to it: ") + std::strerror(errno);
        return -1;
    }
    rlimit memory{};
    const bool limitMemory = limits.memoryBytes > 0
#ifdef BONESCOPE_ASAN
                             && false
#endif
        ;
    memory.rlim_cur = memory.rlim_max = rlim_t(limits.memoryBytes);
    pid_t pid = -1;
#ifdef __linux__
    // posix_spawn: glibc starts it with vfork's shared memory, so a big parent (the window, hundreds
    // of megabytes) pays no copy of its page tables and no copy-on-write faults afterwards. The
    // memory limit is set at once, before the child is sent anything to read.
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, p.inRead, 0);
    posix_spawn_file_actions_adddup2(&actions, p.outWrite, 1);
    posix_spawn_file_actions_adddup2(&actions, p.errWrite, 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setsigmask(&attributes, &mask); // the program starts with our mask
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
    const int error = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error != 0) {
        why = program + ": " + std::strerror(error);
        return -1;
    }
    if (limitMemory && ::prlimit(pid, RLIMIT_AS, &memory, nullptr) != 0) {
        why = std::string("cannot limit its memory: ") + std::strerror(errno);
        ::kill(pid, SIGKILL);
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        return -1;
    }
#else
    int execRead = -1, execWrite = -1; // carries exec's errno when it fails
    if (!makePipe(execRead, execWrite)) {
        why = std::string("no pipe to talk to it: ") + std::strerror(errno);
        return -1;
    }
    pid = ::fork();
    if (pid < 0) {
        why = std::string("fork failed: ") + std::strerror(errno);
        closeFd(execRead);
        closeFd(execWrite);
        return -1;
    }
    if (pid == 0) {
        // The child, until exec: only calls that are safe after fork in a threaded process.
        if (limitMemory)
            ::setrlimit(RLIMIT_AS, &memory);
        ::sigprocmask(SIG_SETMASK, &mask, nullptr);
        ::dup2(p.inRead, 0);
        ::dup2(p.outWrite, 1);
        ::dup2(p.errWrite, 2);
        ::execv(argv[0], argv.data());
        const int error = errno;
        [[maybe_unused]] const ssize_t n = ::write(execWrite, &error, sizeof error);
        ::_exit(127);
    }
    closeFd(execWrite);
    int execError = 0;
    ssize_t got;
    while ((got = ::read(execRead, &execError, sizeof execError)) < 0 && errno == EINTR) {
    }
    closeFd(execRead);
    if (got == ssize_t(sizeof execError)) {
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        why = program + ": " + std::strerror(execError);
        return -1;
    }
#endif
    closeFd(p.inRead);
    closeFd(p.outWrite);
    closeFd(p.errWrite);
    setNonBlocking(p.inWrite);
    setNonBlocking(p.outRead);
    setNonBlocking(p.errRead);
    return pid;
}

// Feeds `input` to `in` (closed once written when `closeWhenWritten`) and collects `out` and `err`
// until `done` says so, the input is written and both outputs end, or the deadline passes (false).
template <class Done>
bool pump(int& in, int& out, int& err, std::span<const uint8_t> input, bool closeWhenWritten, ChildResult& result,
          Clock::time_point deadline, const Done& done)
{
    size_t written = 0;
    if (input.empty() && closeWhenWritten)
        closeFd(in);
    const auto writing = [&] { return in >= 0 && written < input.size(); };
    uint8_t buffer[65536];
    while (!done() && (writing() || out >= 0 || err >= 0)) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            return false;
        pollfd fds[3] = {{writing() ? in : -1, POLLOUT, 0}, {out, POLLIN, 0}, {err, POLLIN, 0}};
        const int ready = ::poll(fds, 3, int(std::min<long long>(left.count(), INT_MAX)));
        if (ready < 0 && errno != EINTR)
            return false; // cannot wait on it any more: end it
        if (ready <= 0)
            continue;
        if (fds[0].revents) {
            const size_t chunk = std::min<size_t>(input.size() - written, size_t(1) << 20);
            const ssize_t n = ::write(in, input.data() + written, chunk);
            if (n > 0)
                written += size_t(n);
            if (n < 0 && errno != EAGAIN && errno != EINTR)
                closeFd(in); // the child stopped reading (EPIPE)
            else if (written == input.size() && closeWhenWritten)
                closeFd(in);
        }
        for (int k : {1, 2}) {
            if (!fds[k].revents)
                continue;
            int& fd = k == 1 ? out : err;
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n > 0) {
                if (k == 1)
                    result.output.insert(result.output.end(), buffer, buffer + n);
                else if (result.errors.size() < kMaxErrors)
                    result.errors.append(reinterpret_cast<const char*>(buffer), std::min(size_t(n), kMaxErrors - result.errors.size()));
            } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                closeFd(fd);
            }
        }
    }
    return true;
}

// Waits for the child to end (killed when `kill` or at the deadline) and says how it ended.
void waitForEnd(pid_t pid, bool kill, Clock::time_point deadline, ChildResult& result)
{
    int status = 0;
    for (;;) {
        const pid_t done = kill ? 0 : ::waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR) {
            result.end = ChildResult::End::FailedToStart;
            result.why = std::string("lost track of it: ") + std::strerror(errno);
            return;
        }
        if (kill || Clock::now() >= deadline) {
            ::kill(pid, SIGKILL);
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            result.end = ChildResult::End::TimedOut;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (WIFSIGNALED(status)) {
        result.end = ChildResult::End::Crashed;
        result.signal = WTERMSIG(status);
    } else {
        result.end = ChildResult::End::Exited;
        result.exitCode = WEXITSTATUS(status);
    }
}

std::atomic<uint64_t> keptStarted{0};

} // namespace

ChildResult runChild(const std::string& program, const std::vector<std::string>& arguments,
                     std::span<const uint8_t> input, const ChildLimits& limits)
{
    ChildResult result;
    SigpipeBlocked sigpipe;
    const auto deadline = deadlineAfter(limits.seconds);
    Pipes p;
    const pid_t pid = startChild(program, arguments, limits, sigpipe.before(), p, result.why);
    if (pid < 0)
        return result;
    const bool inTime = pump(p.inWrite, p.outRead, p.errRead, input, true, result, deadline, [] { return false; });
    // Its output is closed: it ends now, unless it hangs on without it.
    waitForEnd(pid, !inTime, deadline, result);
    return result;
}

// ---- A kept child --------------------------------------------------------------------------------

struct KeptChild::Running {
    pid_t pid = -1;
    Pipes pipes; // inWrite, outRead and errRead: ours
};

KeptChild::KeptChild(std::string program, std::vector<std::string> arguments, ChildLimits limits)
    : program_(std::move(program)), arguments_(std::move(arguments)), limits_(limits)
{
}

KeptChild::~KeptChild()
{
    if (!running_)
        return;
    // At the end of its input a waiting child ends by itself; one that does not is killed.
    closeFd(running_->pipes.inWrite);
    ChildResult ignored;
    const auto deadline = deadlineAfter(2);
    pump(running_->pipes.inWrite, running_->pipes.outRead, running_->pipes.errRead, {}, true, ignored, deadline,
         [] { return false; });
    waitForEnd(running_->pid, false, deadline, ignored);
}

long KeptChild::pid() const { return running_ ? long(running_->pid) : 0; }

uint64_t KeptChild::started() { return keptStarted.load(); }

ChildResult KeptChild::ask(std::span<const uint8_t> request)
{
    SigpipeBlocked sigpipe;
    const auto deadline = deadlineAfter(limits_.seconds);
    const std::vector<uint8_t> frame = framed(request);
    for (int attempt = 0;; ++attempt) {
        ChildResult result;
        const bool fresh = !running_;
        if (fresh) {
            auto started = std::make_unique<Running>();
            started->pid = startChild(program_, arguments_, limits_, sigpipe.before(), started->pipes, result.why);
            if (started->pid < 0)
                return result;
            ++keptStarted;
            running_ = std::move(started);
        }
        Pipes& p = running_->pipes;
        const auto answered = [&] { return wholeFrame(result.output); };
        const bool inTime = pump(p.inWrite, p.outRead, p.errRead, frame, false, result, deadline, answered);
        if (inTime && answered()) {
            if (takeFrame(result.output)) {
                result.end = ChildResult::End::Answered;
                return result;
            }
            // More than one answer: not the child this expects. It is ended, as one that crashed.
            waitForEnd(running_->pid, true, deadline, result);
            running_.reset();
            result.end = ChildResult::End::Crashed;
            result.signal = SIGKILL;
            result.output.clear();
            return result;
        }
        // It ended (its output closed) or the time is up.
        waitForEnd(running_->pid, !inTime, deadline, result);
        running_.reset();
        if (fresh || attempt > 0 || result.end != ChildResult::End::Exited || result.exitCode != 0)
            return result;
        // It had ended by itself after its last answer: another one is asked.
    }
}

std::string executableFolder()
{
#if defined(__linux__)
    char path[4096];
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0)
        return "";
    return utf8String(utf8Path(std::string_view(path, size_t(n))).parent_path());
#elif defined(__APPLE__)
    uint32_t size = 0;
    _NSGetExecutablePath(nullptr, &size);
    std::string path(size, '\0');
    if (_NSGetExecutablePath(path.data(), &size) != 0)
        return "";
    path.resize(std::strlen(path.c_str()));
    return utf8String(utf8Path(path).parent_path());
#else
    return "";
#endif
}

std::string signalName(int signal)
{
    switch (signal) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    default: return "signal " + std::to_string(signal);
    }
}

} // namespace bonescope::platform

#endif
