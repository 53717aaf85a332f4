#pragma once
// SEModel data beyond the common skeleton and mesh: header fields, per-mesh layer counts and
// material references, the materials' texture paths (shown by `info` and `dump`).
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/format_extra.h"

namespace bonescope {

struct SemodelMaterial {
    std::string name;
    bool simple = true;
    std::string diffuse, normal, specular;
};

struct SemodelMeshInfo {
    uint8_t flags = 0;
    uint32_t vertices = 0, faces = 0;
    uint8_t uvLayers = 0, maxInfluence = 0;
    std::vector<int32_t> materials; // one per UV layer, -1 for none
};

struct SemodelExtra : FormatExtra {
    uint16_t headerSize = 0x14;
    uint8_t presence = 0, bonePresence = 0, meshPresence = 0;
    std::vector<SemodelMeshInfo> meshes;
    std::vector<SemodelMaterial> materials;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<SemodelExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

} // namespace bonescope
