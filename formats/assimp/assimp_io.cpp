#include "formats/assimp/assimp_io.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <optional>

#include <assimp/IOSystem.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/scene.h>

#include "formats/confined_file.h"
#include "formats/parse_error.h"

namespace bonescope {


namespace {

class ConfinedIOSystem : public Assimp::IOSystem {
public:
    ConfinedIOSystem(const AssimpSource& s, std::string mainName) : source_(s), mainName_(std::move(mainName)) {}

    std::string problem; // the first reference refused or missing, for the error message

    bool Exists(const char* name) const override
    {
        if (name == mainName_)
            return true;
        return besideFileExists(source_.folder, besideMain(name));
    }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream* Open(const char* name, const char* mode) override
    {
        if (!mode || mode[0] != 'r')
            return nullptr;
        if (name == mainName_)
            return new Assimp::MemoryIOStream(source_.bytes.data(), source_.bytes.size());
        std::string why;
        const std::optional<platform::FileContents> file = readBesideFile(source_.folder, besideMain(name), why);
        if (!file) {
            note(name, why);
            return nullptr;
        }
        const std::span<const uint8_t> bytes = file->bytes();
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
    AssimpSource source_;
    std::string mainName_;
};

// The file's own name when it is a plain name with the extension Assimp is to read it as (Assimp
// picks its reader by the extension), else "bonescope-input.EXT".
std::string mainNameOf(const AssimpSource& source)
{
    const std::string ext = source.extension.empty() ? std::string("bin") : source.extension;
    const std::string& name = source.name;
    const bool plain = referenceRefusal(name).empty() && name.find_first_of("/\\") == std::string::npos;
    if (plain && name.size() > ext.size() + 1 && name[name.size() - ext.size() - 1] == '.') {
        std::string tail = name.substr(name.size() - ext.size());
        std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        if (tail == ext)
            return name.substr(0, name.size() - ext.size()) + ext;
    }
    return "bonescope-input." + ext;
}

} // namespace


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
