#pragma once
// The editable animation: per-bone tracks of keys at the file's own times, notes, and the format's
// extra data, enough to write an unedited file back byte for byte.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/key_convention.h"
#include "core/model/format_extra.h"
#include "core/model/key.h"

namespace bonescope {

// How a track's keys combine with the bone's rest pose.
enum class TranslationBlend : uint8_t { Replace, AddToRest };   // key | rest + key
enum class RotationBlend : uint8_t { Replace, AfterRest };      // key | key * rest

struct BlendMode {
    TranslationBlend translation = TranslationBlend::Replace;
    RotationBlend rotation = RotationBlend::Replace;
    bool operator==(const BlendMode&) const = default;
};

// Overrides the animation's blend mode for a bone and its descendants (nearest ancestor wins).
struct BlendModifier {
    // How far a modifier reaches: SEAnim's apply to their bone and to the bones below it that have
    // none of their own; a Cast curve's mode to its own bone only; a Cast mode override to its bone
    // and every bone below it, over their own modes, for the channels it names.
    enum class Reach : uint8_t { Below, Own, Override };
    int track = -1;
    BlendMode mode;
    uint8_t sourceValue = 0; // the format's own code for the mode, kept for re-saving
    Reach reach = Reach::Below;
    bool translation = true, rotation = true; // the channels an Override sets
};

struct Track {
    std::string name; // the bone it animates
    Vec3Channel translation;
    QuatChannel rotation;
    Vec3Channel scale;
    ScalarChannel visibility; // 1 visible, 0 hidden
    uint32_t flags = 0;       // the format's own bone flags (SEAnim: 1 = cosmetic)
    // The skeleton bone it animates by index, where the file targets nodes, not names (glTF): binds
    // to that bone when the skeleton has it under the track's name, before any pairing by name, so
    // that two nodes sharing a name are kept apart. -1: by name only.
    int bone = -1;

    size_t keyCount() const
    {
        return translation.size() + rotation.size() + scale.size() + visibility.size();
    }
};

struct Note {
    double time = 0; // seconds
    std::string name;
};

struct LoopRange {
    double in = 0;  // seconds
    double out = 0; // seconds
};

struct Animation {
    std::string name;
    double fps = 30;      // display / frame rate; key times stay in seconds
    bool fpsFromKeys = false; // the file has no frame rate (glTF): fps is derived from the key spacing
    double duration = 0;  // seconds
    bool looping = false;
    std::optional<LoopRange> loopRange; // a sub-range that loops (Second Life)
    BlendMode blend;
    KeyConvention keyConvention; // from the keys' convention to the viewer's, applied by the sampler
    std::vector<BlendModifier> modifiers;
    std::vector<Track> tracks;
    std::vector<Note> notes;
    ExtraPtr extra; // the format's own animation-level data

    // A copy without the tracks' keys: every field, and each track's name, flags and channel rules
    // (what binding and keying read); `keep` tracks are copied whole. For edits of a few tracks of
    // a big animation. A field added here must be copied there too.
    Animation withKeysOf(const std::vector<int>& keep) const;

    int findTrack(std::string_view boneName) const;
    size_t keyCount() const;
    // Number of frames at `fps` that cover the duration (last frame included).
    long long frameCount() const;
};

} // namespace bonescope
