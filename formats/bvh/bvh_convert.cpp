// What a scene loses on its way into BVH beyond what Capabilities says.
#include <cmath>

#include "formats/bvh/bvh_format.h"
#include "formats/convert/name_list.h"
#include "formats/counted.h"

namespace bonescope {

void BvhFormat::fromCommon(Scene& scene, Report& report) const
{
    // The writer stores every frame's full local rotation, so the motion survives; only the rest
    // pose (what a bone looks like with no animation) loses its rotation.
    std::vector<std::string> rotated;
    for (const Bone& b : scene.skeleton.bones)
        if (std::abs(std::abs(b.restRotation.w) - 1.0) > 1e-12)
            rotated.push_back(b.name);
    if (rotated.empty())
        return;
    report.push_back("BVH has no rest rotations: the rest pose of " + counted(rotated.size(), "bone") +
                     " becomes unrotated (every frame's pose is kept): " + nameList(rotated));
}

} // namespace bonescope
