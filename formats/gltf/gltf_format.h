#pragma once
// glTF 2.0 (.gltf JSON with its buffers, and binary .glb) read by Bonescope itself (formats/gltf,
// JSON through nlohmann-json): every node, skins, meshes, animations with STEP, LINEAR and
// CUBICSPLINE kept as the file has them. Channels target nodes by index (Track::bone), so nodes that
// share a name keep their own keys. Written as binary glTF by Bonescope too (gltf_write.h), except
// that an unedited file is written back as its own bytes.
#include "formats/format.h"

namespace bonescope {

class GltfFormat : public Format {
public:
    std::string id() const override { return "gltf"; }
    std::string displayName() const override { return "glTF 2.0"; }
    std::vector<std::string> extensions() const override { return {"glb", "gltf"}; }
    Capabilities capabilities() const override;
    // The "glTF" magic of a .glb, or JSON whose top-level object has an "asset" key.
    bool detect(std::span<const uint8_t> head) const override;
    // From memory a .gltf may name no other file; readFrom a path opens its external buffers (plain
    // relative files in its own folder: formats/confined_file.h).
    Scene read(std::span<const uint8_t> bytes) const override { return readFrom(bytes, ""); }
    Scene readFrom(std::span<const uint8_t> bytes, const std::string& path) const override;
    FileSummary summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const override;
    // An unedited .glb: its own bytes (with the images it names beside itself embedded, unless
    // written where they are found again). Otherwise a .glb made by gltf_write.h.
    std::vector<uint8_t> write(const Scene& scene) const override;
    // Where the file goes decides whether an unedited .glb's own bytes stand there (gltf_standalone.h).
    PlacedWrite placeAt(const Scene& scene, const std::string& path) const override;
    // Reports what the .glb will not hold as it is: renamed bones, tracks that animate no bone, keys
    // whose times meet in float, visibility keys (glbWriteReport).
    void fromCommon(Scene& scene, Report& report) const override;
};

} // namespace bonescope
