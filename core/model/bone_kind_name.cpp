#include "core/model/bone_kind_name.h"

namespace bonescope {

const char* boneKindName(BoneKind kind)
{
    switch (kind) {
    case BoneKind::Bone: return "bone";
    case BoneKind::CollisionVolume: return "collision volume";
    case BoneKind::AttachmentPoint: return "attachment point";
    case BoneKind::Extension: return "extension";
    case BoneKind::Camera: return "camera";
    case BoneKind::Light: return "light";
    case BoneKind::Empty: return "empty";
    }
    return "bone";
}

} // namespace bonescope
