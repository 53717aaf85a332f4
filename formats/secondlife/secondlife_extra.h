#pragma once
// Second Life .anim fields the common model has no place for, kept for byte-exact saving.
// Duration, loop flag and loop in/out live in Animation (duration, looping, loopRange).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/format_extra.h"
#include "core/model/key.h"
#include "formats/write_limits.h"

namespace bonescope {

namespace secondlife {
constexpr int32_t UseMotionPriority = -1; // joint priority: use the base priority
constexpr int32_t MaxPriority = 6;        // ADDITIVE_PRIORITY (7) and above are clamped to 6
constexpr double MaxDuration = 60.0;      // seconds
constexpr uint32_t MaxJoints = 216;       // LL_CHARACTER_MAX_ANIMATED_JOINTS
constexpr uint32_t MaxHandPose = 13;      // HAND_POSE_SPREAD (0) .. HAND_POSE_PALM_R (13)
constexpr int32_t MaxConstraints = 10;    // more and the viewer ignores all of them
constexpr uint8_t MaxChainLength = 3;     // the solver's arrays hold MAX_CHAIN_LENGTH (4) joints
constexpr size_t ConstraintBytes = 86;
constexpr size_t VolumeNameBytes = 16;
constexpr double MaxOffset = 5.0;         // position keys are quantised over [-5, 5] m
constexpr uint8_t ConstraintPoint = 0, ConstraintPlane = 1;
// Joint names end at NUL; values are quantised (clamped to their ranges), so any finite number fits.
inline WriteLimits writeLimits()
{
    return {"Second Life .anim", std::numeric_limits<double>::max(), true};
}

// How the viewer plays every channel: lerp positions, nlerp rotations (slerp when the dot is
// negative), hold before the first and after the last key.
ChannelRules viewerRules();
// The rules of a joint's position channel: the viewer's, and for mPelvis keys that are offsets from
// its rest position (a key of 0 is the standing pose).
ChannelRules positionRules(std::string_view joint);
// "relaxed", "fist_r", ...; "invalid" beyond MaxHandPose.
const char* handPoseName(uint32_t pose);
// As the viewer's upload floater says it: "Relaxed", "Fist, right hand", ...; null beyond MaxHandPose.
const char* handPoseWords(uint32_t pose);
} // namespace secondlife

struct SecondLifeConstraint {
    uint8_t chainLength = 0;
    uint8_t type = secondlife::ConstraintPoint;
    std::array<uint8_t, secondlife::VolumeNameBytes> sourceVolume{}; // the field's bytes, kept
    float sourceOffset[3] = {0, 0, 0};
    std::array<uint8_t, secondlife::VolumeNameBytes> targetVolume{}; // "GROUND" or a volume
    float targetOffset[3] = {0, 0, 0};
    float targetDir[3] = {0, 0, 0};
    float easeInStart = 0, easeInStop = 0, easeOutStart = 0, easeOutStop = 0;

    // The name up to the first NUL (all 16 bytes when there is none).
    std::string sourceName() const;
    std::string targetName() const;
};

// One joint motion as read: its name and priority (-1 = the base priority).
struct SecondLifeJoint {
    std::string name;
    int32_t priority = secondlife::UseMotionPriority;
};

// One joint's keys' 16-bit codes as read (secondlife::packCodes), so that a key is written back with
// its own codes while they decode to its time and value: several codes decode to the same value (the
// zero snap). Kept here rather than in the keys, which other formats fill by the million.
struct SecondLifeKeyCodes {
    std::string name;
    std::vector<uint64_t> rotation, position;
};

struct SecondLifeExtra : FormatExtra {
    uint16_t version = 1;
    uint16_t subVersion = 0;
    int32_t basePriority = 3;
    std::string emoteName;
    int32_t loopField = 0; // the s32 as stored (any non-zero value loops)
    float easeIn = 0.3f, easeOut = 0.3f;
    uint32_t handPose = 1; // HAND_POSE_RELAXED
    std::vector<SecondLifeJoint> joints; // per track, in file order
    std::vector<SecondLifeKeyCodes> keyCodes; // per track as read, in file order
    int32_t constraintCount = 0; // as stored; a negative count leaves its bytes in `trailing`
    std::vector<SecondLifeConstraint> constraints;
    std::vector<uint8_t> trailing; // bytes after the last constraint

    // Priority for the track at `index` named `name`: the joint read at that index if the name
    // still matches, else the first joint read with that name, else -1 (use the base priority).
    int32_t priorityOf(size_t index, const std::string& name) const;
    // The codes read for that track by the same rule, else those read at its index; null when there
    // are none.
    const SecondLifeKeyCodes* keyCodesOf(size_t index, const std::string& name) const;

    std::unique_ptr<FormatExtra> clone() const override { return std::make_unique<SecondLifeExtra>(*this); }
    void toJson(nlohmann::json& out) const override;
    void renameTracks(const std::map<std::string, std::string>& to) override; // joints and their codes
    void dropTracks(const std::set<std::string>& names) override;
};

} // namespace bonescope
