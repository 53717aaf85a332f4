#include "core/playback/motion_root.h"

namespace bonescope {

int motionRoot(const Skeleton& skeleton, const Binding& binding, const Animation& animation)
{
    const auto order = skeleton.evaluationOrder();
    if (!order)
        return -1;
    for (int b : *order) {
        const int t = b < int(binding.trackOfBone.size()) ? binding.trackOfBone[size_t(b)] : -1;
        if (t >= 0 && !animation.tracks[size_t(t)].translation.empty())
            return b;
    }
    return -1;
}

} // namespace bonescope
