#include "app/gui/document/skeleton_mesh_fit.h"

#include <set>
#include <string>

#include "core/model/bone_name_index.h"

namespace bonescope::gui {

MeshFit meshFit(const Skeleton& meshSkeleton, const Scene& scene)
{
    std::set<std::string> names;
    if (!scene.skeleton.empty())
        for (const Bone& b : scene.skeleton.bones)
            names.insert(b.name);
    else
        for (const Animation& a : scene.animations)
            for (const Track& t : a.tracks)
                names.insert(t.name);
    MeshFit fit;
    fit.names = names.size();
    fit.meshBones = meshSkeleton.size();
    const BoneNameIndex meshNames(meshSkeleton);
    for (const std::string& n : names)
        fit.matched += meshNames.findLoose(n) >= 0;
    return fit;
}

} // namespace bonescope::gui
