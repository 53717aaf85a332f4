#pragma once
// Reading and writing whole files without Qt: a read-only memory map for input, and an atomic
// replace (temporary file in the same folder, then rename) for output.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/scene.h"
#include "formats/parse_error.h"

namespace bonescope {

class Format;

// The bytes of a file, memory-mapped (or read, for pipes and empty files). Move-only.
class FileBytes {
public:
    static FileBytes open(const std::string& path); // throws std::runtime_error naming the file
    FileBytes(FileBytes&&) noexcept;
    FileBytes& operator=(FileBytes&&) noexcept;
    FileBytes(const FileBytes&) = delete;
    ~FileBytes();

    std::span<const uint8_t> bytes() const { return {data_, size_}; }

private:
    FileBytes() = default;
    const uint8_t* data_ = nullptr;
    size_t size_ = 0;
    bool mapped_ = false;
    std::vector<uint8_t> copy_;
};

// Writes to PATH.tmp-XXXX next to the target, flushes, then renames over it: the original is never
// left half-written. Throws std::runtime_error naming the file and the reason.
void writeFileAtomic(const std::string& path, std::span<const uint8_t> bytes);

struct LoadedScene {
    Scene scene;
    const Format* format = nullptr;
};

// Detects the format by content (then extension) and reads it. Errors name the file.
LoadedScene loadScene(const std::string& path);
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
// Which format a path would be read with, or nullptr (message in `why`).
const Format* formatForFile(std::span<const uint8_t> bytes, const std::string& path, std::string* why);

} // namespace bonescope
