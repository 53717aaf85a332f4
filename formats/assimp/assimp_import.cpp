#include "formats/assimp/assimp_import.h"
#include "formats/assimp/assimp_io.h"
#include "formats/assimp/assimp_matrix.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <glm/gtc/matrix_inverse.hpp>

#include "formats/assimp/assimp_child.h"
#include "formats/assimp/collada_quirks.h"
#include "formats/assimp/assimp_format.h"
#include "formats/assimp/fbx_fallback.h"
#include "formats/assimp/fbx_helper_nodes.h"
#include "formats/gltf/gltf_json.h"
#include "formats/assimp/node_kinds.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/registry.h"

namespace bonescope {

namespace {

struct NodeInfo {
    const aiNode* node;
    glm::mat4 global; // node -> scene root
};

// Depth first and in the file's order (children after their parent), with an explicit stack: a
// crafted file's depth must not become ours.
// The root node Bonescope's glTF writer puts above the skeleton, "Scene" (a name it never gives a
// bone), and the node it hangs its mesh on, "mesh" (a child of that root with the mesh, no children
// and no transform), are not bones: read as bones, every save added them again above the skeleton,
// and a file written once could not be written again.
bool writersRoot(const aiScene& ai)
{
    const aiNode* n = ai.mRootNode;
    if (!n || std::string_view(n->mName.C_Str()) != "Scene" || !n->mTransformation.IsIdentity() || n->mNumMeshes != 0 ||
        n->mNumChildren == 0)
        return false;
    for (unsigned a = 0; a < ai.mNumAnimations; ++a) // an animated "Scene" is someone's bone
        for (unsigned c = 0; c < ai.mAnimations[a]->mNumChannels; ++c)
            if (std::string_view(ai.mAnimations[a]->mChannels[c]->mNodeName.C_Str()) == "Scene")
                return false;
    return true;
}
bool writersMeshHolder(const aiNode* n)
{
    return std::string_view(n->mName.C_Str()) == "mesh" && n->mNumMeshes > 0 && n->mNumChildren == 0 &&
           n->mTransformation.IsIdentity();
}

// Every node as a bone but the writer's own (above), whose mesh holders go to `holders`.
void addNodes(const aiScene& ai, Skeleton& out, std::vector<NodeInfo>& nodes, std::vector<const aiNode*>& holders)
{
    const aiNode* root = ai.mRootNode;
    struct Pending {
        const aiNode* node;
        int parent;
        size_t depth;
    };
    std::vector<Pending> stack{{root, -1, 1}};
    if (writersRoot(ai)) {
        stack.clear();
        for (unsigned i = root->mNumChildren; i-- > 0;) {
            const aiNode* child = root->mChildren[i];
            if (writersMeshHolder(child))
                holders.push_back(child);
            else
                stack.push_back({child, -1, 2});
        }
        std::reverse(holders.begin(), holders.end());
    }
    while (!stack.empty()) {
        const Pending at = stack.back();
        stack.pop_back();
        if (at.depth > size_t(MaxNodeDepth))
            throw std::runtime_error("node hierarchy deeper than " + std::to_string(size_t(MaxNodeDepth)) + " levels");
        const aiNode* node = at.node;
        aiVector3D s, p;
        aiQuaternion r;
        node->mTransformation.Decompose(s, r, p);
        Bone b;
        b.name = node->mName.C_Str();
        b.parent = at.parent;
        b.restTranslation = {p.x, p.y, p.z};
        b.restRotation = glm::dquat(r.w, r.x, r.y, r.z);
        b.restScale = {s.x, s.y, s.z};
        const int index = int(out.bones.size());
        out.bones.push_back(std::move(b));
        const glm::mat4 parentGlobal = at.parent >= 0 ? nodes[size_t(at.parent)].global : glm::mat4(1.f);
        nodes.push_back({node, parentGlobal * toGlm(node->mTransformation)});
        for (unsigned i = node->mNumChildren; i-- > 0;)
            stack.push_back({node->mChildren[i], index, at.depth + 1});
    }
}

// Adds the strongest four influences; LimitBoneWeights already keeps at most four per vertex.
void addInfluence(glm::uvec4& joints, glm::vec4& weights, uint32_t joint, float weight)
{
    int slot = 0;
    for (int i = 1; i < 4; ++i)
        if (weights[i] < weights[slot])
            slot = i;
    if (weight > weights[slot]) {
        joints[slot] = joint;
        weights[slot] = weight;
    }
}

// Appends one aiMesh, moved into scene-root space by the transform of the node that holds it.
// Skinned meshes take their joints from aiBone (matched to nodes by name); rigid ones follow their
// node with weight one, so every mesh deforms with the skeleton.
void appendMesh(const aiMesh* m, int holder, const std::vector<NodeInfo>& nodes,
                const std::unordered_map<std::string, int>& boneByName, Mesh& out,
                std::vector<uint8_t>& bindSet)
{
    if (!(m->mPrimitiveTypes & aiPrimitiveType_TRIANGLE))
        return;
    // holder -1: a mesh on the writer's own holder node, at the scene root.
    const glm::mat4 g = holder >= 0 ? nodes[size_t(holder)].global : glm::mat4(1.f);
    const uint32_t holderJoint = uint32_t(std::max(holder, 0));
    const glm::mat3 gn = glm::inverseTranspose(glm::mat3(g));
    const uint32_t base = uint32_t(out.positions.size());
    for (unsigned v = 0; v < m->mNumVertices; ++v) {
        const aiVector3D& p = m->mVertices[v];
        out.positions.push_back(glm::vec3(g * glm::vec4(p.x, p.y, p.z, 1.f)));
        glm::vec3 n(0, 1, 0);
        if (m->mNormals)
            n = glm::normalize(gn * glm::vec3(m->mNormals[v].x, m->mNormals[v].y, m->mNormals[v].z));
        out.normals.push_back(n);
        out.joints.push_back(glm::uvec4(0));
        out.weights.push_back(glm::vec4(0));
    }
    if (m->mNumBones == 0) {
        for (unsigned v = 0; v < m->mNumVertices; ++v) {
            out.joints[base + v] = glm::uvec4(holderJoint, 0, 0, 0);
            out.weights[base + v] = glm::vec4(1, 0, 0, 0);
        }
    }
    const glm::mat4 rootToMesh = glm::inverse(g);
    for (unsigned bi = 0; bi < m->mNumBones; ++bi) {
        const aiBone* bone = m->mBones[bi];
        auto it = boneByName.find(bone->mName.C_Str());
        if (it == boneByName.end())
            continue;
        const int j = it->second;
        if (!bindSet[j]) {
            out.inverseBind[j] = toGlm(bone->mOffsetMatrix) * rootToMesh;
            bindSet[j] = 1;
        }
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            const aiVertexWeight& vw = bone->mWeights[w];
            if (vw.mVertexId < m->mNumVertices)
                addInfluence(out.joints[base + vw.mVertexId], out.weights[base + vw.mVertexId], uint32_t(j), vw.mWeight);
        }
    }
    for (unsigned v = 0; v < m->mNumVertices; ++v) {
        glm::vec4& w = out.weights[base + v];
        const float sum = w.x + w.y + w.z + w.w;
        if (sum > 0) {
            w /= sum;
        } else { // a vertex no bone weighs follows the node holding the mesh
            out.joints[base + v] = glm::uvec4(holderJoint, 0, 0, 0);
            w = glm::vec4(1, 0, 0, 0);
        }
    }
    // A mirroring node transform turns the winding over: swap two corners to keep front faces front.
    const bool mirrored = glm::determinant(glm::mat3(g)) < 0;
    for (unsigned f = 0; f < m->mNumFaces; ++f) {
        const aiFace& face = m->mFaces[f];
        if (face.mNumIndices != 3)
            continue;
        for (int k = 0; k < 3; ++k) {
            const unsigned corner = mirrored && k > 0 ? face.mIndices[3 - k] : face.mIndices[k];
            out.indices.push_back(base + (corner < m->mNumVertices ? corner : 0));
        }
    }
}

// Only a material that says so is single-sided (glTF always says; most other formats never do).
bool singleSided(const aiScene& ai, const aiMesh* m)
{
    if (m->mMaterialIndex >= ai.mNumMaterials)
        return false;
    int twoSided = 0;
    return ai.mMaterials[m->mMaterialIndex]->Get(AI_MATKEY_TWOSIDED, twoSided) == AI_SUCCESS && twoSided == 0;
}

} // namespace

Scene sceneFromAssimp(const aiScene& ai)
{
    Scene scene;
    scene.format = "assimp";
    std::vector<NodeInfo> nodes;
    std::vector<const aiNode*> holders;
    addNodes(ai, scene.skeleton, nodes, holders);
    {
        std::vector<const aiNode*> read(nodes.size());
        for (size_t i = 0; i < nodes.size(); ++i)
            read[i] = nodes[i].node;
        markAssimpNodeKinds(ai, read, scene.skeleton);
    }

    // Node names are not unique in every file: the first node of a name is the one bones refer to.
    std::unordered_map<std::string, int> boneByName;
    for (int i = int(nodes.size()) - 1; i >= 0; --i)
        boneByName[nodes[i].node->mName.C_Str()] = i;

    Mesh& mesh = scene.mesh;
    mesh.inverseBind.resize(nodes.size());
    std::vector<uint8_t> bindSet(nodes.size(), 0);
    // Single-sided meshes first, so that one range of the index list can be drawn with culling.
    for (const bool wantSingle : {true, false}) {
        for (size_t i = 0; i < nodes.size(); ++i) {
            const aiNode* node = nodes[i].node;
            for (unsigned k = 0; k < node->mNumMeshes; ++k)
                if (node->mMeshes[k] < ai.mNumMeshes && singleSided(ai, ai.mMeshes[node->mMeshes[k]]) == wantSingle)
                    appendMesh(ai.mMeshes[node->mMeshes[k]], int(i), nodes, boneByName, mesh, bindSet);
        }
        for (const aiNode* holder : holders)
            for (unsigned k = 0; k < holder->mNumMeshes; ++k)
                if (holder->mMeshes[k] < ai.mNumMeshes && singleSided(ai, ai.mMeshes[holder->mMeshes[k]]) == wantSingle)
                    appendMesh(ai.mMeshes[holder->mMeshes[k]], -1, nodes, boneByName, mesh, bindSet);
        if (wantSingle)
            mesh.singleSidedIndices = uint32_t(mesh.indices.size());
    }
    // Joints no aiBone names bind at their rest pose.
    for (size_t i = 0; i < nodes.size(); ++i)
        if (!bindSet[i])
            mesh.inverseBind[i] = glm::inverse(nodes[i].global);
    if (mesh.positions.empty())
        mesh = Mesh{};
    return scene;
}

unsigned assimpReadFlags()
{
    return aiProcess_Triangulate | aiProcess_LimitBoneWeights | aiProcess_JoinIdenticalVertices |
           aiProcess_GenSmoothNormals;
}

const aiScene& readAssimp(Assimp::Importer& importer, const AssimpSource& source)
{
    // What Assimp's glTF importers would misread is refused here: a .glb container whose lengths
    // point past the file (Assimp 5.2 reads past its buffer), JSON that is not JSON, and node
    // hierarchies deep enough to overflow the stack (it recurses once per level), skins with fewer
    // inverse bind matrices than joints (read past the end by joint index). The .glb is
    // recognised by its magic whatever the name says, as Assimp does.
    std::optional<std::string_view> json = glbJsonChunk(source.bytes);
    const uint64_t jsonAt = json ? 20 : 0;
    if (!json && source.extension == "gltf")
        json = std::string_view(reinterpret_cast<const char*>(source.bytes.data()), source.bytes.size());
    if (json) {
        const GltfJsonFacts facts = scanGltfJson(*json);
        if (facts.errorOffset != ~uint64_t(0))
            throw ParseError("the glTF JSON is not valid JSON", jsonAt + facts.errorOffset);
        if (facts.nodeCycle)
            throw ParseError("a glTF node is its own ancestor (the node hierarchy loops)");
        if (facts.nodeDepth > size_t(MaxNodeDepth))
            throw ParseError("node hierarchy " + std::to_string(facts.nodeDepth) + " levels deep; Bonescope reads at most " +
                             std::to_string(size_t(MaxNodeDepth)));
        if (const std::string why = skinProblem(facts); !why.empty())
            throw ParseError(why);
    }
    try {
        return readConfined(importer, source, assimpReadFlags());
    } catch (const ParseError&) {
        // Valid COLLADA whose number lists start with spaces: read again without them.
        const auto trimmed = source.extension == "dae" ? colladaNumbersTrimmed(source.bytes) : std::nullopt;
        if (!trimmed)
            throw;
        AssimpSource again = source;
        again.bytes = *trimmed; // read during ReadFile only: the scene does not point into it
        return readConfined(importer, again, assimpReadFlags());
    }
}

Scene importWithAssimp(const std::string& path)
{
    return namingFile(path, [&] {
        const FileBytes file = FileBytes::open(path);
        const std::string ext = extensionOf(path);
        const auto viaAssimp = [&] {
            return importInChild({ext, ext == "gltf" ? folderOf(path) : "", false, file.bytes(), ""}, path);
        };
        return assimpFormatHint(file.bytes()) == "fbx" ? readFbxWithFallback(file.bytes(), path, false, viaAssimp)
                                                       : viaAssimp();
    });
}

} // namespace bonescope
