#include "formats/assimp/node_kinds.h"

#include <string>
#include <unordered_set>

#include <assimp/scene.h>

#include "formats/scene/node_kinds.h"

namespace bonescope {

void markAssimpNodeKinds(const aiScene& ai, const std::vector<const aiNode*>& nodes, Skeleton& skeleton)
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

    std::vector<NodeFacts> facts(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const std::string name = nodes[i]->mName.C_Str();
        facts[i] = {cameras.count(name) > 0, lights.count(name) > 0, joints.count(name) > 0, nodes[i]->mNumMeshes > 0};
    }
    markNodeKinds(facts, skeleton);
}

} // namespace bonescope
