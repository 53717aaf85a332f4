#include "formats/assimp/assimp_absent.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "formats/assimp/assimp_import.h"
#include "formats/parse_error.h"

namespace bonescope {

const char* const kWithoutAssimp = "built without Assimp: FBX/COLLADA are not available";

namespace {

class AssimpAbsentFormat : public Format {
public:
    std::string id() const override { return "assimp"; }
    std::string displayName() const override { return "FBX / COLLADA (not in this build: no Assimp)"; }
    std::vector<std::string> extensions() const override { return {"glb", "gltf", "fbx", "dae"}; }
    // glTF is Bonescope's own (formats/gltf, registered before this): these extensions stay so that
    // `--format assimp` is still a known name. Claims read and write so that opening one reaches
    // read()/write(), which say why they cannot, instead of a generic "read-only".
    Capabilities capabilities() const override { return {}; }
    // Binary FBX by its magic, COLLADA by its root element (glTF is read by formats/gltf).
    bool detect(std::span<const uint8_t> head) const override
    {
        const std::string_view t(reinterpret_cast<const char*>(head.data()), std::min<size_t>(head.size(), 4096));
        return t.starts_with("Kaydara FBX Binary") || t.find("<COLLADA") != t.npos;
    }
    Scene read(std::span<const uint8_t>) const override { throw ParseError(kWithoutAssimp, ParseError::NoOffset); }
    std::vector<uint8_t> write(const Scene&) const override { throw WriteError(kWithoutAssimp); }
};

} // namespace

std::unique_ptr<Format> assimpAbsentFormat() { return std::make_unique<AssimpAbsentFormat>(); }

Scene importWithAssimp(const std::string& path) { throw std::runtime_error(path + ": " + kWithoutAssimp); }

Scene readDocumentWithAssimp(std::span<const uint8_t>, const std::string&, const std::string&, const std::string&,
                             const std::string& formatName)
{
    throw ParseError("built without Assimp: " + formatName + " files are read through Assimp and are not available",
                     ParseError::NoOffset);
}

} // namespace bonescope
