#include "formats/assimp/reader_additions.h"

#include <string_view>

#include <assimp/material.h>
#include <assimp/scene.h>

namespace bonescope {

bool onlyStickFigure(const aiScene& ai)
{
    if (!(ai.mFlags & AI_SCENE_FLAGS_INCOMPLETE) || ai.mNumMeshes == 0)
        return false;
    for (unsigned i = 0; i < ai.mNumMeshes; ++i) {
        const aiMesh* m = ai.mMeshes[i];
        aiString material;
        if (!m || m->mMaterialIndex >= ai.mNumMaterials ||
            ai.mMaterials[m->mMaterialIndex]->Get(AI_MATKEY_NAME, material) != AI_SUCCESS ||
            std::string_view(material.C_Str()) != "SkeletonMaterial")
            return false;
    }
    return true;
}

void dropHalfLifeInfoNodes(aiScene& ai)
{
    aiNode* root = ai.mRootNode;
    if (!root || std::string_view(root->mName.C_Str()) != "<MDL_root>")
        return;
    unsigned kept = 0;
    for (unsigned i = 0; i < root->mNumChildren; ++i) {
        aiNode* child = root->mChildren[i];
        const std::string_view name = child ? child->mName.C_Str() : "";
        if (name == "<MDL_bones>" || name == "<MDL_bodyparts>" || (child && child->mNumMeshes > 0))
            root->mChildren[kept++] = child;
        else
            delete child; // with its subtree
    }
    for (unsigned i = kept; i < root->mNumChildren; ++i)
        root->mChildren[i] = nullptr;
    root->mNumChildren = kept;
}

} // namespace bonescope
