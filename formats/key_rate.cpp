#include "formats/key_rate.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bonescope {

double rateFromKeySpacing(const Animation& a)
{
    std::vector<double> times;
    double minGap = INFINITY;
    auto add = [&](const auto& keys) {
        for (size_t k = 0; k < keys.size(); ++k) {
            times.push_back(keys.time(k));
            if (k > 0 && keys.time(k) > keys.time(k - 1))
                minGap = std::min(minGap, keys.time(k) - keys.time(k - 1));
        }
    };
    for (const Track& t : a.tracks) {
        add(t.translation.keys);
        add(t.rotation.keys);
        add(t.scale.keys);
    }
    for (const double rate : {24.0, 25.0, 30.0, 48.0, 50.0, 60.0, 120.0, 240.0})
        if (std::all_of(times.begin(), times.end(), [&](double t) { return std::abs(t * rate - std::round(t * rate)) < 1e-3; }))
            return rate;
    // Keys a frame apart whose frame time was written rounded (a BVH's "Frame Time: 0.008333" is
    // 0.04% short of 1/120 s) are that rate's frames, not twice as many.
    for (const double rate : {30.0, 60.0, 120.0})
        if (minGap * rate >= 1.0 - 1e-3)
            return rate;
    return 240.0;
}

} // namespace bonescope
