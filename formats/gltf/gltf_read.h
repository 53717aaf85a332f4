#pragma once
// glTF 2.0 (JSON and .glb) into the model: every node a bone (bone i is node i, so channels keep
// targeting nodes by index: Track::bone), the meshes of every node merged into one skinned mesh,
// every animation with its keys at their own times and their interpolation (cubic tangents kept).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/model/scene.h"

namespace bonescope::gltf {

struct ReadResult {
    Scene scene;
    std::vector<std::string> warnings; // what was read differently or left out, one sentence each
};

// `folder`: where a .gltf's external buffers are looked for (empty: it may name none).
ReadResult readGltf(std::span<const uint8_t> bytes, const std::string& folder);

} // namespace bonescope::gltf
