#include "core/retarget/settings.h"

namespace bonescope {

std::string_view modeName(RetargetMode m) { return m == RetargetMode::MatchPose ? "match-pose" : "keep-rest"; }

std::string_view rootMotionName(RootMotion m)
{
    switch (m) {
    case RootMotion::Keep: return "keep";
    case RootMotion::InPlace: return "in-place";
    case RootMotion::Extract: return "extract";
    }
    return "keep";
}

std::optional<RetargetMode> parseRetargetMode(std::string_view s)
{
    if (s == "match-pose")
        return RetargetMode::MatchPose;
    if (s == "keep-rest")
        return RetargetMode::KeepRest;
    return std::nullopt;
}

std::optional<RootMotion> parseRootMotion(std::string_view s)
{
    for (RootMotion m : {RootMotion::Keep, RootMotion::InPlace, RootMotion::Extract})
        if (rootMotionName(m) == s)
            return m;
    return std::nullopt;
}

} // namespace bonescope
