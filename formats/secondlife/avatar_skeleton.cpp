#include "formats/secondlife/avatar_skeleton.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace bonescope::secondlife {

namespace {

struct Built {
    Skeleton skeleton;
    std::unordered_map<std::string, int> byName;
    std::unordered_map<std::string, int> byAlias;
};

// Collision volumes and attachment points are helpers; mScreen (the HUD attachments' parent, not a
// body part) is an attachment point too, mRoot a bone; the Bento bones are optional extensions.
BoneKind boneKind(const AvatarJointInfo& j)
{
    switch (JointKind(j.kind)) {
    case JointKind::Volume:
        return BoneKind::CollisionVolume;
    case JointKind::BentoBone:
        return BoneKind::Extension;
    case JointKind::Attachment:
        return BoneKind::AttachmentPoint;
    case JointKind::Special:
        return j.parent < 0 ? BoneKind::Bone : BoneKind::AttachmentPoint;
    default:
        return BoneKind::Bone;
    }
}

const Built& built()
{
    static const Built b = [] {
        Built out;
        out.skeleton.bones.reserve(kAvatarJointCount);
        for (size_t i = 0; i < kAvatarJointCount; ++i) {
            const AvatarJointInfo& j = kAvatarJoints[i];
            Bone bone;
            bone.name = j.name;
            bone.parent = j.parent;
            bone.restTranslation = {j.pos[0], j.pos[1], j.pos[2]};
            bone.restRotation = glm::dquat(j.rot[3], j.rot[0], j.rot[1], j.rot[2]);
            bone.flags = j.kind;
            bone.kind = boneKind(j);
            out.skeleton.bones.push_back(std::move(bone));
            out.byName.emplace(j.name, int(i));
            std::string_view aliases = j.aliases;
            while (!aliases.empty()) {
                const size_t space = aliases.find(' ');
                const std::string_view alias = aliases.substr(0, space);
                if (!alias.empty())
                    out.byAlias.emplace(std::string(alias), int(i));
                aliases = space == std::string_view::npos ? std::string_view() : aliases.substr(space + 1);
            }
            // As the viewer's alias map: attachment names with '_' for ' ' ("Left_Ear"), which BVH and
            // COLLADA names can spell.
            std::string underscored = j.name;
            std::replace(underscored.begin(), underscored.end(), ' ', '_');
            if (underscored != j.name)
                out.byAlias.emplace(std::move(underscored), int(i));
        }
        return out;
    }();
    return b;
}

} // namespace

const Skeleton& avatarSkeleton() { return built().skeleton; }

int findAvatarJoint(std::string_view name)
{
    const auto& m = built().byName;
    const auto it = m.find(std::string(name));
    return it == m.end() ? -1 : it->second;
}

int findCollisionVolume(std::string_view name)
{
    const int i = findAvatarJoint(name);
    return i >= 0 && kAvatarJoints[i].kind == uint8_t(JointKind::Volume) ? i : -1;
}

bool isAnimatableJoint(std::string_view name)
{
    const int i = findAvatarJoint(name);
    return i >= 0 && kAvatarJoints[i].kind != uint8_t(JointKind::Special);
}

bool isAttachmentPoint(std::string_view name)
{
    const int i = findAvatarJoint(name);
    return i >= 0 && kAvatarJoints[i].kind == uint8_t(JointKind::Attachment);
}

int findByAlias(std::string_view bvhName)
{
    const auto& m = built().byAlias;
    const auto it = m.find(std::string(bvhName));
    if (it != m.end())
        return it->second;
    const int own = findAvatarJoint(bvhName);
    return own >= 0 && kAvatarJoints[own].kind != uint8_t(JointKind::Special) ? own : -1;
}

} // namespace bonescope::secondlife
