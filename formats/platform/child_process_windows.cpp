// Child processes on Windows: CreateProcessW (UTF-16 command line quoted as the C runtime parses it),
// inside a job object that caps its committed memory and ends it with us; only its three pipe
// handles are inherited. The pipes are served by threads, the time limit kept by waiting on the process.
#ifdef _WIN32

#include "formats/platform/child_process.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

namespace bonescope::platform {

namespace {

constexpr size_t kMaxErrors = 64 * 1024;

std::wstring wide(const std::string& utf8)
{
    if (utf8.empty())
        return {};
    const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
    std::wstring w(size_t(std::max(n, 0)), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), w.data(), n);
    return w;
}

std::string narrow(const std::wstring& w)
{
    if (w.empty())
        return {};
    const int n = WideCharToMultiByte(CP_UTF8, 0, w.data(), int(w.size()), nullptr, 0, nullptr, nullptr);
    std::string s(size_t(std::max(n, 0)), '\0');
    WideCharToMultiByte(CP_UTF8, 0, w.data(), int(w.size()), s.data(), n, nullptr, nullptr);
    return s;
}

// One argument as CommandLineToArgvW and the C runtime split it back: quoted when it holds blanks
// or quotes, backslashes doubled only before a quote.
void appendQuoted(std::wstring& line, const std::wstring& arg)
{
    if (!line.empty())
        line += L' ';
    if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
        line += arg;
        return;
    }
    line += L'"';
    size_t backslashes = 0;
    for (const wchar_t c : arg) {
        if (c == L'\\') {
            ++backslashes;
            continue;
        }
        line.append(c == L'"' ? backslashes * 2 + 1 : backslashes, L'\\');
        backslashes = 0;
        line += c;
    }
    line.append(backslashes * 2, L'\\');
    line += L'"';
}

std::string systemMessage(DWORD error)
{
    wchar_t* text = nullptr;
    FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr,
                   error, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
    std::string s = text ? narrow(text) : "error " + std::to_string(error);
    LocalFree(text);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
        s.pop_back();
    return s;
}

struct Handle {
    HANDLE h = nullptr;
    ~Handle() { reset(); }
    void reset()
    {
        if (h && h != INVALID_HANDLE_VALUE)
            CloseHandle(h);
        h = nullptr;
    }
};

// A pipe whose child end is inheritable and whose own end is not.
bool makePipe(Handle& ours, Handle& theirs, bool childReads)
{
    SECURITY_ATTRIBUTES sa{sizeof sa, nullptr, TRUE};
    HANDLE r = nullptr, w = nullptr;
    if (!CreatePipe(&r, &w, &sa, 0))
        return false;
    ours.h = childReads ? w : r;
    theirs.h = childReads ? r : w;
    SetHandleInformation(ours.h, HANDLE_FLAG_INHERIT, 0);
    return true;
}

void readAll(HANDLE h, std::vector<uint8_t>* bytes, std::string* text)
{
    char buffer[65536];
    DWORD n = 0;
    while (ReadFile(h, buffer, sizeof buffer, &n, nullptr) && n > 0) {
        if (bytes)
            bytes->insert(bytes->end(), buffer, buffer + n);
        else if (text->size() < kMaxErrors)
            text->append(buffer, std::min(size_t(n), kMaxErrors - text->size()));
    }
}

} // namespace

ChildResult runChild(const std::string& program, const std::vector<std::string>& arguments,
                     std::span<const uint8_t> input, const ChildLimits& limits)
{
    ChildResult result;
    std::wstring line;
    appendQuoted(line, wide(program));
    for (const std::string& a : arguments)
        appendQuoted(line, wide(a));

    Handle inOurs, inTheirs, outOurs, outTheirs, errOurs, errTheirs;
    if (!makePipe(inOurs, inTheirs, true) || !makePipe(outOurs, outTheirs, false) || !makePipe(errOurs, errTheirs, false)) {
        result.why = "no pipe to talk to it: " + systemMessage(GetLastError());
        return result;
    }
    // Only these three handles go to the child (another thread's pipes being made now must not).
    HANDLE inherited[3] = {inTheirs.h, outTheirs.h, errTheirs.h};
    SIZE_T attrSize = 0;
    InitializeProcThreadAttributeList(nullptr, 1, 0, &attrSize);
    std::vector<uint8_t> attrBytes(attrSize);
    auto* attrs = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(attrBytes.data());
    if (!InitializeProcThreadAttributeList(attrs, 1, 0, &attrSize) ||
        !UpdateProcThreadAttribute(attrs, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited, sizeof inherited, nullptr, nullptr)) {
        result.why = "cannot prepare its handles: " + systemMessage(GetLastError());
        return result;
    }
    STARTUPINFOEXW si{};
    si.StartupInfo.cb = sizeof si;
    si.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    si.StartupInfo.hStdInput = inTheirs.h;
    si.StartupInfo.hStdOutput = outTheirs.h;
    si.StartupInfo.hStdError = errTheirs.h;
    si.lpAttributeList = attrs;

    // The job: its memory capped, killed with the job's last handle (ours), no error dialog on a crash.
    Handle job;
    job.h = CreateJobObjectW(nullptr, nullptr);
    if (job.h) {
        JOBOBJECT_EXTENDED_LIMIT_INFORMATION info{};
        info.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
        if (limits.memoryBytes > 0) {
            info.BasicLimitInformation.LimitFlags |= JOB_OBJECT_LIMIT_PROCESS_MEMORY;
            info.ProcessMemoryLimit = SIZE_T(std::min<uint64_t>(limits.memoryBytes, SIZE_MAX));
        }
        SetInformationJobObject(job.h, JobObjectExtendedLimitInformation, &info, sizeof info);
    }
    PROCESS_INFORMATION pi{};
    const BOOL started = CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE,
                                        CREATE_SUSPENDED | CREATE_NO_WINDOW | EXTENDED_STARTUPINFO_PRESENT |
                                            CREATE_UNICODE_ENVIRONMENT,
                                        nullptr, nullptr, &si.StartupInfo, &pi);
    const DWORD startError = GetLastError();
    DeleteProcThreadAttributeList(attrs);
    inTheirs.reset();
    outTheirs.reset();
    errTheirs.reset();
    if (!started) {
        result.why = program + ": " + systemMessage(startError);
        return result;
    }
    Handle process, thread;
    process.h = pi.hProcess;
    thread.h = pi.hThread;
    if (job.h)
        AssignProcessToJobObject(job.h, process.h);
    ResumeThread(thread.h);

    std::thread writer([&] {
        size_t written = 0;
        while (written < input.size()) {
            DWORD n = 0;
            const DWORD chunk = DWORD(std::min<size_t>(input.size() - written, size_t(1) << 20));
            if (!WriteFile(inOurs.h, input.data() + written, chunk, &n, nullptr))
                break; // the child stopped reading
            written += n;
        }
        inOurs.reset();
    });
    std::thread errorReader([&] { readAll(errOurs.h, nullptr, &result.errors); });
    std::thread outputReader([&] { readAll(outOurs.h, &result.output, nullptr); });

    const double ms = std::clamp(limits.seconds * 1000.0, 0.0, double(INFINITE - 1));
    const DWORD waited = WaitForSingleObject(process.h, DWORD(ms));
    if (waited != WAIT_OBJECT_0) {
        TerminateProcess(process.h, 1);
        WaitForSingleObject(process.h, INFINITE);
        result.end = ChildResult::End::TimedOut;
    }
    writer.join();
    errorReader.join();
    outputReader.join();
    if (result.end == ChildResult::End::TimedOut)
        return result;
    DWORD code = 0;
    GetExitCodeProcess(process.h, &code);
    result.exitCode = int(code);
    // An unhandled exception ends the process with its NTSTATUS code (0xC0000005: access violation).
    result.end = (code & 0xF0000000u) == 0xC0000000u ? ChildResult::End::Crashed : ChildResult::End::Exited;
    return result;
}

// ---- A kept child: here one per request ------------------------------------------------------------

// The child is started for each request and its input ends after the frame, so it answers and ends;
// what a kept child saves (its start) is left for later on Windows. The limits hold as for runChild.
struct KeptChild::Running {};

KeptChild::KeptChild(std::string program, std::vector<std::string> arguments, ChildLimits limits)
    : program_(std::move(program)), arguments_(std::move(arguments)), limits_(limits)
{
}

KeptChild::~KeptChild() = default;

long KeptChild::pid() const { return 0; }

namespace {
std::atomic<uint64_t> keptStarted{0};
}

uint64_t KeptChild::started() { return keptStarted.load(); }

ChildResult KeptChild::ask(std::span<const uint8_t> request)
{
    ++keptStarted;
    ChildResult result = runChild(program_, arguments_, framed(request), limits_);
    // It answered when it ended well with one whole frame.
    if (result.end == ChildResult::End::Exited && result.exitCode == 0 && takeFrame(result.output))
        result.end = ChildResult::End::Answered;
    return result;
}

std::string executableFolder()
{
    std::wstring path(32768, L'\0');
    const DWORD n = GetModuleFileNameW(nullptr, path.data(), DWORD(path.size()));
    if (n == 0 || n >= path.size())
        return "";
    path.resize(n);
    const size_t slash = path.find_last_of(L"\\/");
    return slash == std::wstring::npos ? "" : narrow(path.substr(0, slash));
}

std::string signalName(int signal) { return "signal " + std::to_string(signal); }

} // namespace bonescope::platform

#endif
