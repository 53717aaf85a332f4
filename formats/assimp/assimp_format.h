#pragma once
// glTF 2.0, FBX and COLLADA through Assimp: read as documents (skeleton from the node hierarchy, the
// skinned mesh, every animation with its keys at their own times), written as binary glTF (.glb)
// through Assimp's "glb2" exporter. BVH is read by formats/bvh, never here.
#include "formats/format.h"

namespace bonescope {

class AssimpFormat : public Format {
public:
    std::string id() const override { return "assimp"; }
    std::string displayName() const override { return "glTF / FBX / COLLADA (Assimp)"; }
    // Writing always produces binary glTF: "glb" first, so --to assimp names outputs .glb.
    std::vector<std::string> extensions() const override { return {"glb", "gltf", "fbx", "dae"}; }
    Capabilities capabilities() const override;
    // glTF JSON (an "asset" object), GLB ("glTF" magic), FBX (binary "Kaydara FBX Binary", or ASCII
    // with its "FBXHeaderExtension:" block near the start), COLLADA ("<COLLADA" near the start).
    bool detect(std::span<const uint8_t> head) const override;
    // From memory a .gltf may name no other file; readFrom a path opens its external buffers (plain
    // relative files in its own folder, nothing else: see assimp_io.h).
    Scene read(std::span<const uint8_t> bytes) const override;
    Scene readFrom(std::span<const uint8_t> bytes, const std::string& path) const override;
    FileSummary summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    // Assimp names animation targets by node name: repeated bone names (LEGO's subtrees) become
    // unique ("NAME.2", ...), empty ones and Assimp's own ("Scene", "material_0") are renamed, tracks
    // renamed with their bones; tracks that animate no bone are left out. The report says so.
    void fromCommon(Scene& scene, Report& report) const override;
};

// Assimp's hint for bytes detect() accepts ("glb", "gltf", "fbx", "dae"), or "" for others.
std::string assimpFormatHint(std::span<const uint8_t> bytes);

// The message for a failed .glb export: what was being written, that Assimp's exporter failed, and
// its reason (or that it gave none).
std::string assimpExportFailure(const std::string& reason, const Scene& scene);

} // namespace bonescope
