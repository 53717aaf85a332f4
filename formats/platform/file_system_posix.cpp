// The file layer on Linux and macOS (POSIX calls; O_TMPFILE where Linux has it).
#ifndef _WIN32

#include "formats/platform/file_system.h"
#include "formats/platform/process_memory.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace bonescope::platform {

namespace {

constexpr size_t kDefaultReadChunk = size_t(8) << 20;

[[noreturn]] void fail(const std::string& path, std::string_view what, int error)
{
    throw std::runtime_error(path + ": " + std::string(what) + ": " + std::strerror(error));
}

[[noreturn]] void changedWhileRead(const std::string& path)
{
    throw std::runtime_error(path + ": the file changed while it was being read (another program is writing it?); "
                                    "open it again when it is complete");
}

// Closes a descriptor when it goes out of scope.
struct Descriptor {
    int fd = -1;
    explicit Descriptor(int f) : fd(f) {}
    Descriptor(const Descriptor&) = delete;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

const char* kindOf(mode_t mode)
{
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

bool sameVersion(const struct stat& a, const struct stat& b)
{
#ifdef __APPLE__
    const auto &ma = a.st_mtimespec, &mb = b.st_mtimespec;
#else
    const auto &ma = a.st_mtim, &mb = b.st_mtim;
#endif
    return a.st_size == b.st_size && a.st_ino == b.st_ino && ma.tv_sec == mb.tv_sec && ma.tv_nsec == mb.tv_nsec;
}

// Memory for a file's bytes. Large files get pages populated up front (huge pages where the kernel
// has them): the kernel then copies into memory that is already there instead of taking a page fault
// every 4 KiB, which keeps reading a 100 MB file within a few milliseconds of mapping it.
std::shared_ptr<uint8_t> allocate(size_t size)
{
    constexpr size_t kLarge = size_t(1) << 21;
    if (size >= kLarge) {
        void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            prepareMemory(p, size);
            return {static_cast<uint8_t*>(p), [size](uint8_t* q) { ::munmap(q, size); }};
        }
    }
    return {new uint8_t[size ? size : 1], std::default_delete<uint8_t[]>()};
}

// Reads to the end of a stream of unknown length (standard input, files that report size 0).
std::shared_ptr<const uint8_t> readToEnd(int fd, const std::string& path, size_t& size)
{
    size_t capacity = 1 << 16;
    auto data = std::make_unique_for_overwrite<uint8_t[]>(capacity);
    size = 0;
    for (;;) {
        if (size == capacity) {
            auto bigger = std::make_unique_for_overwrite<uint8_t[]>(capacity * 2);
            std::memcpy(bigger.get(), data.get(), size);
            data = std::move(bigger);
            capacity *= 2;
        }
        const ssize_t n = ::read(fd, data.get() + size, capacity - size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(path, "cannot read", errno);
        }
        if (n == 0)
            return {data.release(), std::default_delete<uint8_t[]>()};
        size += size_t(n);
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
    Descriptor file;
    struct stat before {};

    explicit Open(const std::string& p)
        // O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore the flag.
        : path(p), file(::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY))
    {
        if (file.fd < 0)
            fail(path, "cannot open", errno);
        if (::fstat(file.fd, &before) != 0)
            fail(path, "cannot read", errno);
        if (S_ISDIR(before.st_mode))
            throw std::runtime_error(path + ": is a folder, not a file");
        if (!S_ISREG(before.st_mode))
            throw std::runtime_error(path + ": is " + kindOf(before.st_mode) + ", not a regular file");
    }

    // Exactly n bytes at offset; fewer means the file is shorter than it was when opened.
    void readAt(uint64_t offset, uint8_t* out, size_t n, size_t chunk) const
    {
        const FaultInjection& faults = faultInjection();
        for (size_t done = 0; done < n;) {
            const ssize_t got = ::pread(file.fd, out + done, std::min(chunk, n - done), off_t(offset + done));
            if (got < 0) {
                if (errno == EINTR)
                    continue;
                fail(path, "cannot read", errno);
            }
            if (got == 0)
                changedWhileRead(path);
            done += size_t(got);
            if (faults.afterReadChunk)
                faults.afterReadChunk(path, offset + done);
        }
    }

    // Longer, or rewritten in place (same size, new modification time), since it was opened.
    void checkUnchanged() const
    {
        uint8_t probe;
        ssize_t more;
        do
            more = ::pread(file.fd, &probe, 1, off_t(before.st_size));
        while (more < 0 && errno == EINTR);
        struct stat after {};
        if (more != 0 || ::fstat(file.fd, &after) != 0 || !sameVersion(before, after))
            changedWhileRead(path);
    }
};

FileReader::FileReader(const std::string& path) : open_(std::make_unique<Open>(path)) {}
FileReader::FileReader(FileReader&&) noexcept = default;
FileReader::~FileReader() = default;
const std::string& FileReader::path() const { return open_->path; }
uint64_t FileReader::size() const { return uint64_t(open_->before.st_size); }
void FileReader::checkUnchanged() const { open_->checkUnchanged(); }

void FileReader::readAt(uint64_t offset, uint8_t* out, size_t n)
{
    const size_t chunk = faultInjection().readChunk;
    open_->readAt(offset, out, n, chunk ? chunk : kDefaultReadChunk);
}

FileContents readFile(const std::string& path)
{
    const FileReader::Open file(path);
    size_t size = size_t(file.before.st_size);
    if (size == 0) { // some virtual files report no size: read what there is
        std::shared_ptr<const uint8_t> data = readToEnd(file.file.fd, path, size);
        return {std::move(data), size};
    }
    const std::shared_ptr<uint8_t> data = allocate(size);
    const size_t chunk = faultInjection().readChunk;
    file.readAt(0, data.get(), size, chunk ? chunk : kDefaultReadChunk);
    file.checkUnchanged();
    return {data, size};
}

FileContents readStandardInput()
{
    size_t size = 0;
    std::shared_ptr<const uint8_t> data = readToEnd(STDIN_FILENO, "standard input", size);
    return {std::move(data), size};
}

// ---- Writing ---------------------------------------------------------------------------------------

namespace {

namespace fs = std::filesystem;

// The file a path names after following symlinks (up to the usual 40), which may not exist yet.
std::string followLinks(const std::string& path)
{
    fs::path p(path);
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            return p.string();
        std::error_code ec;
        const fs::path target = fs::read_symlink(p, ec);
        if (ec)
            fail(path, "cannot follow the symbolic link", ec.value());
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    fail(path, "cannot follow the symbolic link", ELOOP);
}

std::string folderOf(const std::string& path)
{
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

// Writes everything, through the test seam.
void writeAll(int fd, std::span<const uint8_t> bytes, const std::string& path, const char* unchanged)
{
    const FaultInjection& faults = faultInjection();
    for (size_t done = 0; done < bytes.size();) {
        size_t want = std::min(bytes.size() - done, kWriteChunk);
        if (faults.beforeWrite) {
            const long long allowed = faults.beforeWrite(want);
            if (allowed < 0) {
                errno = int(-allowed);
                fail(path, std::string("cannot write") + unchanged, errno);
            }
            want = std::min(want, size_t(allowed));
            if (want == 0) { // a write that writes nothing: what write() reports on a full disk
                errno = ENOSPC;
                fail(path, std::string("cannot write") + unchanged, errno);
            }
        }
        const ssize_t n = ::write(fd, bytes.data() + done, want);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(path, std::string("cannot write") + unchanged, errno);
        }
        done += size_t(n);
    }
}

// Everything `produce` makes, piece by piece; returns how many bytes.
uint64_t writeAll(int fd, const ByteProducer& produce, const std::string& path, const char* unchanged)
{
    uint64_t size = 0;
    produce([&](std::span<const uint8_t> piece) {
        writeAll(fd, piece, path, unchanged);
        size += piece.size();
    });
    return size;
}

void flush(int fd, const std::string& path, const char* unchanged)
{
    if (const int injected = faultInjection().syncError)
        fail(path, std::string("cannot flush to disk") + unchanged, injected);
    if (::fsync(fd) != 0)
        fail(path, std::string("cannot flush to disk") + unchanged, errno);
}

// After a rename the new name lives in the folder's entries: flush them too, or a crash right
// after "wrote x" can bring the old file back. Filesystems that cannot flush a folder say EINVAL.
void syncFolder(const std::string& folder, const std::string& path)
{
    const Descriptor dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.fd < 0)
        return; // cannot open it for reading (e.g. write-only folder): nothing more we can do
    if (::fsync(dir.fd) != 0 && errno != EINVAL && errno != ENOTSUP)
        fail(path, "written, but its folder could not be flushed to disk", errno);
}

// A name no other writer picks: the process, a counter, and a random part.
std::string uniqueSuffix()
{
    static std::atomic<unsigned> counter{0};
    static const unsigned salt = std::random_device{}();
    return std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + std::to_string(salt % 100000);
}

// New files get 0644 less the umask (applied by the kernel at creation); a file being replaced keeps
// its permissions.
constexpr mode_t kNewFileMode = 0644;
void keepPermissions(int fd, const struct stat* original)
{
    if (original)
        (void)::fchmod(fd, original->st_mode & 07777);
}

// What to say after a failure: whether something was there before.
const char* unchangedNote(bool existed)
{
    return existed ? " (the original is unchanged)" : "";
}

[[noreturn]] void exists(const std::string& path)
{
    throw FileExistsError(path + ": exists");
}

#ifdef O_TMPFILE
// Linux: an unnamed temporary in the folder, given its name only when complete. Returns false when
// the filesystem or kernel cannot do it (the caller then uses a named temporary).
bool writeUnnamed(const std::string& target, const std::string& path, const ByteProducer& produce,
                  const struct stat* original, Replace replace, uint64_t& size)
{
    if (faultInjection().refuseAnonymousTemporary)
        return false;
    Descriptor tmp(::open(folderOf(target).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, kNewFileMode));
    if (tmp.fd < 0)
        return false;
    const bool existed = original != nullptr;
    const char* unchanged = unchangedNote(existed);
    size = writeAll(tmp.fd, produce, path, unchanged);
    keepPermissions(tmp.fd, original);
    flush(tmp.fd, path, unchanged);
    // linkat through /proc gives the open file a name without special privileges.
    const std::string self = "/proc/self/fd/" + std::to_string(tmp.fd);
    auto linkAs = [&](const std::string& name) {
        return ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0;
    };
    if (!existed || replace == Replace::Never) {
        if (linkAs(target))
            return true;
        if (errno == EEXIST && replace == Replace::Never)
            exists(path);
        if (errno != EEXIST)
            return false; // no /proc, or the filesystem refuses links: the named way
    }
    // Replacing: link under a fresh name, then rename over the target (rename replaces, link does not).
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string named = target + ".tmp-" + uniqueSuffix();
        if (linkAs(named)) {
            if (::rename(named.c_str(), target.c_str()) != 0) {
                const int e = errno;
                ::unlink(named.c_str());
                fail(path, std::string("cannot replace") + unchanged, e);
            }
            return true;
        }
        if (errno != EEXIST)
            return false;
    }
    return false;
}
#endif

// Everywhere else: a named temporary PATH.tmp-..., removed on every failure.
void writeNamed(const std::string& target, const std::string& path, const ByteProducer& produce,
                const struct stat* original, Replace replace, uint64_t& size)
{
    std::string tmp;
    Descriptor file(-1);
    for (int attempt = 0; file.fd < 0; ++attempt) {
        tmp = target + ".tmp-" + uniqueSuffix();
        file.fd = ::open(tmp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, kNewFileMode);
        if (file.fd < 0 && (errno != EEXIST || attempt == 100))
            fail(path, std::string("cannot create a temporary file beside it") + unchangedNote(original), errno);
    }
    const char* unchanged = unchangedNote(original != nullptr);
    try {
        size = writeAll(file.fd, produce, path, unchanged);
        keepPermissions(file.fd, original);
        flush(file.fd, path, unchanged);
        if (::close(file.release()) != 0)
            fail(path, std::string("cannot write") + unchanged, errno);
        if (replace == Replace::Never) {
            // link() fails when the name exists, in the same step that creates it.
            if (::link(tmp.c_str(), target.c_str()) == 0) {
                ::unlink(tmp.c_str());
                return;
            }
            if (errno == EEXIST)
                exists(path);
            struct stat st {};
            if (::lstat(target.c_str(), &st) == 0) // no hard links here: check, then rename
                exists(path);
        }
        if (::rename(tmp.c_str(), target.c_str()) != 0)
            fail(path, std::string("cannot replace") + unchanged, errno);
    } catch (...) {
        ::unlink(tmp.c_str());
        throw;
    }
}

} // namespace

uint64_t writeFileAtomic(const std::string& path, const ByteProducer& produce, Replace replace)
{
    const std::string target = followLinks(path);
    struct stat st {};
    const bool existed = ::stat(target.c_str(), &st) == 0;
    if (existed && replace == Replace::Never)
        exists(path);
    if (existed && !S_ISREG(st.st_mode))
        throw std::runtime_error(path + ": is " + std::string(kindOf(st.st_mode)) + ", not a regular file; not replaced");
    const struct stat* original = existed ? &st : nullptr;
    uint64_t size = 0;
#ifdef O_TMPFILE
    if (!writeUnnamed(target, path, produce, original, replace, size))
#endif
        writeNamed(target, path, produce, original, replace, size);
    syncFolder(folderOf(target), path);
    return size;
}

} // namespace bonescope::platform

#endif // _WIN32
