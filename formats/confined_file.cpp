#include "formats/confined_file.h"

#include <filesystem>

#include "formats/platform/utf8_path.h"

namespace bonescope {

namespace fs = std::filesystem;

namespace {

std::string utf8(const fs::path& p) { return platform::utf8String(p); }

// The file a reference names inside the folder, or nothing (reason in `why`).
std::optional<fs::path> resolve(const std::string& folder, const std::string& name, std::string& why)
{
    why = referenceRefusal(name);
    if (!why.empty())
        return std::nullopt;
    if (folder.empty()) {
        why = "this file was not opened from a folder, so it cannot name other files";
        return std::nullopt;
    }
    // Each step must be a real folder or file, not a link that leads elsewhere.
    fs::path at = platform::utf8Path(folder);
    const fs::path rel = platform::utf8Path(name);
    std::error_code ec;
    for (auto it = rel.begin(); it != rel.end(); ++it) {
        if (it->empty() || *it == ".")
            continue;
        at /= *it;
        const fs::file_status st = fs::symlink_status(at, ec);
        const bool last = std::next(it) == rel.end();
        if (ec || !fs::exists(st)) {
            why = "it is missing (looked for " + utf8(at) + ")";
            return std::nullopt;
        }
        if (last ? !fs::is_regular_file(st) : !fs::is_directory(st)) {
            why = fs::is_symlink(st) ? "symbolic links are not followed" : "it is not a regular file";
            return std::nullopt;
        }
    }
    return at;
}

} // namespace

std::string referenceRefusal(const std::string& uri)
{
    if (uri.empty())
        return "an empty file name";
    if (uri.find(':') != std::string::npos)
        return "URLs and drive letters are not followed";
    if (uri[0] == '/' || uri[0] == '\\')
        return "absolute paths are not followed";
    size_t start = 0;
    while (start <= uri.size()) {
        const size_t end = std::min(uri.find_first_of("/\\", start), uri.size());
        if (uri.compare(start, end - start, "..") == 0)
            return "'..' is not followed: only files in the file's own folder are read";
        start = end + 1;
    }
    return "";
}

std::optional<platform::FileContents> readBesideFile(const std::string& folder, const std::string& name, std::string& why)
{
    const std::optional<fs::path> path = resolve(folder, name, why);
    if (!path)
        return std::nullopt;
    // The platform layer's reader: regular files only, never blocking, changes while read noticed.
    try {
        return platform::readFile(utf8(*path));
    } catch (const std::exception& e) {
        why = std::string("cannot be read (") + e.what() + ")";
        return std::nullopt;
    }
}

bool besideFileExists(const std::string& folder, const std::string& name)
{
    std::string why;
    return resolve(folder, name, why).has_value();
}

std::string folderOf(const std::string& path)
{
    const fs::path parent = platform::utf8Path(path).parent_path();
    return utf8(parent.empty() ? fs::path(".") : parent);
}

std::string fileNameOf(const std::string& path)
{
    return utf8(platform::utf8Path(path).filename());
}

} // namespace bonescope
