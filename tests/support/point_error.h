#pragma once
// The error measure of key reduction computed the plain way, apart from the reducer's own
// bookkeeping: both animations sampled by the Sampler, world matrices chained parent before child,
// and each bone's three virtual points (`distance` along its local axes, over its rest world scale)
// compared. The largest movement over the given times.
#include <algorithm>
#include <vector>

#include <glm/vec3.hpp>

#include "core/playback/binding.h"
#include "core/playback/key_times.h"
#include "core/playback/sampler.h"

namespace bonescope::test {

inline std::vector<glm::dmat4> worldMatrices(Sampler& sampler, const Skeleton& s, const std::vector<int>& order, double t)
{
    std::vector<LocalTransform> local;
    sampler.sampleLocal(t, local);
    std::vector<glm::dmat4> w(s.size());
    for (int b : order) {
        const LocalTransform& l = local[size_t(b)];
        const glm::dmat4 m = composeTRS(l.translation, l.rotation, l.scale);
        const int p = s.bones[size_t(b)].parent;
        w[size_t(b)] = p < 0 ? m : w[size_t(p)] * m;
    }
    return w;
}

// Every key time of `a` and every frame of its rate, ascending.
inline std::vector<double> measureTimes(const Animation& a)
{
    std::vector<const Track*> tracks;
    for (const Track& t : a.tracks)
        tracks.push_back(&t);
    std::vector<double> times = distinctKeyTimes(tracks);
    if (a.fps > 0)
        for (long long f = 0; f < a.frameCount() && f < 200000; ++f)
            times.push_back(double(f) / a.fps);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

// With `parts` > 1, also at the times that cut each gap between two measured times into that many
// (a cubic curve is not straight between keys, nor is its error).
inline double largestPointError(const Animation& original, const Animation& reduced, const Skeleton& given, double distance,
                                int parts = 1)
{
    const Skeleton flat = given.empty() ? flatSkeleton(original) : Skeleton{};
    const Skeleton& s = given.empty() ? flat : given;
    const std::vector<int> order = *s.evaluationOrder();
    const std::vector<glm::dmat4> rest = s.restWorld();
    std::vector<double> d(s.size());
    for (size_t b = 0; b < s.size(); ++b) {
        const double scale = std::max({glm::length(glm::dvec3(rest[b][0])), glm::length(glm::dvec3(rest[b][1])),
                                       glm::length(glm::dvec3(rest[b][2]))});
        d[b] = scale > 1e-12 ? distance / scale : distance;
    }
    Sampler a(original, s), b(reduced, s);
    double worst = 0;
    std::vector<double> times = measureTimes(original);
    for (size_t k = 0, n = times.size(); k + 1 < n; ++k)
        for (int i = 1; i < parts; ++i)
            times.push_back(times[k] + (times[k + 1] - times[k]) * i / parts);
    for (double t : times) {
        const auto wa = worldMatrices(a, s, order, t), wb = worldMatrices(b, s, order, t);
        for (size_t i = 0; i < s.size(); ++i)
            for (int axis = 0; axis < 3; ++axis) {
                glm::dvec4 p(0, 0, 0, 1);
                p[axis] = d[i];
                worst = std::max(worst, glm::length(glm::dvec3(wa[i] * p) - glm::dvec3(wb[i] * p)));
            }
    }
    return worst;
}

} // namespace bonescope::test
