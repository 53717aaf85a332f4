#pragma once
// LEGO Island .ani data the common model has no place for: the header, the actor list, the camera
// animation and trailing bytes. Node names, parents and keys live in the Scene itself.
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/model/format_extra.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace lego {
constexpr int32_t Magic = 0x11;
constexpr uint32_t MaxKeyTimeMs = 0xFFFFFF; // key time: low 24 bits, flags: high 8 bits
// The file has no frame rate (times are in milliseconds); the window steps at this one.
constexpr uint32_t StepFps = 30;
// The reader refuses non-finite floats (names are length-prefixed, the tree is read without
// recursion): every value must fit a finite 32-bit float.
inline WriteLimits writeLimits() { return {"LEGO Island"}; }

struct Actor {
    std::string name;
    uint32_t type = 0;   // any value (1 occurs in real files though the .ksy lacks it)
    bool hasType = true; // an empty name is stored without a type field
};

// The game's playback rules for each kind of channel (see FORMATS.md and docs/formats/lego.md).
ChannelRules translationRules();
ChannelRules rotationRules();
ChannelRules scaleRules();
ChannelRules visibilityRules();
ChannelRules cameraRollRules();

// The engine is left-handed with row vectors: the viewer negates x of positions and uses the
// quaternion (w, -x, y, z). The model keeps the file's values; this is applied by the sampler.
KeyConvention keyConvention();
} // namespace lego

struct LegoExtra : FormatExtra {
    float boundingRadius = 0;
    float center[3] = {0, 0, 0};
    int32_t cameraFlag = 0; // non-zero: a camera animation follows the duration (value kept)
    int32_t unused = 0;     // read by the game, never used
    std::vector<lego::Actor> actors;
    int32_t durationMs = 0; // as stored; Animation::duration is this in seconds
    // The camera animation (present when cameraFlag != 0), file's own values and rules.
    Vec3Channel cameraPosition;
    Vec3Channel cameraTarget;
    ScalarChannel cameraRoll; // radians about the view axis
    std::vector<uint8_t> trailing; // bytes after the node tree (e.g. an SI chunk's padding)

    bool hasCamera() const { return cameraFlag != 0; }

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<LegoExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
};

} // namespace bonescope
