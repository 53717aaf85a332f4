#pragma once
// Cast (github dtzxporter/cast): the node tree game-asset exporters write, with models (skeleton,
// meshes, materials, IK handles, constraints, blend shapes) and several animations per file (curves
// per bone property with absolute / relative / additive modes, notification tracks).
#include "formats/format.h"

namespace bonescope {

class CastFormat : public Format {
public:
    std::string id() const override { return "cast"; }
    std::string displayName() const override { return "Cast"; }
    std::vector<std::string> extensions() const override { return {"cast"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    void writeTo(const Scene& scene, const ByteSink& out) const override; // a node at a time
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
    // Read a node at a time (cast_partial.h); read() and summarize() read their bytes that way too.
    bool readsInPieces() const override { return true; }
    Scene readPieces(ByteSource& source) const override;
    FileSummary summarizePieces(ByteSource& source) const override;
    std::vector<std::string> ownFields(const Scene& scene) const override;
};

} // namespace bonescope
