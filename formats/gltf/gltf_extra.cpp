#include "formats/gltf/gltf_extra.h"

#include <nlohmann/json.hpp>

#include "core/model/content_hash.h"

namespace bonescope::gltf {

void GltfExtra::toJson(nlohmann::json& out) const
{
    out["binary"] = binary;
    if (!generator.empty())
        out["generator"] = generator;
    if (!warnings.empty())
        out["warnings"] = warnings;
}

uint64_t sceneFingerprint(const Scene& scene)
{
    uint64_t h = contentHash(scene.skeleton, Animation{});
    auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ull + (h >> 29); };
    for (const Animation& a : scene.animations)
        mix(contentHash(scene.skeleton, a));
    mix(scene.animations.size());
    mix(scene.mesh.positions.size());
    mix(scene.mesh.indices.size());
    return h;
}

} // namespace bonescope::gltf
