#include "core/channel_eval.h"

#include <cmath>

namespace bonescope {

glm::dquat blendRotation(const glm::dquat& a, const glm::dquat& b, double f, RotationInterp how)
{
    const double d = glm::dot(a, b);
    switch (how) {
    case RotationInterp::SlerpDirect:
        return glm::mix(a, b, f); // glm::mix keeps the stored path
    case RotationInterp::NlerpShortest:
        if (d >= 0)
            return glm::normalize(a * (1.0 - f) + b * f);
        return glm::slerp(a, b, f);
    case RotationInterp::SlerpShortest:
    default:
        return glm::slerp(a, b, f); // glm::slerp flips b when the dot is negative
    }
}

bool sampleRotation(const QuatChannel& ch, double t, uint32_t& cursor, glm::dquat& out)
{
    const Segment s = locate(ch, t, cursor);
    if (!s.applies)
        return false;
    const glm::dquat& a = ch.keys[s.a].value;
    if (s.a == s.b || s.f == 0) {
        out = a;
        return true;
    }
    glm::dquat b = ch.keys[s.b].value;
    if (ch.rules.segmentFlags) {
        const uint32_t second = ch.keys[s.b].flags;
        if (second & keyflag::Hold) {
            out = a;
            return true;
        }
        if (second & keyflag::Negate)
            b = -b;
    }
    out = blendRotation(a, b, s.f, ch.rules.rotation);
    return true;
}

} // namespace bonescope
