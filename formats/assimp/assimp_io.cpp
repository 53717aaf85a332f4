#include "formats/assimp/assimp_io.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include <assimp/IOSystem.hpp>
#include <assimp/MemoryIOWrapper.h>
#include <assimp/scene.h>

#include "formats/parse_error.h"
#include "formats/confined_file.h"

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
        return besideFileExists(source_.folder, name);
    }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream* Open(const char* name, const char* mode) override
    {
        if (!mode || mode[0] != 'r')
            return nullptr;
        if (name == mainName_)
            return new Assimp::MemoryIOStream(source_.bytes.data(), source_.bytes.size());
        std::string why;
        const std::optional<platform::FileContents> file = readBesideFile(source_.folder, name, why);
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
    void note(const std::string& name, const std::string& why)
    {
        if (problem.empty())
            problem = "the file names \"" + name + "\", which Bonescope does not open: " + why;
    }
    AssimpSource source_;
    std::string mainName_;
};

} // namespace

const aiScene& readConfined(Assimp::Importer& importer, const AssimpSource& source, unsigned flags)
{
    // The name Assimp knows the file by: no folder, so references reach Open() as written.
    const std::string mainName = "bonescope-input." + (source.extension.empty() ? std::string("bin") : source.extension);
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
