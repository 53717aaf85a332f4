#include "core/compare/sample_times.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/playback/key_times.h"

namespace bonescope {

std::vector<double> clipKeyTimes(const Animation& a)
{
    std::vector<const Track*> tracks;
    for (const Track& t : a.tracks)
        tracks.push_back(&t);
    return distinctKeyTimes(tracks);
}

double finerRate(const Animation& a, const Animation& b)
{
    const double r = std::max(a.fps, b.fps);
    return r > 0 && std::isfinite(r) ? r : 30.0;
}

std::vector<double> comparisonTimes(const Animation& a, const Animation& b)
{
    const double fps = finerRate(a, b);
    const double end = std::max({a.duration, b.duration, 0.0});
    const double frames = std::floor(end * fps + 1e-6);
    if (!(frames <= kMaxComparedFrames))
        throw std::runtime_error("the clips are too long to compare frame by frame (" + std::to_string(end) +
                                 " s at " + std::to_string(fps) + " fps: more than " +
                                 std::to_string(long(kMaxComparedFrames)) + " frames)");
    std::vector<double> out = clipKeyTimes(a);
    const std::vector<double> kb = clipKeyTimes(b);
    out.insert(out.end(), kb.begin(), kb.end());
    for (long f = 0; f <= long(frames); ++f)
        out.push_back(double(f) / fps);
    if (end * fps - frames > 1e-6)
        out.push_back(end); // a duration between frames: its last instant too
    std::sort(out.begin(), out.end());
    std::vector<double> unique;
    for (double t : out)
        if (std::isfinite(t) && (unique.empty() || t - unique.back() > 1e-6))
            unique.push_back(t);
    return unique;
}

} // namespace bonescope
