#pragma once
// Edits on keys, the building blocks of the editor's undo commands. Every function keeps each
// channel sorted by time, so the sampler's search stays valid.
#include <optional>
#include <vector>

#include "core/model/animation.h"
#include "core/playback/binding.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope {

enum class ChannelKind : uint8_t { Translation, Rotation, Scale, Visibility };

struct KeyRef {
    int track = -1;
    ChannelKind channel = ChannelKind::Translation;
    int index = -1;
    auto operator<=>(const KeyRef&) const = default;
};

// The track of each key, in order (repeats kept).
std::vector<int> tracksOf(const std::vector<KeyRef>& keys);

// A key's value whatever its channel: translation/scale use xyz, rotation xyzw, visibility x.
struct AnyKeyValue {
    double time = 0;
    glm::dvec4 value{0, 0, 0, 1};
    uint32_t flags = 0;
};

size_t channelSize(const Track& t, ChannelKind c);
double keyTime(const Animation& a, const KeyRef& k);
std::optional<AnyKeyValue> readKey(const Animation& a, const KeyRef& k);

// Sets a key's value (time unchanged). Clears its raw encoding so the writer re-encodes it.
void setKeyValue(Animation& a, const KeyRef& k, const glm::dvec4& value);

// Sets a key's own flag bits (e.g. LEGO Island's per-key flags), leaving its value and time.
void setKeyFlags(Animation& a, const KeyRef& k, uint32_t flags);

// Inserts a key at `time`, replacing one already there (same time within a thousandth of a frame at
// the animation's fps, or 1e-9 s), whose time it keeps. Returns its index.
int insertKey(Animation& a, int track, ChannelKind c, double time, const glm::dvec4& value, uint32_t flags = 0);

// Deletes the given keys (any order, duplicates ignored).
void deleteKeys(Animation& a, std::vector<KeyRef> keys);

// Moves keys by `dt` seconds, optionally snapping the result to frames of `snapFps` (0: no snap),
// clamping at 0, and re-sorting each channel. Keys moved onto another key's time replace it.
// Returns the new references of the moved keys, in the order given.
std::vector<KeyRef> moveKeys(Animation& a, const std::vector<KeyRef>& keys, double dt, double snapFps = 0);

// Copied keys, relative to the earliest copied time, for pasting at another time.
struct KeyClipboard {
    struct Item {
        std::string trackName;
        ChannelKind channel;
        AnyKeyValue key; // time relative to the earliest copied key
    };
    std::vector<Item> items;
};
KeyClipboard copyKeys(const Animation& a, const std::vector<KeyRef>& keys);
// Pastes at `time`; tracks are found by name (missing tracks are created). Returns the pasted keys.
std::vector<KeyRef> pasteKeys(Animation& a, const KeyClipboard& clip, double time);

// The key values that make a bone take the local transform `local`: the inverse of what the sampler
// does with a key (the key convention, then the blend with the rest pose). Replace: key = pose;
// AddToRest: key = pose - rest; AfterRest: key = pose * rest^-1.
struct PoseKeyValues {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 scale{1.0};
};
PoseKeyValues keyValuesForPose(const Bone& bone, BlendMode mode, const KeyConvention& convention,
                               const LocalTransform& local);

// Which channels keyPose() sets.
namespace posechannel {
constexpr unsigned Translation = 1, Rotation = 2, Scale = 4;
constexpr unsigned Existing = 0x100; // only channels the track already has (rotation and translation when none)
} // namespace posechannel

// Keys skeleton bone `bone` at `time` so that it takes `local` (from Sampler::sampleLocal or a posing
// tool), creating its track when it has none. A new key copies the flag bits of the key before it
// (or after it), so that per-key rules (LEGO's active bit) keep applying; on a channel with no key it
// gets keyflag::Active when the channel reads flags. Returns the keys set.
std::vector<KeyRef> keyPose(Animation& a, const Skeleton& skeleton, const Binding& binding, int bone, double time,
                            const LocalTransform& local, unsigned channels = posechannel::Existing);

} // namespace bonescope
