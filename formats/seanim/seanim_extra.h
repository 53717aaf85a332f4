#pragma once
// SEAnim header fields and blocks that the common model has no place for, kept for byte-exact saving.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/model/animation.h"
#include "core/model/format_extra.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace seanim {
enum Type : uint8_t { Absolute = 0, Additive = 1, Relative = 2, Delta = 3 };
constexpr uint8_t PresenceLoc = 1, PresenceRot = 2, PresenceScale = 4, PresenceBone = 7;
constexpr uint8_t PresenceNote = 0x40, PresenceCustom = 0x80;
constexpr uint8_t PrecisionHigh = 1;
constexpr uint8_t FlagLooped = 1;
constexpr uint32_t BoneCosmetic = 1;
constexpr uint16_t KnownHeaderSize = 0x1C;
// What the reader takes back: names end at NUL, values are finite floats (or doubles with
// PrecisionHigh).
inline WriteLimits writeLimits(bool highPrecision)
{
    return {"SEAnim", highPrecision ? std::numeric_limits<double>::max() : std::numeric_limits<float>::max(), true};
}

// The blend each type gives (see FORMATS.md: how the Maya and Blender importers apply them).
BlendMode blendForType(uint8_t type);
// The type for a blend; `hint` (the type read from the file) decides between ABSOLUTE and DELTA,
// which blend alike, and is kept when it is no type (a modifier's 7) while the blend is unchanged. Throws WriteError for a blend no type expresses.
uint8_t typeForBlend(const BlendMode& mode, uint8_t hint);
// Narrowest width (1, 2 or 4 bytes) for frame_t / bone_t given frameCount / boneCount.
int widthFor(uint64_t count);
} // namespace seanim

struct SeanimExtra : FormatExtra {
    uint16_t version = 1;
    uint16_t headerSize = seanim::KnownHeaderSize;
    std::vector<uint8_t> headerTail; // bytes past the known header fields (headerSize > 0x1C)
    uint8_t animType = 0;            // as read; decides ABSOLUTE vs DELTA when writing
    uint8_t animFlags = 0;           // bits beyond LOOPED are kept
    uint8_t presence = 0;
    uint8_t property = 0;
    uint8_t reserved1[2] = {0, 0};
    uint8_t reserved2[3] = {0, 0, 0};
    uint32_t frameCount = 0;  // the header field as read
    uint32_t clipFrames = 0;  // max(frameCount, last key or note frame + 1) as read
    uint32_t boneCountField = 0; // the header's boneCount (may be non-zero without a bone block)
    int frameWidth = 1;       // frame_t width used by the file (old writers differ at the edges)
    int boneWidth = 1;        // bone_t width used by the file
    bool hasCustom = false;
    std::vector<uint8_t> custom;   // the custom block's payload
    std::vector<uint8_t> trailing; // bytes after the last block (e.g. a Greyhound "SEBlend" trailer)
    // The last note's name when the file ended it without a NUL; written back so while it is unchanged.
    std::optional<std::string> unterminatedNote;
    // The first bone modifier of a type beyond 0..3 (io_anim_seanim writes 7) and its offset, for the
    // warning; -1 when none. The type itself stays in BlendModifier::sourceValue.
    int oddModifierType = -1;
    uint64_t oddModifierAt = 0;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<SeanimExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

} // namespace bonescope
