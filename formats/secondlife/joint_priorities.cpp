#include "formats/secondlife/joint_priorities.h"

#include <algorithm>

namespace bonescope::secondlife {

std::vector<int> ownPriorities(const Animation& a, const SecondLifeExtra& e)
{
    std::vector<int> out;
    out.reserve(a.tracks.size());
    for (size_t i = 0; i < a.tracks.size(); ++i)
        out.push_back(e.priorityOf(i, a.tracks[i].name));
    return out;
}

int playedPriority(int own, int base)
{
    return std::min(own == UseMotionPriority ? base : own, int(MaxPriority));
}

size_t jointsAwayFromBase(const Animation& a, const SecondLifeExtra& e)
{
    const std::vector<int> own = ownPriorities(a, e);
    return size_t(std::count_if(own.begin(), own.end(), [&](int p) {
        return playedPriority(p, e.basePriority) != playedPriority(UseMotionPriority, e.basePriority);
    }));
}

size_t applyBaseToJoints(const Animation& a, SecondLifeExtra& e, std::optional<int> from)
{
    std::vector<int> own = ownPriorities(a, e);
    size_t changed = 0;
    std::vector<SecondLifeJoint> joints;
    for (size_t i = 0; i < own.size(); ++i) {
        // A joint at -1 follows the base already.
        if (own[i] != UseMotionPriority && own[i] != e.basePriority && (!from || own[i] == *from)) {
            own[i] = e.basePriority;
            ++changed;
        }
        joints.push_back({a.tracks[i].name, own[i]});
    }
    if (changed)
        e.joints = std::move(joints);
    return changed;
}

} // namespace bonescope::secondlife
