#pragma once
// Reading and writing whole files without Qt, through the platform layer (formats/platform/):
// inputs are read into memory, outputs replace the file atomically.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/byte_source.h"
#include "formats/format.h"
#include "formats/parse_error.h"
#include "formats/platform/file_system.h"

namespace bonescope {

class Format;

// The bytes of a regular file, read into memory (platform::readFile: what is not a regular file is
// refused, a file changed while it is read is an error). Move-only.
class FileBytes {
public:
    static FileBytes open(const std::string& path); // throws std::runtime_error naming the file
    static FileBytes standardInput();

    std::span<const uint8_t> bytes() const { return contents_.bytes(); }

private:
    explicit FileBytes(platform::FileContents c) : contents_(std::move(c)) {}
    platform::FileContents contents_;
};

// An open file as a ByteSource (a PieceReader's, or a reader that looks at parts of a file).
class FileSource : public ByteSource {
public:
    explicit FileSource(platform::FileReader& file) : file_(file) {}
    uint64_t size() const override { return file_.size(); }
    void readAt(uint64_t offset, uint8_t* out, size_t n) override { file_.readAt(offset, out, n); }

private:
    platform::FileReader& file_;
};

// The checked atomic writer (platform::writeFileAtomic): the original is never left half-written, a
// symlink is written through, failures throw std::runtime_error naming the file once.
using platform::FileExistsError;
using platform::Replace;
using platform::writeFileAtomic;

struct LoadedScene {
    Scene scene;
    const Format* format = nullptr;
};

// Detects the format by content (then extension) and reads it. Errors name the file. A format that
// reads in pieces (SEAnim) is read that way, without holding the file's bytes. `watch`, when given,
// is shown every byte of the file once, in order, the last ones included even where the reader does
// not need them: the pieces as a piece-reading format reads them (on the caller's thread), or the
// whole file in one call on another thread while a whole-file format parses it (a content hash of
// the very bytes read, for the window's FileStamp, without holding the file).
LoadedScene loadScene(const std::string& path, const ReadWatcher& watch = {});
// The same for Format::summarize (`info`): the format, and what the file holds.
struct LoadedSummary {
    FileSummary summary;
    const Format* format = nullptr;
};
LoadedSummary summarizeFile(const std::string& path);
// The same for bytes already read from `path`.
LoadedSummary summarizeBytes(std::span<const uint8_t> bytes, const std::string& path);
// The same for bytes already read from `path`.
LoadedScene readScene(std::span<const uint8_t> bytes, const std::string& path);
// The format to read `path` with; throws ParseError naming the file when none fits.
const Format& requireFormat(std::span<const uint8_t> bytes, const std::string& path);

// Runs a reader's step, naming the file in any ParseError it throws (readers see only bytes).
template <class F>
auto namingFile(const std::string& path, F&& step) -> decltype(step())
{
    try {
        return step();
    } catch (ParseError& e) {
        e.withFile(path);
        throw;
    }
}
// `name` made one path component on Windows, macOS and Linux (characters they refuse become '_',
// trailing dots and spaces go, at most 100 bytes): a file named after a clip or a bone.
std::string safeFileName(const std::string& name);

// Which format a path would be read with, or nullptr (message in `why`).
const Format* formatForFile(std::span<const uint8_t> bytes, const std::string& path, std::string* why);

} // namespace bonescope
