#pragma once
// What the glTF reader keeps beside the model: the file's own bytes and a fingerprint of what they
// mean, so that an unedited file is written back byte for byte, and what it read differently.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model/format_extra.h"
#include "core/model/scene.h"

namespace bonescope::gltf {

struct GltfExtra : FormatExtra {
    std::shared_ptr<const std::vector<uint8_t>> source; // the file as read
    uint64_t fingerprint = 0;                            // sceneFingerprint() of the scene as read
    bool binary = false;                                 // a .glb
    std::string path;                                    // where it was read (UTF-8), "" from memory
    std::string generator;                               // asset.generator
    std::vector<std::string> warnings;                   // what was read differently or left out

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<GltfExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

// Everything the writer would write: the skeleton, every animation, the mesh's sizes.
uint64_t sceneFingerprint(const Scene& scene);

} // namespace bonescope::gltf
