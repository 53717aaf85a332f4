#pragma once
// The automatic bone map between two rigs.
#include "core/retarget/bone_map.h"
#include "core/model/skeleton.h"

namespace bonescope {

// Where both rigs are humanoids (humanoid.h), limb to limb by the descriptions: hips, each arm's and
// leg's joints, the head, and the spine and neck chains spread over each other when their lengths
// differ (bone_map.h distributeChain). Then every other bone (or every bone, when either rig is no
// humanoid) by name: the same name, then the same loose name (case, namespace), then the same
// canonical name (bone_names.h), then with synonyms. A name shared by several target bones matches
// none of them; helpers (collision volumes, attachment points) are never matched.
BoneMap autoMatch(const Skeleton& source, const Skeleton& target);

} // namespace bonescope
