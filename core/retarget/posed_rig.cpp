#include "core/retarget/posed_rig.h"

namespace bonescope {

void PosedRig::compute(const Skeleton& s, const std::vector<int>& order, const std::vector<LocalTransform>& local)
{
    world.resize(s.size());
    rotation.resize(s.size());
    for (int b : order) {
        const LocalTransform& l = local[size_t(b)];
        const glm::dmat4 m = composeTRS(l.translation, l.rotation, l.scale);
        const int p = s.bones[size_t(b)].parent;
        world[size_t(b)] = p >= 0 ? world[size_t(p)] * m : m;
        rotation[size_t(b)] = glm::normalize(p >= 0 ? rotation[size_t(p)] * l.rotation : l.rotation);
    }
}

std::vector<LocalTransform> restLocals(const Skeleton& s)
{
    std::vector<LocalTransform> out(s.size());
    for (size_t b = 0; b < s.size(); ++b)
        out[b] = {s.bones[b].restTranslation, s.bones[b].restRotation, s.bones[b].restScale, 1.0};
    return out;
}

} // namespace bonescope
