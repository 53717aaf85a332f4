#pragma once
// BVH (Biovision Hierarchy) motion capture text: a joint hierarchy with offsets and per-joint channel
// lists, then one line of channel values per frame.
#include <limits>

#include "formats/format.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace bvh {
// The reader refuses a hierarchy deeper than this (joints and End Sites open at once); the writer
// refuses to write one, so a written file always reads back. Numbers are text: any finite double.
constexpr int MaxDepth = 256;
inline WriteLimits writeLimits() { return {"BVH", std::numeric_limits<double>::max(), false, MaxDepth}; }
} // namespace bvh

class BvhFormat : public Format {
public:
    std::string id() const override { return "bvh"; }
    std::string displayName() const override { return "BVH"; }
    std::vector<std::string> extensions() const override { return {"bvh"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    // Bakes the current animation on the scene's skeleton (or one bone per track) at its frame rate.
    std::vector<uint8_t> write(const Scene& scene) const override;
    // Reports rest rotations and scales, which BVH cannot hold (its rest pose is offsets only).
    void fromCommon(Scene& scene, Report& report) const override;
    // Both warn about lines beyond what Frames: declares (kept as trailing data, written back).
    std::vector<Finding> validate(const Scene& scene, const std::string& target) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
};

} // namespace bonescope
