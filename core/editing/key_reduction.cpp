#include "core/editing/key_reduction.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <glm/gtc/constants.hpp>

#include "core/playback/channel_eval.h"

namespace bonescope {

double rotationDistanceDegrees(const glm::dquat& a, const glm::dquat& b)
{
    // The angle of a^-1 * b from atan2 of its parts: exact for tiny angles, where acos(dot) loses
    // half the digits.
    const glm::dquat d = glm::conjugate(glm::normalize(a)) * glm::normalize(b);
    return glm::degrees(2.0 * std::atan2(glm::length(glm::dvec3(d.x, d.y, d.z)), std::abs(d.w)));
}

namespace {

double errorAt(const glm::dvec3& a, const glm::dvec3& b, double f, const glm::dvec3& v, RotationInterp)
{
    return glm::length(lerpValue(a, b, f) - v);
}

double errorAt(const glm::dquat& a, const glm::dquat& b, double f, const glm::dquat& v, RotationInterp how)
{
    return rotationDistanceDegrees(blendRotation(a, b, f, how), v);
}

template <class T>
size_t reduce(Channel<T>& ch, double tolerance)
{
    auto& keys = ch.keys;
    const size_t n = keys.size();
    if (n < 3 || ch.rules.interpolation != Interpolation::Linear || ch.rules.segmentFlags || !(tolerance >= 0))
        return 0;
    std::vector<uint8_t> keep(n, 0);
    keep[0] = keep[n - 1] = 1;
    std::vector<std::pair<size_t, size_t>> spans{{0, n - 1}};
    while (!spans.empty()) {
        const auto [lo, hi] = spans.back();
        spans.pop_back();
        if (hi - lo < 2)
            continue;
        const double t0 = keys.time(lo), dt = keys.time(hi) - t0;
        double worst = -1;
        size_t at = lo;
        for (size_t i = lo + 1; i < hi; ++i) {
            const double f = dt > 0 ? (keys.time(i) - t0) / dt : 0.0;
            const double e = errorAt(keys.value(lo), keys.value(hi), f, keys.value(i), ch.rules.rotation);
            if (e > worst) {
                worst = e;
                at = i;
            }
        }
        if (worst > tolerance) {
            keep[at] = 1;
            spans.push_back({lo, at});
            spans.push_back({at, hi});
        }
    }
    KeyList<T> kept;
    for (size_t i = 0; i < n; ++i)
        if (keep[i])
            kept.push_back(keys[i]);
    const size_t removed = n - kept.size();
    keys = std::move(kept);
    return removed;
}

} // namespace

size_t reduceChannel(Vec3Channel& channel, double tolerance) { return reduce(channel, tolerance); }
size_t reduceChannel(QuatChannel& channel, double toleranceDegrees) { return reduce(channel, toleranceDegrees); }

size_t reduceKeys(Animation& animation, const ReductionTolerance& tolerance)
{
    size_t removed = 0;
    for (Track& t : animation.tracks) {
        removed += reduceChannel(t.translation, tolerance.translation);
        removed += reduceChannel(t.rotation, tolerance.rotationDegrees);
        removed += reduceChannel(t.scale, tolerance.scale);
    }
    return removed;
}

} // namespace bonescope
