#include "render/overlay_skeleton.h"

namespace bonescope::render {

OverlaySkeleton makeOverlaySkeleton(const Skeleton& skeleton, const glm::vec4& color)
{
    OverlaySkeleton o;
    o.color = color;
    const auto rest = skeleton.restWorld();
    for (size_t i = 0; i < skeleton.size(); ++i) {
        o.parents.push_back(skeleton.bones[i].parent);
        o.drawn.push_back(skeleton.bones[i].isHelper() || skeleton.bones[i].isSceneNode() ? 0 : 1);
        o.joints.push_back(glm::vec3(rest[i][3]));
    }
    return o;
}

} // namespace bonescope::render
