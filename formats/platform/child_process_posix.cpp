// Child processes on Linux and macOS: fork and exec, pipes for the three standard streams polled in
// one loop (the input is written as the child reads it, so neither side waits on a full pipe), the
// memory limit set with setrlimit between fork and exec.
#ifndef _WIN32

#include "formats/platform/child_process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
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
    int execRead = -1, execWrite = -1; // carries exec's errno when it fails
    ~Pipes()
    {
        for (int* fd : {&inRead, &inWrite, &outRead, &outWrite, &errRead, &errWrite, &execRead, &execWrite})
            closeFd(*fd);
    }
};

} // namespace

ChildResult runChild(const std::string& program, const std::vector<std::string>& arguments,
                     std::span<const uint8_t> input, const ChildLimits& limits)
{
    ChildResult result;
    std::vector<std::string> args{program};
    args.insert(args.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    Pipes p;
    if (!makePipe(p.inRead, p.inWrite) || !makePipe(p.outRead, p.outWrite) || !makePipe(p.errRead, p.errWrite) ||
        !makePipe(p.execRead, p.execWrite)) {
        result.why = std::string("no pipe to talk to it: ") + std::strerror(errno);
        return result;
    }
    rlimit memory{};
    const bool limitMemory = limits.memoryBytes > 0
#ifdef BONESCOPE_ASAN
                             && false
#endif
        ;
    memory.rlim_cur = memory.rlim_max = rlim_t(limits.memoryBytes);

    SigpipeBlocked sigpipe;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limits.seconds);
    const pid_t pid = ::fork();
    if (pid < 0) {
        result.why = std::string("fork failed: ") + std::strerror(errno);
        return result;
    }
    if (pid == 0) {
        // The child, until exec: only calls that are safe after fork in a threaded process.
        if (limitMemory)
            ::setrlimit(RLIMIT_AS, &memory);
        ::sigprocmask(SIG_SETMASK, &sigpipe.before(), nullptr); // the program starts with our mask
        ::dup2(p.inRead, 0);
        ::dup2(p.outWrite, 1);
        ::dup2(p.errWrite, 2);
        ::execv(argv[0], argv.data());
        const int error = errno;
        [[maybe_unused]] const ssize_t n = ::write(p.execWrite, &error, sizeof error);
        ::_exit(127);
    }
    closeFd(p.inRead);
    closeFd(p.outWrite);
    closeFd(p.errWrite);
    closeFd(p.execWrite);
    int execError = 0;
    ssize_t got;
    while ((got = ::read(p.execRead, &execError, sizeof execError)) < 0 && errno == EINTR) {
    }
    if (got == ssize_t(sizeof execError)) {
        int status = 0;
        ::waitpid(pid, &status, 0);
        result.why = program + ": " + std::strerror(execError);
        return result;
    }
    setNonBlocking(p.inWrite);
    setNonBlocking(p.outRead);
    setNonBlocking(p.errRead);

    size_t written = 0;
    if (input.empty())
        closeFd(p.inWrite);
    bool timedOut = false;
    uint8_t buffer[65536];
    while (p.inWrite >= 0 || p.outRead >= 0 || p.errRead >= 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timedOut = true;
            break;
        }
        pollfd fds[3] = {{p.inWrite, POLLOUT, 0}, {p.outRead, POLLIN, 0}, {p.errRead, POLLIN, 0}};
        const int ready = ::poll(fds, 3, int(std::min<long long>(left.count(), INT_MAX)));
        if (ready < 0 && errno != EINTR) {
            timedOut = true; // cannot wait on it any more: end it
            break;
        }
        if (ready <= 0)
            continue;
        if (fds[0].revents) {
            const size_t chunk = std::min<size_t>(input.size() - written, size_t(1) << 20);
            const ssize_t n = ::write(p.inWrite, input.data() + written, chunk);
            if (n > 0)
                written += size_t(n);
            if ((n < 0 && errno != EAGAIN && errno != EINTR) || written == input.size())
                closeFd(p.inWrite); // done, or the child stopped reading (EPIPE)
        }
        for (int k : {1, 2}) {
            if (!fds[k].revents)
                continue;
            int& fd = k == 1 ? p.outRead : p.errRead;
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
    // Its output is closed: it ends now, unless it hangs on without it.
    int status = 0;
    for (;;) {
        const pid_t done = timedOut ? 0 : ::waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR) {
            result.why = std::string("lost track of it: ") + std::strerror(errno);
            return result;
        }
        if (timedOut || std::chrono::steady_clock::now() >= deadline) {
            ::kill(pid, SIGKILL);
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            result.end = ChildResult::End::TimedOut;
            return result;
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
    return result;
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
