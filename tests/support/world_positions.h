#pragma once
// World positions of every skeleton bone at a time, in double precision (the sampler's local
// transforms chained parent before child): what a mirror or an offset must move as points do.
#include <vector>

#include <glm/vec3.hpp>

#include "core/playback/sampler.h"

namespace bonescope::test {

inline std::vector<glm::dvec3> worldPositions(const Animation& a, const Skeleton& s, double t)
{
    Sampler sampler(a, s);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(t, local);
    std::vector<glm::dmat4> w(s.size());
    std::vector<glm::dvec3> out(s.size());
    const std::vector<int> order = *s.evaluationOrder();
    for (int b : order) {
        const LocalTransform& l = local[size_t(b)];
        const glm::dmat4 m = composeTRS(l.translation, l.rotation, l.scale);
        const int p = s.bones[size_t(b)].parent;
        w[size_t(b)] = p < 0 ? m : w[size_t(p)] * m;
        out[size_t(b)] = glm::dvec3(w[size_t(b)][3]);
    }
    return out;
}

} // namespace bonescope::test
