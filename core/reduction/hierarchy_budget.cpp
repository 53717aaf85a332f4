#include "core/reduction/hierarchy_budget.h"

#include <algorithm>
#include <cmath>

namespace bonescope::reduction {

namespace {

// The largest local translation length and scale factor the bone's keys (and rest) give: between
// keys, blends stay within them (a segment's points are no farther than its ends).
void largestLocal(const Track* track, const BoneRules& rules, double& translation, double& scale)
{
    const LocalTransform& rest = rules.rest;
    translation = glm::length(rest.translation);
    scale = std::max({std::abs(rest.scale.x), std::abs(rest.scale.y), std::abs(rest.scale.z)});
    if (!track)
        return;
    RawValues v;
    v.hasTranslation = true;
    for (size_t k = 0; k < track->translation.size(); ++k) {
        v.translation = track->translation.keys.value(k);
        translation = std::max(translation, glm::length(rules.local(v).translation));
    }
    for (size_t k = 0; k < track->scale.size(); ++k) {
        const glm::dvec3 s = track->scale.keys.value(k);
        scale = std::max({scale, std::abs(s.x), std::abs(s.y), std::abs(s.z)});
    }
}

bool animated(const Track* t)
{
    auto thins = [](const auto& ch) { return ch.size() > 2 && !ch.rules.segmentFlags; };
    return t && (thins(t->translation) || thins(t->rotation) || thins(t->scale));
}

} // namespace

HierarchyBudget::HierarchyBudget(const Animation& anim, const Skeleton& skel, const Binding& binding,
                                 const std::vector<BoneRules>& rules, const std::vector<int>& order,
                                 const HierarchyReduction& settings)
{
    const size_t n = skel.size();
    distance_.assign(n, settings.pointDistance);
    reach_.assign(n, 0.0);
    limit_.assign(n, settings.maxError);
    const std::vector<glm::dmat4> rest = skel.restWorld();
    std::vector<double> maxT(n), maxS(n), weight(n), above(n), below(n, 0.0);
    std::vector<bool> leaf(n, true);
    for (size_t b = 0; b < n; ++b) {
        const double s = std::max({glm::length(glm::dvec3(rest[b][0])), glm::length(glm::dvec3(rest[b][1])),
                                   glm::length(glm::dvec3(rest[b][2]))});
        if (s > 1e-12 && std::isfinite(s))
            distance_[b] = settings.pointDistance / s;
        const int t = binding.trackOfBone[b];
        const Track* track = t >= 0 ? &anim.tracks[size_t(t)] : nullptr;
        largestLocal(track, rules[b], maxT[b], maxS[b]);
        weight[b] = animated(track) ? 1.0 : 0.0;
        if (skel.bones[b].parent >= 0)
            leaf[size_t(skel.bones[b].parent)] = false;
    }
    for (int b : order) {
        const int p = skel.bones[size_t(b)].parent;
        above[size_t(b)] = weight[size_t(b)] + (p >= 0 ? above[size_t(p)] : 0.0);
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const size_t b = size_t(*it);
        reach_[b] = std::max(reach_[b], distance_[b]);
        if (const int p = skel.bones[b].parent; p >= 0) {
            reach_[size_t(p)] = std::max(reach_[size_t(p)], maxT[b] + maxS[b] * reach_[b]);
            below[size_t(p)] = std::max(below[size_t(p)], weight[b] + below[b]);
        }
    }
    for (size_t b = 0; b < n; ++b) {
        const double through = above[b] + below[b];
        if (!leaf[b] && through > 0)
            limit_[b] = settings.maxError * above[b] / through;
    }
}

} // namespace bonescope::reduction
