#include "core/animation.h"

#include <cmath>

namespace bonescope {

int Animation::findTrack(std::string_view boneName) const
{
    for (size_t i = 0; i < tracks.size(); ++i)
        if (tracks[i].name == boneName)
            return int(i);
    return -1;
}

size_t Animation::keyCount() const
{
    size_t n = 0;
    for (const Track& t : tracks)
        n += t.keyCount();
    return n;
}

long long Animation::frameCount() const
{
    if (!(fps > 0) || !std::isfinite(duration))
        return 1;
    return (long long)std::llround(duration * fps) + 1;
}

} // namespace bonescope
