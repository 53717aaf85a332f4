#pragma once
// Shared by the model readers (Cast, SEModel): rest poses from world transforms, and skin weights of
// any influence count reduced to the four the viewport skins with.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/model/mesh.h"
#include "core/model/skeleton.h"

namespace bonescope {

// A stored x, y, z, w rotation made unit length; a zero one (some exporters write it) is no rotation.
inline glm::dquat unitQuat(double x, double y, double z, double w)
{
    const glm::dquat q(w, x, y, z);
    const double len = glm::length(q);
    return len > 1e-12 ? q / len : glm::dquat(1, 0, 0, 0);
}

struct WorldTransform {
    bool has = false;
    glm::dvec3 position{0.0};
    glm::dquat rotation{1, 0, 0, 0};
};

// Bones without a local transform (hasLocal false) but with a world one get local = parent world^-1 *
// world; bones with a local one give their children a world one. `order` is parents first.
void restFromWorld(Skeleton& skeleton, std::vector<WorldTransform> world, const std::vector<bool>& hasLocal,
                   const std::vector<int>& order);

// One vertex's (bone, weight) pairs: weights of the same bone add up, the four strongest are kept and
// renormalised (a vertex without weight goes to joint 0 at full weight).
void appendSkinWeights(std::vector<std::pair<uint32_t, float>>& influences, Mesh& mesh);

} // namespace bonescope
