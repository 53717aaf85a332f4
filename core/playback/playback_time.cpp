#include "core/playback/playback_time.h"

#include <algorithm>
#include <cmath>

namespace bonescope {

double animationTime(double t, double duration, bool looping, const std::optional<LoopRange>& loop)
{
    if (!std::isfinite(t) || !std::isfinite(duration) || duration <= 0 || t <= 0)
        return 0.0;
    if (!looping)
        return std::min(t, duration);
    double in = loop ? loop->in : 0.0;
    double out = loop ? loop->out : duration;
    if (!std::isfinite(in) || !std::isfinite(out))
        in = 0.0, out = duration;
    out = std::clamp(out, 0.0, duration);
    in = std::clamp(in, 0.0, out);
    if (t <= out)
        return t;
    if (out - in <= 0)
        return out; // nothing to loop over: hold the last pose
    return in + std::fmod(t - out, out - in);
}

double animationTime(double t, const Animation& anim)
{
    return animationTime(t, anim.duration, anim.looping, anim.loopRange);
}

double easeStep(double x)
{
    if (!(x > 0))
        return 0.0;
    if (x >= 1)
        return 1.0;
    return x * x * (3.0 - 2.0 * x);
}

double easeWeight(double sinceStart, double untilStop, double easeIn, double easeOut)
{
    const double in = easeIn > 0 ? easeStep(sinceStart / easeIn) : 1.0;
    const double out = easeOut > 0 ? easeStep(untilStop / easeOut) : 1.0;
    return in * out;
}

} // namespace bonescope
