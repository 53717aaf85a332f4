#include "core/retarget/hips_followers.h"

namespace bonescope {

std::vector<int> followersOfHips(const Skeleton& s, int hips, const std::vector<uint8_t>& mapped)
{
    std::vector<int> out;
    if (hips < 0)
        return out;
    // The hips' proper ancestors (a bone beside the hips hangs from one of them; a mapped one moves
    // its children already), and the bones with a mapped bone at or below them.
    std::vector<uint8_t> aboveHips(s.size(), 0), mappedBelow(s.size(), 0);
    for (int a = s.bones[size_t(hips)].parent, guard = 0; a >= 0 && guard <= int(s.size()); a = s.bones[size_t(a)].parent, ++guard) {
        if (mapped[size_t(a)])
            return out;
        aboveHips[size_t(a)] = 1;
    }
    for (size_t b = 0; b < s.size(); ++b)
        if (mapped[b])
            for (int a = int(b), guard = 0; a >= 0 && !mappedBelow[size_t(a)] && guard <= int(s.size());
                 a = s.bones[size_t(a)].parent, ++guard)
                mappedBelow[size_t(a)] = 1;
    for (size_t b = 0; b < s.size(); ++b) {
        const Bone& bone = s.bones[b];
        if (bone.parent >= 0 && aboveHips[size_t(bone.parent)] && !aboveHips[b] && int(b) != hips && !mappedBelow[b] &&
            !bone.isSceneNode() && !bone.isHelper())
            out.push_back(int(b));
    }
    return out;
}

} // namespace bonescope
