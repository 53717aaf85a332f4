#include "core/channel_eval.h"

#include <glm/gtc/constants.hpp>

#include <cmath>

#include "core/fast_math.h"

namespace bonescope {

namespace {

// Slerp along the stored path (no flip): a*sin((1-f)t)/sin(t) + b*sin(ft)/sin(t), t = acos(dot).
// When the keys are more than 90 degrees apart the angle is taken from the flipped pair and mirrored,
// so the trigonometry only ever sees [0, pi/2].
glm::dquat slerpDirect(const glm::dquat& a, const glm::dquat& b, double d, double f)
{
    const double ad = std::abs(d);
    if (d > 0.9999)
        return glm::normalize(a * (1.0 - f) + b * f); // nearly equal: lerp is exact enough
    if (d < -0.9999)
        return f < 0.5 ? a : b; // opposite: no single great circle; never divide by ~0
    if (d < 0) {
        // Long way: the path from a to b equals the short path from a to -b taken past 180 degrees;
        // keep the closed form but with the full angle pi - t.
        const double theta = glm::pi<double>() - fastmath::acosUnit(ad);
        return a * (std::sin((1.0 - f) * theta) / std::sin(theta)) + b * (std::sin(f * theta) / std::sin(theta));
    }
    const double theta = fastmath::acosUnit(ad);
    const double inv = 1.0 / std::sqrt(1.0 - ad * ad);
    return a * (fastmath::sinHalfPi((1.0 - f) * theta) * inv) + b * (fastmath::sinHalfPi(f * theta) * inv);
}

} // namespace

glm::dquat blendRotation(const glm::dquat& a, const glm::dquat& b, double f, RotationInterp how)
{
    const double d = glm::dot(a, b);
    switch (how) {
    case RotationInterp::SlerpDirect:
        return slerpDirect(a, b, d, f);
    case RotationInterp::NlerpShortest:
        if (d >= 0)
            return glm::normalize(a * (1.0 - f) + b * f);
        return slerpDirect(a, -b, -d, f);
    case RotationInterp::SlerpShortest:
    default:
        return d < 0 ? slerpDirect(a, -b, -d, f) : slerpDirect(a, b, d, f);
    }
}

bool sampleRotation(const QuatChannel& ch, double t, uint32_t& cursor, glm::dquat& out)
{
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    glm::dquat a = ch.keys[s.a].value;
    if (s.a != s.b && ch.rules.segmentFlags) {
        const uint32_t second = ch.keys[s.b].flags;
        if (second & keyflag::Hold) {
            out = a;
            return true;
        }
        if (second & keyflag::Negate)
            a = -a;
    }
    out = (s.a == s.b || s.f == 0) ? a : blendRotation(a, ch.keys[s.b].value, s.f, ch.rules.rotation);
    return true;
}

} // namespace bonescope
