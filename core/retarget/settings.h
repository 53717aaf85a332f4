#pragma once
// How a retarget carries the motion: the choices a user makes in the dialog or with convert's
// options, saved with a bone map so that every clip of one pair of rigs is done alike.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bonescope {

enum class RetargetMode : uint8_t {
    MatchPose, // limb directions equal to the source's at every frame (an A-pose rig plays a T-pose clip's arms)
    KeepRest,  // the source's change from its rest added to the target's own rest
};

enum class RootMotion : uint8_t {
    Keep,    // the hips travel as the source's, scaled by leg length
    InPlace, // the hips' travel over the ground removed: the clip stays on the spot
    Extract, // the travel moved to a root bone above the hips (added when the rig has none)
};

struct RetargetSettings {
    RetargetMode mode = RetargetMode::MatchPose;
    RootMotion rootMotion = RootMotion::Keep;
    bool legIk = false;  // two-bone IK: feet where the source's feet are, scaled to the new rig
    bool armIk = false;  // the same for the hands, relative to the shoulders
    bool footLock = false; // feet pinned during the source's ground contacts (implies leg IK)
    // A source whose rest pose does not stand (standing_pose.h) is matched from its frame 0 when that
    // stands. Off when the user chose the source's reference pose (--source-pose, the dialog's choice).
    bool standingReference = true;

    bool operator==(const RetargetSettings&) const = default;
};

// The spellings used on the command line and in map files; parse* return nullopt on anything else.
std::string_view modeName(RetargetMode m);
std::string_view rootMotionName(RootMotion m);
std::optional<RetargetMode> parseRetargetMode(std::string_view s);   // match-pose | keep-rest
std::optional<RootMotion> parseRootMotion(std::string_view s);       // keep | in-place | extract

} // namespace bonescope
