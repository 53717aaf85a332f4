#include "formats/assimp/assimp_io.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <optional>

#include <assimp/IOSystem.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/scene.h>

#include "formats/parse_error.h"
#include "formats/platform/file_system.h"
#include "formats/platform/utf8_path.h"

namespace bonescope {

namespace fs = std::filesystem;

namespace {

using platform::utf8Path;
std::string utf8(const fs::path& p) { return platform::utf8String(p); }

// Why a reference may not be opened, or "" when it may (a relative path of plain names).
std::string refusal(const std::string& uri)
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

class ConfinedIOSystem : public Assimp::IOSystem {
public:
    ConfinedIOSystem(const AssimpSource& s, std::string mainName) : source_(s), mainName_(std::move(mainName)) {}

    std::string problem; // the first reference refused or missing, for the error message

    bool Exists(const char* name) const override
    {
        if (name == mainName_)
            return true;
        std::string why;
        return resolve(besideMain(name), why).has_value();
    }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream* Open(const char* name, const char* mode) override
    {
        if (!mode || mode[0] != 'r')
            return nullptr;
        if (name == mainName_)
            return new Assimp::MemoryIOStream(source_.bytes.data(), source_.bytes.size());
        std::string why;
        const std::optional<fs::path> path = resolve(besideMain(name), why);
        if (!path) {
            note(name, why);
            return nullptr;
        }
        // The platform layer's reader: regular files only, never blocking, changes while read noticed.
        platform::FileContents file;
        try {
            file = platform::readFile(utf8(*path));
        } catch (const std::exception& e) {
            note(name, std::string("cannot be read (") + e.what() + ")");
            return nullptr;
        }
        const std::span<const uint8_t> bytes = file.bytes();
        auto* data = new uint8_t[bytes.size() + 1];
        std::copy(bytes.begin(), bytes.end(), data);
        return new Assimp::MemoryIOStream(data, bytes.size(), true);
    }
    void Close(Assimp::IOStream* stream) override { delete stream; }

private:
    // Assimp's Half-Life MDL reader names the files beside the main one as "<main's folder>/NAME";
    // the main file has no folder, so they come as "/NAME" or, where Assimp takes the main name for
    // its folder, "MAIN/NAME": a name in the file's own folder.
    std::string besideMain(const std::string& name) const
    {
        for (const std::string& prefix : {std::string("/"), mainName_ + "/"})
            if (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
                name.find_first_of("/\\", prefix.size()) == std::string::npos)
                return name.substr(prefix.size());
        return name;
    }
    void note(const std::string& name, const std::string& why)
    {
        if (problem.empty())
            problem = "the file names \"" + name + "\", which Bonescope does not open: " + why;
    }
    // The file a reference names inside the folder, or nothing (reason in `why`).
    std::optional<fs::path> resolve(const std::string& name, std::string& why) const
    {
        why = refusal(name);
        if (!why.empty())
            return std::nullopt;
        if (source_.folder.empty()) {
            why = "this file was not opened from a folder, so it cannot name other files";
            return std::nullopt;
        }
        // Each step must be a real folder or file, not a link that leads elsewhere.
        fs::path at = utf8Path(source_.folder);
        const fs::path rel = utf8Path(name);
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

    AssimpSource source_;
    std::string mainName_;
};

// The file's own name when it is a plain name with the extension Assimp is to read it as (Assimp
// picks its reader by the extension), else "bonescope-input.EXT".
std::string mainNameOf(const AssimpSource& source)
{
    const std::string ext = source.extension.empty() ? std::string("bin") : source.extension;
    const std::string& name = source.name;
    const bool plain = refusal(name).empty() && name.find_first_of("/\\") == std::string::npos;
    if (plain && name.size() > ext.size() + 1 && name[name.size() - ext.size() - 1] == '.') {
        std::string tail = name.substr(name.size() - ext.size());
        std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        if (tail == ext)
            return name.substr(0, name.size() - ext.size()) + ext;
    }
    return "bonescope-input." + ext;
}

} // namespace

std::string folderOf(const std::string& path)
{
    const fs::path parent = utf8Path(path).parent_path();
    return utf8(parent.empty() ? fs::path(".") : parent);
}

const aiScene& readConfined(Assimp::Importer& importer, const AssimpSource& source, unsigned flags)
{
    // The name Assimp knows the file by: no folder, so references reach Open() as written.
    const std::string mainName = mainNameOf(source);
    auto* io = new ConfinedIOSystem(source, mainName);
    importer.SetIOHandler(io); // the importer owns it from here
    const aiScene* scene = importer.ReadFile(mainName, flags);
    if (!scene || !scene->mRootNode) {
        const std::string assimpReason = importer.GetErrorString();
        if (!io->problem.empty())
            throw ParseError(io->problem);
        throw ParseError("Assimp cannot read it: " + (assimpReason.empty() ? std::string("no reason given") : assimpReason));
    }
    return *scene;
}

} // namespace bonescope
