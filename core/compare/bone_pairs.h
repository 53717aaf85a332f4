#pragma once
// Which bone of one skeleton is which of another's, for comparing two clips bone by bone: the same
// name, exact first, then without case or namespace ("mixamorig:Hips" and "hips"); the k-th bone of
// a repeated name pairs with the k-th of that name (LEGO files repeat node names in separate subtrees).
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct BonePairs {
    std::vector<int> bOfA;              // per bone of a: its bone in b, or -1
    std::vector<std::string> onlyInA;   // bones a's clip animates that b's skeleton lacks
    std::vector<std::string> onlyInB;   // and the other way
    size_t animatedA = 0;               // bones a's clip animates
};

// `animA` and `animB` say which bones each clip animates (a track names them): a bone of a big
// built-in skeleton that neither clip moves is no difference.
BonePairs pairBones(const Skeleton& a, const Animation& animA, const Skeleton& b, const Animation& animB);

} // namespace bonescope
