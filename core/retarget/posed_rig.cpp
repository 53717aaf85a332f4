#include "core/retarget/posed_rig.h"

#include <algorithm>

namespace bonescope {

void PosedRig::start(const Skeleton& s, const std::vector<LocalTransform>& local)
{
    const size_t n = s.size();
    position.resize(n);
    rotation.resize(n);
    uniform_ = true;
    for (size_t b = 0; b < n && b < local.size(); ++b) {
        const glm::dvec3& v = local[b].scale;
        uniform_ = uniform_ && v.x == v.y && v.y == v.z;
    }
    if (uniform_) {
        scale_.resize(n);
        world_.clear();
    } else {
        world_.resize(n);
    }
}

void PosedRig::place(int b, int parent, const LocalTransform& l)
{
    const size_t i = size_t(b);
    if (parent < 0) {
        rotation[i] = glm::normalize(l.rotation);
        if (uniform_) {
            scale_[i] = l.scale.x;
            position[i] = l.translation;
        } else {
            world_[i] = composeTRS(l.translation, l.rotation, l.scale);
            position[i] = glm::dvec3(world_[i][3]);
        }
        return;
    }
    const size_t p = size_t(parent);
    rotation[i] = glm::normalize(rotation[p] * l.rotation);
    if (uniform_) {
        scale_[i] = scale_[p] * l.scale.x;
        if (positioned_.empty() || positioned_[i])
            position[i] = position[p] + scale_[p] * (rotation[p] * l.translation);
    } else {
        world_[i] = world_[p] * composeTRS(l.translation, l.rotation, l.scale);
        position[i] = glm::dvec3(world_[i][3]);
    }
}

void PosedRig::compute(const Skeleton& s, const std::vector<int>& order, const std::vector<LocalTransform>& local)
{
    start(s, local);
    for (int b : order)
        place(b, s.bones[size_t(b)].parent, local[size_t(b)]);
}

void PosedRig::positionOnly(const Skeleton& s, const std::vector<int>& bones)
{
    positioned_.assign(bones.empty() ? 0 : s.size(), 0);
    for (int b : bones)
        for (int a = b; a >= 0 && !positioned_[size_t(a)]; a = s.bones[size_t(a)].parent)
            positioned_[size_t(a)] = 1;
}

glm::dvec3 PosedRig::toChildSpace(int parent, const glm::dvec3& world) const
{
    if (parent < 0)
        return world;
    const size_t p = size_t(parent);
    if (uniform_) // a bone scaled to nothing has no space: its children sit at its origin
        return scale_[p] != 0 ? glm::inverse(rotation[p]) * (world - position[p]) / scale_[p] : glm::dvec3(0);
    return glm::dvec3(glm::inverse(world_[p]) * glm::dvec4(world, 1.0));
}

std::vector<int> levelOrder(const Skeleton& s, const std::vector<int>& order)
{
    std::vector<int> depth(s.size(), 0);
    int deepest = 0;
    for (int b : order)
        if (const int p = s.bones[size_t(b)].parent; p >= 0)
            deepest = std::max(deepest, depth[size_t(b)] = depth[size_t(p)] + 1);
    // A counting sort by depth, stable within a depth.
    std::vector<size_t> start(size_t(deepest) + 2, 0);
    for (int b : order)
        ++start[size_t(depth[size_t(b)]) + 1];
    for (size_t d = 1; d < start.size(); ++d)
        start[d] += start[d - 1];
    std::vector<int> out(order.size());
    for (int b : order)
        out[start[size_t(depth[size_t(b)])]++] = b;
    return out;
}

std::vector<LocalTransform> restLocals(const Skeleton& s)
{
    std::vector<LocalTransform> out(s.size());
    for (size_t b = 0; b < s.size(); ++b)
        out[b] = {s.bones[b].restTranslation, s.bones[b].restRotation, s.bones[b].restScale, 1.0};
    return out;
}

} // namespace bonescope
