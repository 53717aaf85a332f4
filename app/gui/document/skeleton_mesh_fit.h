#pragma once
// Whether a loaded skeleton mesh belongs with an animation: the window keeps it across files only
// when it does (a mesh bound to unrelated bones is drawn as a mangled blob).
#include <algorithm>

#include "core/model/scene.h"

namespace bonescope::gui {

struct MeshFit {
    size_t names = 0;   // bones the scene names: its skeleton's, else its tracks'
    size_t meshBones = 0;
    size_t matched = 0; // of those, found in the mesh's skeleton (loose names)
    // At least half of the smaller side matches (a 20-bone mesh on a 130-bone avatar fits).
    bool fits() const { return matched > 0 && matched * 2 >= std::min(names, meshBones); }
};
MeshFit meshFit(const Skeleton& meshSkeleton, const Scene& scene);

} // namespace bonescope::gui
