#pragma once
// The node names the glTF writer gives a skeleton's bones: the bone's own, made unique (glTF allows
// repeats, but Blender and others bind by name), empty ones named by their index.
#include <string>
#include <vector>

#include "core/model/skeleton.h"

namespace bonescope::gltf {

struct NodeNames {
    std::vector<std::string> names;     // per bone
    std::vector<std::string> changes;   // one sentence per renamed bone, for the report
};

NodeNames uniqueNodeNames(const Skeleton& skeleton);

} // namespace bonescope::gltf
