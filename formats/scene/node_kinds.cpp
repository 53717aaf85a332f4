#include "formats/scene/node_kinds.h"

#include <algorithm>

namespace bonescope {

void markNodeKinds(const std::vector<NodeFacts>& facts, Skeleton& skeleton)
{
    const size_t n = std::min(facts.size(), skeleton.bones.size());
    const bool anyJoint = std::any_of(facts.begin(), facts.begin() + std::ptrdiff_t(n), [](const NodeFacts& f) { return f.joint; });
    const auto order = skeleton.evaluationOrder(); // parents first, so a parent's kind is known
    if (!order)
        return;
    for (int index : *order) {
        const size_t i = size_t(index);
        if (i >= n)
            continue;
        Bone& bone = skeleton.bones[i];
        const NodeFacts& f = facts[i];
        if (f.camera) {
            bone.kind = BoneKind::Camera;
        } else if (f.light) {
            bone.kind = BoneKind::Light;
        } else if (anyJoint && !f.joint) {
            const bool belowJoint = bone.parent >= 0 && skeleton.bones[size_t(bone.parent)].kind == BoneKind::Bone;
            if (!belowJoint || f.mesh)
                bone.kind = BoneKind::Empty;
        }
    }
}

} // namespace bonescope
