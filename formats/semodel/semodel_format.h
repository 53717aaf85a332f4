#pragma once
// SEModel v1 (game tools' model interchange, read only): bones with global and local transforms,
// meshes with UV layers, normals, colours and weights of any influence count, materials with their
// texture paths. A skeleton mesh to play SEAnim and Cast animations on.
#include "formats/format.h"

namespace bonescope {

class SemodelFormat : public Format {
public:
    std::string id() const override { return "semodel"; }
    std::string displayName() const override { return "SEModel v1"; }
    std::vector<std::string> extensions() const override { return {"semodel"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    std::vector<uint8_t> write(const Scene& scene) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
};

// The bones alone, from the file's first bytes (they come before the meshes): throws ParseError when
// `head` ends before the bones do, as on any fault.
Skeleton readSemodelSkeleton(std::span<const uint8_t> head);

} // namespace bonescope
