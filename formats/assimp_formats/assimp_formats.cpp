#include "formats/assimp_formats/assimp_formats.h"

#include "formats/assimp/assimp_import.h"
#include "formats/assimp_formats/model_signatures.h"
#include "formats/confined_file.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace {

struct Family {
    const char* id;
    const char* name;
    std::vector<std::string> extensions;
    std::string (*hint)(std::span<const uint8_t>);
    bool mesh;               // files of it carry a mesh
    bool multipleAnimations; // a file may hold several animations
    // The files it names beside it are read from its folder: an MD5 mesh's .md5anim of the same
    // name, an Ogre mesh's skeleton and materials, a Half-Life model's textures and sequence files.
    bool filesBeside;
};

const std::vector<Family>& families()
{
    static const std::vector<Family> all = {
        {"md5", "id Tech 4 MD5 (Assimp)", {"md5mesh", "md5anim"}, signatures::md5, true, false, true},
        {"iqm", "Inter-Quake Model (Assimp)", {"iqm"}, signatures::iqm, true, false, false},
        {"x", "DirectX .x (Assimp)", {"x"}, signatures::directX, true, true, false},
        {"ms3d", "MilkShape 3D (Assimp)", {"ms3d"}, signatures::milkshape, true, false, false},
        {"b3d", "Blitz3D (Assimp)", {"b3d"}, signatures::blitz3d, true, false, false},
        {"pmx", "MikuMikuDance PMX (Assimp)", {"pmx"}, signatures::pmx, true, false, false},
        {"ogre", "Ogre 3D mesh (Assimp)", {"mesh", "mesh.xml"}, signatures::ogre, true, true, true},
        {"hl1mdl", "Half-Life (GoldSrc) MDL (Assimp)", {"mdl"}, signatures::halfLife, true, true, true},
        {"csm", "CharacterStudio motion capture (Assimp)", {"csm"}, signatures::csm, false, false, false},
    };
    return all;
}

class AssimpReadFormat : public Format {
public:
    explicit AssimpReadFormat(const Family& f) : family_(f) {}

    std::string id() const override { return family_.id; }
    std::string displayName() const override { return family_.name; }
    std::vector<std::string> extensions() const override { return family_.extensions; }
    Capabilities capabilities() const override
    {
        Capabilities c;
        c.write = false;
        c.embeddedSkeleton = true;
        c.mesh = family_.mesh;
        c.multipleAnimations = family_.multipleAnimations;
        return c;
    }
    bool detect(std::span<const uint8_t> head) const override { return !family_.hint(head).empty(); }
    Scene read(std::span<const uint8_t> bytes) const override { return readFrom(bytes, ""); }
    Scene readFrom(std::span<const uint8_t> bytes, const std::string& path) const override
    {
        const std::string hint = family_.hint(bytes);
        if (hint.empty())
            throw ParseError(std::string("not a ") + family_.name + " file", 0);
        const std::string folder = family_.filesBeside && !path.empty() ? folderOf(path) : "";
        Scene scene = readDocumentWithAssimp(bytes, hint, folder, path, family_.name);
        scene.format = family_.id;
        return scene;
    }
    FileSummary summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const override
    {
        return summarizeScene(readFrom(bytes, path));
    }
    std::vector<uint8_t> write(const Scene&) const override
    {
        throw WriteError(std::string(family_.name) + " is read only: convert to another format");
    }

private:
    const Family& family_;
};

} // namespace

std::vector<std::unique_ptr<Format>> assimpReadFormats()
{
    std::vector<std::unique_ptr<Format>> out;
    for (const Family& f : families())
        out.push_back(std::make_unique<AssimpReadFormat>(f));
    return out;
}

} // namespace bonescope
