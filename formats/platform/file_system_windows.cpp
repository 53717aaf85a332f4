// The file layer on Windows: UTF-8 paths turned into UTF-16 for the wide (W) calls, so that any file
// name opens (Läufer_走る.seanim), whatever the system's ANSI code page; atomic replace with
// ReplaceFileW (keeps the original's attributes and security) or MoveFileExW with write-through.
#ifdef _WIN32

#include "formats/platform/file_system.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <algorithm>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

namespace bonescope::platform {

namespace {

constexpr size_t kDefaultReadChunk = size_t(8) << 20;

// The C library's text for the errno closest to a Windows error, so that messages read the same on
// every system ("No such file or directory"); Windows' own text for the rest.
int errnoFor(DWORD error)
{
    switch (error) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_PATHNAME:
    case ERROR_INVALID_NAME: return ENOENT;
    case ERROR_ACCESS_DENIED:
    case ERROR_WRITE_PROTECT:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION: return EACCES;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return EEXIST;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return ENOSPC;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return ENOMEM;
    case ERROR_FILENAME_EXCED_RANGE: return ENAMETOOLONG;
    case ERROR_DIRECTORY: return ENOTDIR;
    case ERROR_NOT_SAME_DEVICE: return EXDEV;
    default: return 0;
    }
}

std::string describe(DWORD error)
{
    if (const int e = errnoFor(error))
        return std::strerror(e);
    char* text = nullptr;
    const DWORD n = FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                                   nullptr, error, 0, reinterpret_cast<char*>(&text), 0, nullptr);
    std::string out = n ? std::string(text, n) : std::string();
    LocalFree(text);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ' || out.back() == '.'))
        out.pop_back();
    return (out.empty() ? "Windows error" : out) + " (error " + std::to_string(error) + ")";
}

[[noreturn]] void fail(const std::string& path, std::string_view what, DWORD error)
{
    throw std::runtime_error(path + ": " + std::string(what) + ": " + describe(error));
}

[[noreturn]] void failErrno(const std::string& path, std::string_view what, int error)
{
    throw std::runtime_error(path + ": " + std::string(what) + ": " + std::strerror(error));
}

[[noreturn]] void changedWhileRead(const std::string& path)
{
    throw std::runtime_error(path + ": the file changed while it was being read (another program is writing it?); "
                                    "open it again when it is complete");
}

// UTF-8 to UTF-16. Absolute paths longer than MAX_PATH get the \\?\ prefix that lifts the limit.
std::wstring widen(const std::string& path)
{
    if (path.empty())
        return {};
    const int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path.data(), int(path.size()), nullptr, 0);
    if (n <= 0)
        throw std::runtime_error(path + ": the name is not valid UTF-8");
    std::wstring w(size_t(n), L'\0');
    MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path.data(), int(path.size()), w.data(), n);
    if (w.size() >= MAX_PATH && w.rfind(L"\\\\?\\", 0) != 0) {
        const DWORD full = GetFullPathNameW(w.c_str(), 0, nullptr, nullptr);
        if (full > 0) {
            std::wstring abs(full, L'\0');
            abs.resize(GetFullPathNameW(w.c_str(), full, abs.data(), nullptr));
            w = abs.rfind(L"\\\\", 0) == 0 ? L"\\\\?\\UNC\\" + abs.substr(2) : L"\\\\?\\" + abs;
        }
    }
    return w;
}

// Closes a handle when it goes out of scope.
struct Handle {
    HANDLE h = INVALID_HANDLE_VALUE;
    explicit Handle(HANDLE x) : h(x) {}
    Handle(const Handle&) = delete;
    ~Handle()
    {
        if (valid())
            CloseHandle(h);
    }
    bool valid() const { return h != INVALID_HANDLE_VALUE && h != nullptr; }
    HANDLE release() { return std::exchange(h, INVALID_HANDLE_VALUE); }
};

bool sameVersion(const BY_HANDLE_FILE_INFORMATION& a, const BY_HANDLE_FILE_INFORMATION& b)
{
    return a.nFileSizeHigh == b.nFileSizeHigh && a.nFileSizeLow == b.nFileSizeLow &&
           a.nFileIndexHigh == b.nFileIndexHigh && a.nFileIndexLow == b.nFileIndexLow &&
           a.ftLastWriteTime.dwLowDateTime == b.ftLastWriteTime.dwLowDateTime &&
           a.ftLastWriteTime.dwHighDateTime == b.ftLastWriteTime.dwHighDateTime;
}

const char* kindOf(DWORD fileType)
{
    switch (fileType) {
    case FILE_TYPE_PIPE: return "a pipe";
    case FILE_TYPE_CHAR: return "a character device";
    default: return "not a regular file";
    }
}

// Reads to the end of a stream of unknown length (standard input).
FileContents readToEnd(HANDLE h, const std::string& path)
{
    auto data = std::make_shared<std::vector<uint8_t>>();
    for (;;) {
        const size_t old = data->size();
        data->resize(old + std::max<size_t>(old, 1 << 16)); // doubling: linear time overall
        DWORD n = 0;
        const DWORD want = DWORD(std::min<size_t>(data->size() - old, 1u << 30));
        if (!ReadFile(h, data->data() + old, want, &n, nullptr)) {
            const DWORD e = GetLastError();
            if (e != ERROR_BROKEN_PIPE && e != ERROR_HANDLE_EOF) // those mean the writer is done
                fail(path, "cannot read", e);
            n = 0;
        }
        data->resize(old + n);
        if (n == 0)
            return {std::shared_ptr<const uint8_t>(data, data->data()), data->size()};
    }
}

} // namespace

FaultInjection& faultInjection()
{
    static FaultInjection faults;
    return faults;
}

// A regular file opened for reading, with what it was when opened.
struct FileReader::Open {
    std::string path;
    Handle file;
    BY_HANDLE_FILE_INFORMATION before {};
    uint64_t size = 0;

    explicit Open(const std::string& p) : path(p), file(openForReading(p))
    {
        const DWORD type = GetFileType(file.h);
        if (type != FILE_TYPE_DISK)
            throw std::runtime_error(path + ": is " + kindOf(type) + ", not a regular file");
        if (!GetFileInformationByHandle(file.h, &before))
            fail(path, "cannot read", GetLastError());
        size = (uint64_t(before.nFileSizeHigh) << 32) | before.nFileSizeLow;
        if (size > SIZE_MAX)
            failErrno(path, "cannot read", EFBIG);
    }

    static HANDLE openForReading(const std::string& path)
    {
        const std::wstring wide = widen(path);
        const DWORD attributes = GetFileAttributesW(wide.c_str());
        if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY))
            throw std::runtime_error(path + ": is a folder, not a file");
        // Others may keep reading, writing or renaming it meanwhile (as on POSIX); changes are detected.
        const HANDLE h = CreateFileW(wide.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                     nullptr, OPEN_EXISTING, FILE_FLAG_SEQUENTIAL_SCAN, nullptr);
        if (h == INVALID_HANDLE_VALUE || h == nullptr)
            fail(path, "cannot open", GetLastError());
        return h;
    }

    // Up to `want` bytes at offset (0 at the end of the file).
    DWORD readSome(uint64_t offset, uint8_t* out, DWORD want) const
    {
        OVERLAPPED at {};
        at.Offset = DWORD(offset);
        at.OffsetHigh = DWORD(offset >> 32);
        DWORD n = 0;
        if (!ReadFile(file.h, out, want, &n, &at)) {
            const DWORD e = GetLastError();
            if (e != ERROR_HANDLE_EOF)
                fail(path, "cannot read", e);
            n = 0;
        }
        return n;
    }

    // Exactly n bytes at offset; fewer means the file is shorter than it was when opened.
    void readAt(uint64_t offset, uint8_t* out, size_t n, size_t chunk) const
    {
        const FaultInjection& faults = faultInjection();
        for (size_t done = 0; done < n;) {
            const DWORD want = DWORD(std::min<size_t>({chunk, n - done, size_t(1) << 30}));
            const DWORD got = readSome(offset + done, out + done, want);
            if (got == 0) // shorter than it was when we looked
                changedWhileRead(path);
            done += got;
            if (faults.afterReadChunk)
                faults.afterReadChunk(path, offset + done);
        }
    }

    // Longer, or rewritten in place (same size, new modification time), since it was opened.
    void checkUnchanged() const
    {
        uint8_t probe;
        BY_HANDLE_FILE_INFORMATION after {};
        if (readSome(size, &probe, 1) != 0 || !GetFileInformationByHandle(file.h, &after) || !sameVersion(before, after))
            changedWhileRead(path);
    }
};

FileReader::FileReader(const std::string& path) : open_(std::make_unique<Open>(path)) {}
FileReader::FileReader(FileReader&&) noexcept = default;
FileReader::~FileReader() = default;
const std::string& FileReader::path() const { return open_->path; }
uint64_t FileReader::size() const { return open_->size; }
void FileReader::checkUnchanged() const { open_->checkUnchanged(); }

void FileReader::readAt(uint64_t offset, uint8_t* out, size_t n)
{
    const size_t chunk = faultInjection().readChunk;
    open_->readAt(offset, out, n, chunk ? chunk : kDefaultReadChunk);
}

FileContents readFile(const std::string& path)
{
    const FileReader::Open file(path);
    const size_t size = size_t(file.size);
    std::shared_ptr<uint8_t> data(new uint8_t[size ? size : 1], std::default_delete<uint8_t[]>());
    const size_t chunk = faultInjection().readChunk;
    file.readAt(0, data.get(), size, chunk ? chunk : kDefaultReadChunk);
    file.checkUnchanged();
    return {data, size};
}

FileContents readStandardInput() { return readToEnd(GetStdHandle(STD_INPUT_HANDLE), "standard input"); }

// ---- Writing ---------------------------------------------------------------------------------------

namespace {

// Writes everything, through the test seam.
void writeAll(HANDLE h, std::span<const uint8_t> bytes, const std::string& path, const char* unchanged)
{
    const FaultInjection& faults = faultInjection();
    for (size_t done = 0; done < bytes.size();) {
        size_t want = std::min(bytes.size() - done, kWriteChunk);
        if (faults.beforeWrite) {
            const long long allowed = faults.beforeWrite(want);
            if (allowed < 0)
                failErrno(path, std::string("cannot write") + unchanged, int(-allowed));
            want = std::min(want, size_t(allowed));
            if (want == 0) // a write that writes nothing: what a full disk does
                failErrno(path, std::string("cannot write") + unchanged, ENOSPC);
        }
        DWORD n = 0;
        if (!WriteFile(h, bytes.data() + done, DWORD(want), &n, nullptr))
            fail(path, std::string("cannot write") + unchanged, GetLastError());
        if (n == 0)
            failErrno(path, std::string("cannot write") + unchanged, ENOSPC);
        done += n;
    }
}

// A name no other writer picks: the process, a counter, and a random part.
std::string uniqueSuffix()
{
    static std::atomic<unsigned> counter{0};
    static const unsigned salt = std::random_device{}();
    return std::to_string(GetCurrentProcessId()) + "-" + std::to_string(counter++) + "-" + std::to_string(salt % 100000);
}

const char* unchangedNote(bool existed) { return existed ? " (the original is unchanged)" : ""; }

// Gives the complete temporary the target's name. ReplaceFileW keeps the original's attributes,
// security and alternate streams (as keeping permissions does on POSIX); where it cannot (some
// network and FAT drives), MoveFileExW replaces. MOVEFILE_WRITE_THROUGH returns only once the
// rename is on disk: the folder flush POSIX needs.
void giveName(const std::wstring& tmp, const std::wstring& target, const std::string& path, bool existed, Replace replace)
{
    if (replace == Replace::Never) {
        // Without MOVEFILE_REPLACE_EXISTING the move fails when the name exists, in the same step.
        if (MoveFileExW(tmp.c_str(), target.c_str(), MOVEFILE_WRITE_THROUGH))
            return;
        const DWORD e = GetLastError();
        if (e == ERROR_ALREADY_EXISTS || e == ERROR_FILE_EXISTS)
            throw FileExistsError(path + ": exists");
        fail(path, "cannot create", e);
    }
    if (existed && ReplaceFileW(target.c_str(), tmp.c_str(), nullptr, REPLACEFILE_IGNORE_MERGE_ERRORS, nullptr, nullptr))
        return;
    if (!MoveFileExW(tmp.c_str(), target.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        fail(path, std::string("cannot replace") + unchangedNote(existed), GetLastError());
}

} // namespace

uint64_t writeFileAtomic(const std::string& path, const ByteProducer& produce, Replace replace)
{
    const std::wstring target = widen(path);
    const DWORD attributes = GetFileAttributesW(target.c_str());
    const bool existed = attributes != INVALID_FILE_ATTRIBUTES;
    if (existed && replace == Replace::Never)
        throw FileExistsError(path + ": exists");
    if (existed && (attributes & FILE_ATTRIBUTE_DIRECTORY))
        throw std::runtime_error(path + ": is a folder, not a regular file; not replaced");
    const char* unchanged = unchangedNote(existed);

    std::wstring tmp;
    Handle file(INVALID_HANDLE_VALUE);
    for (int attempt = 0; !file.valid(); ++attempt) {
        tmp = widen(path + ".tmp-" + uniqueSuffix());
        file.h = CreateFileW(tmp.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
        if (!file.valid()) {
            const DWORD e = GetLastError();
            if (e != ERROR_FILE_EXISTS || attempt == 100)
                fail(path, "cannot create a temporary file beside it", e);
        }
    }
    uint64_t size = 0;
    try {
        produce([&](std::span<const uint8_t> piece) {
            writeAll(file.h, piece, path, unchanged);
            size += piece.size();
        });
        if (const int injected = faultInjection().syncError)
            failErrno(path, std::string("cannot flush to disk") + unchanged, injected);
        if (!FlushFileBuffers(file.h))
            fail(path, std::string("cannot flush to disk") + unchanged, GetLastError());
        if (!CloseHandle(file.release()))
            fail(path, std::string("cannot write") + unchanged, GetLastError());
        giveName(tmp, target, path, existed, replace);
    } catch (...) {
        if (file.valid())
            CloseHandle(file.release());
        DeleteFileW(tmp.c_str());
        throw;
    }
    return size;
}

} // namespace bonescope::platform

#endif // _WIN32
