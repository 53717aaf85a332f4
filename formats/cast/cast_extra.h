#pragma once
// What a Cast file holds beyond the common model, kept so that an unedited file is written back byte
// for byte and an edited one keeps every node Bonescope does not edit.
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/format_extra.h"
#include "formats/cast/cast_tree.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace cast {
// Curve modes, numbered like SEAnim's animation types (kept in BlendModifier::sourceValue).
enum Mode : uint8_t { Absolute = 0, Additive = 1, Relative = 2 };
std::string modeName(uint8_t mode);
// -1 for a string that names no mode.
int modeFromName(const std::string& name);
// What the writer can put in a Cast file that the reader takes back: curve values and transforms
// as 32-bit floats, NUL-terminated strings, every animation and the mesh.
inline WriteLimits writeLimits()
{
    WriteLimits l{"Cast", std::numeric_limits<float>::max(), true};
    l.allAnimations = true;
    l.mesh = true;
    return l;
}
} // namespace cast

// Per animated node: which curves the file had and how, so that an edited animation is written back
// with the same curves, modes and blend weights.
struct CastTrackInfo {
    std::string name;
    // tx ty tz sx sy sz: present in the file, and the value used where a component had no curve.
    std::array<bool, 6> present{};
    std::array<double, 6> fallback{0, 0, 0, 1, 1, 1};
    bool rotation = false, visibility = false;
    uint8_t translationMode = cast::Absolute, rotationMode = cast::Absolute, scaleMode = cast::Absolute;
    float blendWeight = 1.0f; // the curves' additive blend weight (ab)
    bool hasBlendWeight = false;
};

// A curve whose key buffers (kb, kv) the reader did not keep because the animation's keys re-encode
// to exactly those bytes: one curve per component or rotation of the track, frames in order, float
// values, and a frame rate at which frame / fps * fps rounds back to the frame.
struct CastElidedCurve {
    uint32_t child = 0; // the Curve's index among the Animation node's children
    uint32_t track = 0; // the animation's track it was decoded into
    uint8_t slot = 0;   // 0-5: tx ty tz sx sy sz, 6: rq
};

struct CastAnimationExtra : FormatExtra {
    cast::Node node;       // the Animation node as read (unknown curves, overrides, properties)
    std::vector<CastElidedCurve> elided; // curves of `node` left with empty kb and kv
    uint64_t readHash = 0; // cast::fingerprint of the animation as read: unchanged means write `node` as is
    std::string readName;
    double readFps = 0;
    bool readLooping = false;
    std::vector<CastTrackInfo> tracks;

    const CastTrackInfo* track(const std::string& name) const;
    // Each node's track info by name (the first of a name, as track() finds it), for loops over every
    // curve or track: track() in such a loop made them quadratic (18 s for `info` on 100,000 tracks).
    std::unordered_map<std::string_view, const CastTrackInfo*> trackIndex() const;
    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<CastAnimationExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
    void renameTracks(const std::map<std::string, std::string>& to) override; // curve modes, weights, node names
    void dropTracks(const std::set<std::string>& names) override; // and the curves kept for those nodes
};

struct CastFileExtra : FormatExtra {
    // The whole tree; each Animation node is a placeholder (no properties, no children) filled from the
    // scene's animations in order when writing.
    cast::Tree file;
    // Where the scene's skeleton and mesh came from, and their fingerprint as read.
    int modelRoot = -1, modelChild = -1;
    uint64_t skeletonHash = 0;
    std::vector<std::pair<int, uint32_t>> meshRanges; // model child index, vertex count, in mesh order

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<CastFileExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

// The tree as JSON (`dump`): node kinds, hashes, every property with its values (long arrays cut).
void castNodeToJson(const cast::Node& node, nlohmann::json& out);

} // namespace bonescope
