#pragma once
// Valve SMD (Studiomdl Data): text with a `nodes` block (the skeleton), a `skeleton` block (one
// `time` block per frame, position and Euler XYZ rotation in radians per node), and in a reference
// file a `triangles` block (the skinned mesh, in the pose of the first frame). The first frame is the
// rest pose. SMD states no axes, units or frame rate: the data are kept as written (shown Z up, the
// Source convention; read at 30 frames per second, studiomdl's default).
#include <limits>
#include <string>
#include <vector>

#include "formats/format.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace smd {
// GoldSrc (Half-Life) vertices name one bone; Source vertices may list weighted links.
enum class Flavour : uint8_t { Source, GoldSrc };
const char* flavourName(Flavour f);
// The frame rate a file is read at: SMD has none, the QC's `fps` decides (studiomdl's default).
constexpr double DefaultFps = 30.0;
inline WriteLimits writeLimits()
{
    WriteLimits l{"SMD", std::numeric_limits<double>::max(), false};
    l.mesh = true;
    return l;
}
} // namespace smd

class SmdFormat : public Format {
public:
    std::string id() const override { return "smd"; }
    std::string displayName() const override { return "Valve SMD"; }
    std::vector<std::string> extensions() const override { return {"smd", "vta"}; }
    Capabilities capabilities() const override;
    bool detect(std::span<const uint8_t> head) const override;
    Scene read(std::span<const uint8_t> bytes) const override;
    // The current animation's frames on the skeleton, and the mesh as triangles. A file read from SMD
    // is written back as it was, with only the lines of changed values rewritten.
    std::vector<uint8_t> write(const Scene& scene) const override;
    // Adds what SMD cannot say: the frame rate, and for GoldSrc vertices with several bones.
    Report conversionLoss(const Scene& scene) const override;
    // The reader's warnings (unusual `time` numbers, nodes missing from the first frame, ...).
    std::vector<Finding> validate(const Scene& scene, const std::string& target) const override;
    FileSummary summarize(std::span<const uint8_t> bytes) const override;
};

// Makes `scene` write as `flavour` (convert --smd-flavour), adding a line to `report` for what the
// flavour gives up (GoldSrc: vertices keep only their strongest bone).
void setSmdFlavour(Scene& scene, smd::Flavour flavour, Report& report);

} // namespace bonescope
