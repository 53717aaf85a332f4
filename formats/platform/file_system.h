#pragma once
// The operating system's file calls, in one small layer so that the rest of formats/ and core/ stay
// portable. file_system_posix.cpp implements it for Linux and macOS; a Windows implementation goes
// beside it (file_system_windows.cpp, built on _WIN32). Paths are UTF-8 strings. Every error is a
// std::runtime_error whose message starts with the path, once.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "formats/byte_sink.h"

namespace bonescope::platform {

// A whole file read into memory. Not a memory map: another program truncating the file while a
// reader walks the bytes cannot take them away (a map would die of SIGBUS).
class FileContents {
public:
    FileContents() = default;
    FileContents(std::shared_ptr<const uint8_t> data, size_t size) : data_(std::move(data)), size_(size) {}
    std::span<const uint8_t> bytes() const { return {data_.get(), size_}; }

private:
    std::shared_ptr<const uint8_t> data_; // the layer's own allocation (large files: huge pages)
    size_t size_ = 0;
};

// Reads a regular file. Anything else (a folder, a FIFO, a device such as /dev/zero, a socket) is
// refused without blocking. A file that another program truncates, extends or rewrites while it is
// read fails with "the file changed while it was being read".
FileContents readFile(const std::string& path);
// Reads standard input to its end (a pipe or a redirected file).
FileContents readStandardInput();

// A regular file open for reading a piece at a time, so that a big file can be parsed without
// holding all its bytes. Opening refuses what readFile refuses; a read past what the file now holds,
// or checkUnchanged() after a change since opening (shorter, longer, rewritten), fails as readFile
// does with "the file changed while it was being read".
class FileReader {
public:
    explicit FileReader(const std::string& path);
    FileReader(FileReader&&) noexcept;
    ~FileReader();

    const std::string& path() const;
    uint64_t size() const; // when opened
    // Exactly n bytes at `offset` (offset + n <= size()).
    void readAt(uint64_t offset, uint8_t* out, size_t n);
    void checkUnchanged() const;

    struct Open; // the system's open file, defined in file_system_<system>.cpp (readFile uses it too)

private:
    std::unique_ptr<Open> open_;
};

// Whether writeFileAtomic may replace an existing file.
enum class Replace { Allowed, Never };

// writeFileAtomic hands the system a megabyte at a time: each is copied into the system's file cache
// while it is still in the processor's, and one write() of a 96 MB file took twice as long as 96 of them.
inline constexpr size_t kWriteChunk = size_t(1) << 20;

// Thrown by writeFileAtomic(..., Replace::Never) when the path already exists.
class FileExistsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Makes a file's bytes, handing them to the sink in order (whole or in pieces).
using ByteProducer = std::function<void(const ByteSink&)>;

// Writes what `produce` makes to `path` so that the file is either the old one or the complete new
// one, whatever happens (full disk, kill -9, power loss): each piece goes to a temporary file in the
// same folder as it comes (a big file is never whole in memory), the file is flushed, and the
// temporary takes the name in one step; then the folder is flushed so that the new name survives a
// crash. On Linux the temporary has no name until it is complete (O_TMPFILE), so a killed process
// leaves nothing behind; elsewhere it is PATH.tmp-XXXXXX. An exception from `produce` leaves the
// original and no temporary, as a failed write does; `produce` may be called twice (when the unnamed
// temporary cannot be given its name, the named one starts over). A symlink is written through to
// its target (as editors do); an existing target keeps its permissions. An existing path that is not
// a regular file (a folder, a device) is never replaced. With Replace::Never an existing file is left
// alone and FileExistsError is thrown (checked in the same step that names the file, so two writers
// cannot both win). Returns the file's size.
uint64_t writeFileAtomic(const std::string& path, const ByteProducer& produce, Replace replace = Replace::Allowed);
// The same for bytes already whole.
inline void writeFileAtomic(const std::string& path, std::span<const uint8_t> bytes, Replace replace = Replace::Allowed)
{
    writeFileAtomic(path, [&](const ByteSink& out) { out(bytes); }, replace);
}

// Test seams: faults injected into the calls above, as a full disk or another program would cause
// them. Empty in normal runs; a test sets them, runs, and calls reset().
struct FaultInjection {
    // Called after each chunk read by readFile (and each FileReader::readAt) with the bytes read so far,
    // or the end of that read (e.g. to truncate the file).
    std::function<void(const std::string& path, uint64_t bytesRead)> afterReadChunk;
    size_t readChunk = 0; // bytes per read call; 0 = the default (8 MiB)
    // Called before each write of the temporary file with the bytes about to be written. Returns how
    // many of them may be written (fewer = a short write), or -errno to make the write fail.
    std::function<long long(size_t wanted)> beforeWrite;
    int syncError = 0;                // errno for the file's flush (e.g. EIO), 0 = none
    bool refuseAnonymousTemporary = false; // act as if O_TMPFILE were not supported

    void reset() { *this = FaultInjection{}; }
};
FaultInjection& faultInjection();

} // namespace bonescope::platform
