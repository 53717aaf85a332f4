#include "formats/assimp/node_kinds.h"

#include <string>
#include <unordered_set>

#include <assimp/scene.h>

namespace bonescope {

void markNodeKinds(const aiScene& ai, const std::vector<const aiNode*>& nodes, Skeleton& skeleton)
{
    std::unordered_set<std::string> cameras, lights, joints;
    for (unsigned i = 0; i < ai.mNumCameras; ++i)
        if (ai.mCameras[i])
            cameras.insert(ai.mCameras[i]->mName.C_Str());
    for (unsigned i = 0; i < ai.mNumLights; ++i)
        if (ai.mLights[i])
            lights.insert(ai.mLights[i]->mName.C_Str());
    for (unsigned m = 0; m < ai.mNumMeshes; ++m)
        for (unsigned b = 0; ai.mMeshes[m] && b < ai.mMeshes[m]->mNumBones; ++b)
            joints.insert(ai.mMeshes[m]->mBones[b]->mName.C_Str());
    // Animated nodes are joints only in a file without skins: Blender keys its Armature object
    // beside the bones, and an animated locator is no more a limb than a still one.
    for (unsigned a = 0; joints.empty() && a < ai.mNumAnimations; ++a)
        for (unsigned c = 0; ai.mAnimations[a] && c < ai.mAnimations[a]->mNumChannels; ++c)
            joints.insert(ai.mAnimations[a]->mChannels[c]->mNodeName.C_Str());

    // Parents come before their children (assimp_import.cpp adds nodes depth first).
    for (size_t i = 0; i < nodes.size() && i < skeleton.bones.size(); ++i) {
        Bone& bone = skeleton.bones[i];
        const std::string name = nodes[i]->mName.C_Str();
        if (cameras.count(name)) {
            bone.kind = BoneKind::Camera;
        } else if (lights.count(name)) {
            bone.kind = BoneKind::Light;
        } else if (!joints.empty() && !joints.count(name)) {
            const bool belowJoint = bone.parent >= 0 && skeleton.bones[size_t(bone.parent)].kind == BoneKind::Bone;
            if (!belowJoint || nodes[i]->mNumMeshes > 0)
                bone.kind = BoneKind::Empty;
        }
    }
}

} // namespace bonescope
