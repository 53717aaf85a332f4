#include "formats/file_io.h"

#include <string_view>
#include <algorithm>
#include <future>

#include "formats/byte_source.h"
#include "formats/format.h"
#include "formats/look_alike.h"
#include "formats/platform/process_memory.h"
#include "formats/parse_error.h"
#include "formats/registry.h"

namespace bonescope {

FileBytes FileBytes::open(const std::string& path) { return FileBytes(platform::readFile(path)); }

FileBytes FileBytes::standardInput() { return FileBytes(platform::readStandardInput()); }

const Format* formatForFile(std::span<const uint8_t> bytes, const std::string& path, std::string* why)
{
    const Registry& reg = Registry::instance();
    if (const Format* f = reg.detect(bytes, path))
        return f;
    // No content match: let the extension's reader say what is wrong with the bytes.
    if (const Format* f = reg.byExtension(path))
        return f;
    if (why) {
        if (const auto seen = lookAlike(bytes))
            *why = lookAlikeMessage(*seen, nullptr);
        else
            *why = "this file is in no format Bonescope reads: neither its start nor its extension ('" +
                   extensionOf(path) + "') is one of theirs. Open an animation or model file; the formats are "
                   "listed in the documentation.";
    }
    return nullptr;
}

const Format& requireFormat(std::span<const uint8_t> bytes, const std::string& path)
{
    std::string why;
    const Format* f = formatForFile(bytes, path, &why);
    if (!f)
        throw ParseError(why, ParseError::NoOffset, path);
    return *f;
}

namespace {

// Whether a reader stopped because the file ends before its data does. The readers say it in their
// own words (reader_base.h's counts, the text readers' last line, the .glb header's length); a test
// opens a cut-short .anim, .bvh and .glb and checks the advice below follows, so a rewording shows.
bool endsBeforeItsData(const std::string& reason)
{
    for (const char* said : {"the file ends", "truncated", "larger than the file can hold", "past the end of the file"})
        if (reason.find(said) != std::string::npos)
            return true;
    return false;
}

// Runs a reader's step naming the file; a file that ends before its data gets what to do, as an empty
// file does (a person reads "at byte 1131: count 13 is larger than the file can hold" as a riddle).
template <class F>
auto namingCutShortFile(const std::string& path, F&& step) -> decltype(step())
{
    try {
        return namingFile(path, step);
    } catch (const ParseError& e) {
        if (!endsBeforeItsData(e.reason()))
            throw;
        const bool stop = !e.reason().empty() && e.reason().back() == '.';
        throw ParseError(e.reason() + (stop ? " " : ". ") + "The file seems cut short or damaged: it may not have finished downloading or "
                                      "copying; get the file again",
                         e.offset(), e.file());
    }
}

// Runs `format`'s reading step; when the format was chosen by the file's extension alone and cannot
// read it, a file of another known kind (a cursor named .ani) is said to be that, not a damaged file.
template <class F>
auto readingAs(const Format& format, std::span<const uint8_t> bytes, const std::string& path, F&& step)
{
    try {
        return namingCutShortFile(path, step);
    } catch (const ParseError& e) {
        if (format.detect(bytes))
            throw;
        if (const auto seen = lookAlikeInstead(bytes, &format, e.offset() == 0))
            throw ParseError(lookAlikeMessage(*seen, &format), ParseError::NoOffset, path);
        throw;
    }
}

} // namespace

LoadedScene readScene(std::span<const uint8_t> bytes, const std::string& path)
{
    LoadedScene out;
    out.format = &requireFormat(bytes, path);
    out.scene = readingAs(*out.format, bytes, path, [&] { return out.format->readFrom(bytes, path); });
    out.scene.format = out.format->id();
    return out;
}

namespace {

// The format to read `file` in pieces with, decided on its first bytes; nullptr when its format
// (if any) reads whole files.
const Format* pieceFormat(platform::FileReader& file)
{
    constexpr uint64_t kHead = 4096;
    std::vector<uint8_t> head(size_t(std::min(file.size(), kHead)));
    file.readAt(0, head.data(), head.size());
    const Format* f = Registry::instance().detect(head, file.path());
    return f && f->readsInPieces() ? f : nullptr;
}

// Runs `inPieces(format, source)` when the file's format reads in pieces, else `whole(bytes)`.
template <class InPieces, class Whole>
auto readEitherWay(const std::string& path, InPieces inPieces, Whole whole)
{
    {
        platform::FileReader file(path);
        if (const Format* f = pieceFormat(file)) {
            FileSource source(file);
            auto out = namingCutShortFile(path, [&] { return inPieces(*f, source); });
            file.checkUnchanged();
            return out;
        }
    }
    const FileBytes file = FileBytes::open(path);
    return whole(file.bytes());
}

// About what a file's model holds in memory: 1.2-1.4 times the file for SEAnim and Cast.
size_t modelSizeFor(uint64_t fileSize) { return size_t(fileSize + fileSize / 2); }

} // namespace

LoadedScene loadScene(const std::string& path, const ReadWatcher& watch)
{
    return readEitherWay(
        path,
        [&](const Format& f, ByteSource& file) {
            const platform::LargeHeapUse heap(modelSizeFor(file.size()));
            WatchedSource watched(file, watch);
            ByteSource& source = watch ? static_cast<ByteSource&>(watched) : file;
            LoadedScene out{f.readPieces(source), &f};
            out.scene.format = f.id();
            if (watch)
                watched.finish();
            return out;
        },
        [&](std::span<const uint8_t> bytes) {
            const platform::LargeHeapUse heap(modelSizeFor(bytes.size()));
            // Waited for by its destructor, before the bytes go, if the parse throws.
            std::future<void> shown;
            if (watch)
                shown = std::async(std::launch::async, [&] { watch(bytes); });
            LoadedScene out = readScene(bytes, path);
            if (shown.valid())
                shown.get();
            return out;
        });
}

LoadedSummary summarizeFile(const std::string& path)
{
    return readEitherWay(
        path, [](const Format& f, ByteSource& source) { return LoadedSummary{f.summarizePieces(source), &f}; },
        [&](std::span<const uint8_t> bytes) { return summarizeBytes(bytes, path); });
}

LoadedSummary summarizeBytes(std::span<const uint8_t> bytes, const std::string& path)
{
    const Format& f = requireFormat(bytes, path);
    return {readingAs(f, bytes, path, [&] { return f.summarizeFrom(bytes, path); }), &f};
}

std::string safeFileName(const std::string& name)
{
    std::string s;
    for (unsigned char c : name)
        s += (c < 0x20 || std::string_view("/\\:*?\"<>|").find(char(c)) != std::string_view::npos) ? '_' : char(c);
    while (!s.empty() && (s.back() == '.' || s.back() == ' '))
        s.pop_back();
    return s.substr(0, 100);
}

} // namespace bonescope
