#include "formats/model_build.h"

#include <algorithm>

namespace bonescope {

void restFromWorld(Skeleton& skeleton, std::vector<WorldTransform> world, const std::vector<bool>& hasLocal,
                   const std::vector<int>& order)
{
    for (int i : order) {
        Bone& b = skeleton.bones[i];
        const WorldTransform parent = b.parent >= 0 ? world[b.parent] : WorldTransform{true};
        if (hasLocal[i] || !world[i].has) {
            if (!world[i].has) {
                world[i].position = parent.position + parent.rotation * b.restTranslation;
                world[i].rotation = parent.rotation * b.restRotation;
                world[i].has = true;
            }
            continue;
        }
        const glm::dquat inv = glm::inverse(parent.rotation);
        b.restRotation = glm::normalize(inv * world[i].rotation);
        b.restTranslation = inv * (world[i].position - parent.position);
    }
}

void appendSkinWeights(std::vector<std::pair<uint32_t, float>>& w, Mesh& mesh)
{
    std::vector<std::pair<uint32_t, float>> merged;
    for (const auto& influence : w) { // no structured binding: lambdas capturing one need clang 16
        if (influence.second == 0)
            continue;
        const uint32_t bone = influence.first;
        auto same = std::find_if(merged.begin(), merged.end(), [&](const auto& x) { return x.first == bone; });
        if (same != merged.end())
            same->second += influence.second;
        else
            merged.push_back(influence);
    }
    std::stable_sort(merged.begin(), merged.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    glm::uvec4 j(0);
    glm::vec4 wt(0.f);
    float sum = 0;
    for (size_t k = 0; k < std::min<size_t>(4, merged.size()); ++k) {
        j[int(k)] = merged[k].first;
        wt[int(k)] = merged[k].second;
        sum += merged[k].second;
    }
    if (sum > 0)
        wt /= sum;
    else
        wt = {1, 0, 0, 0};
    mesh.joints.push_back(j);
    mesh.weights.push_back(wt);
}

} // namespace bonescope
