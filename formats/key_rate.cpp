#include "formats/key_rate.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bonescope {

double rateFromKeyTimes(const std::vector<std::vector<double>>& channels)
{
    double minGap = INFINITY;
    for (const std::vector<double>& times : channels)
        for (size_t k = 1; k < times.size(); ++k)
            if (times[k] > times[k - 1])
                minGap = std::min(minGap, times[k] - times[k - 1]);
    const auto onRate = [&](double rate) {
        for (const std::vector<double>& times : channels)
            for (const double t : times)
                if (std::abs(t * rate - std::round(t * rate)) >= 1e-3)
                    return false;
        return true;
    };
    for (const double rate : {24.0, 25.0, 30.0, 48.0, 50.0, 60.0, 120.0, 240.0})
        if (onRate(rate))
            return rate;
    // Keys a frame apart whose frame time was written rounded (a BVH's "Frame Time: 0.008333" is
    // 0.04% short of 1/120 s) are that rate's frames, not twice as many.
    for (const double rate : {30.0, 60.0, 120.0})
        if (minGap * rate >= 1.0 - 1e-3)
            return rate;
    return 240.0;
}

double rateFromKeySpacing(const Animation& a)
{
    std::vector<std::vector<double>> channels;
    auto add = [&](const auto& keys) {
        std::vector<double>& times = channels.emplace_back();
        for (size_t k = 0; k < keys.size(); ++k)
            times.push_back(keys.time(k));
    };
    for (const Track& t : a.tracks) {
        add(t.translation.keys);
        add(t.rotation.keys);
        add(t.scale.keys);
    }
    return rateFromKeyTimes(channels);
}

} // namespace bonescope
