#include "core/animation.h"

#include <algorithm>
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

std::pair<double, double> Animation::keyRange() const
{
    bool any = false;
    double lo = 0, hi = 0;
    auto see = [&](double t) {
        lo = any ? std::min(lo, t) : t;
        hi = any ? std::max(hi, t) : t;
        any = true;
    };
    for (const Track& t : tracks) {
        for (const auto& k : t.translation.keys) see(k.time);
        for (const auto& k : t.rotation.keys) see(k.time);
        for (const auto& k : t.scale.keys) see(k.time);
        for (const auto& k : t.visibility.keys) see(k.time);
    }
    for (const Note& n : notes)
        see(n.time);
    return {lo, hi};
}

} // namespace bonescope
