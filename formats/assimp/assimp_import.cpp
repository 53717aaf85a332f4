#include "formats/assimp/assimp_import.h"

#include <stdexcept>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

namespace bonescope {

namespace {

void addNode(const aiNode* node, int parent, Skeleton& out, int depth)
{
    if (depth > 1000)
        throw std::runtime_error("node hierarchy deeper than 1000 levels");
    aiVector3D s, p;
    aiQuaternion r;
    node->mTransformation.Decompose(s, r, p);
    Bone b;
    b.name = node->mName.C_Str();
    b.parent = parent;
    b.restTranslation = {p.x, p.y, p.z};
    b.restRotation = glm::dquat(r.w, r.x, r.y, r.z);
    b.restScale = {s.x, s.y, s.z};
    const int index = int(out.bones.size());
    out.bones.push_back(std::move(b));
    for (unsigned i = 0; i < node->mNumChildren; ++i)
        addNode(node->mChildren[i], index, out, depth + 1);
}

} // namespace

Scene importWithAssimp(const std::string& path)
{
    Assimp::Importer importer;
    const aiScene* ai = importer.ReadFile(path, aiProcess_Triangulate | aiProcess_LimitBoneWeights |
                                                    aiProcess_JoinIdenticalVertices | aiProcess_GenSmoothNormals);
    if (!ai || !ai->mRootNode)
        throw std::runtime_error(path + ": " + importer.GetErrorString());
    Scene scene;
    scene.format = "assimp";
    try {
        addNode(ai->mRootNode, -1, scene.skeleton, 0);
    } catch (const std::exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    return scene;
}

} // namespace bonescope
