#include "formats/assimp/assimp_format.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <string_view>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include "core/binding.h"
#include "formats/assimp/assimp_import.h"
#include "formats/assimp/gltf_json.h"
#include "formats/convert/name_list.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace {

std::string_view text(std::span<const uint8_t> b, size_t max)
{
    return {reinterpret_cast<const char*>(b.data()), std::min(b.size(), max)};
}

// Assimp's hint for the bytes, or "" when they are none of ours. glTF JSON is recognised by its
// top-level "asset" key wherever it is (a full scan: the key may come last or be escaped).
std::string formatHint(std::span<const uint8_t> head)
{
    const std::string_view t = text(head, 4096);
    if (t.starts_with("glTF"))
        return "glb";
    if (t.starts_with("Kaydara FBX Binary"))
        return "fbx";
    if (t.find("<COLLADA") != std::string_view::npos)
        return "dae";
    const size_t first = t.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && t[first] == '{' && scanGltfJson(text(head, head.size())).hasAsset)
        return "gltf";
    return "";
}

// ---- Reading animations ----------------------------------------------------------------------------

// A frame rate for keys that have none: the first common rate every key time sits on, else the
// first of 30, 60, 120, 240 fps at which no two keys of a channel share a frame (else 240).
double rateFromKeySpacing(const Animation& a)
{
    std::vector<double> times;
    double minGap = INFINITY;
    auto add = [&](const auto& keys) {
        for (size_t k = 0; k < keys.size(); ++k) {
            times.push_back(keys[k].time);
            if (k > 0 && keys[k].time > keys[k - 1].time)
                minGap = std::min(minGap, keys[k].time - keys[k - 1].time);
        }
    };
    for (const Track& t : a.tracks) {
        add(t.translation.keys);
        add(t.rotation.keys);
        add(t.scale.keys);
    }
    for (const double rate : {24.0, 25.0, 30.0, 48.0, 50.0, 60.0, 120.0, 240.0})
        if (std::all_of(times.begin(), times.end(), [&](double t) { return std::abs(t * rate - std::round(t * rate)) < 1e-3; }))
            return rate;
    for (const double rate : {30.0, 60.0, 120.0})
        if (minGap * rate >= 1.0)
            return rate;
    return 240.0;
}

// Assimp leaves mTicksPerSecond 0 when the file does not say; 25 is its own documented default.
constexpr double kDefaultTicksPerSecond = 25.0;

Animation readAnimation(const aiAnimation& an)
{
    Animation a;
    a.name = an.mName.C_Str();
    const double tps = an.mTicksPerSecond > 0 ? an.mTicksPerSecond : kDefaultTicksPerSecond;
    // glTF comes as 1000 ticks (milliseconds) per second: that is no frame rate (set below).
    a.fps = tps >= 1 && tps <= 240 && tps == std::round(tps) ? tps : 0.0;
    a.duration = std::isfinite(an.mDuration) && an.mDuration > 0 ? an.mDuration / tps : 0.0;
    for (unsigned c = 0; c < an.mNumChannels; ++c) {
        const aiNodeAnim* ch = an.mChannels[c];
        if (!ch)
            continue;
        Track t;
        t.name = ch->mNodeName.C_Str();
        for (unsigned k = 0; k < ch->mNumPositionKeys; ++k) {
            const aiVectorKey& key = ch->mPositionKeys[k];
            t.translation.keys.push_back({key.mTime / tps, {key.mValue.x, key.mValue.y, key.mValue.z}});
        }
        for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) {
            const aiQuatKey& key = ch->mRotationKeys[k];
            t.rotation.keys.push_back({key.mTime / tps, glm::dquat(key.mValue.w, key.mValue.x, key.mValue.y, key.mValue.z)});
        }
        for (unsigned k = 0; k < ch->mNumScalingKeys; ++k) {
            const aiVectorKey& key = ch->mScalingKeys[k];
            t.scale.keys.push_back({key.mTime / tps, {key.mValue.x, key.mValue.y, key.mValue.z}});
        }
        for (const auto* keys : {&t.translation.keys, &t.scale.keys})
            if (!keys->empty())
                a.duration = std::max(a.duration, keys->back().time);
        if (!t.rotation.keys.empty())
            a.duration = std::max(a.duration, t.rotation.keys.back().time);
        a.tracks.push_back(std::move(t));
    }
    if (a.fps == 0) {
        a.fps = rateFromKeySpacing(a);
        a.fpsFromKeys = true;
    }
    return a;
}

// ---- Writing -----------------------------------------------------------------------------------------

aiMatrix4x4 toAi(const glm::mat4& m)
{
    // glm is column-major (m[col][row]); aiMatrix4x4 is row-major.
    return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1], m[0][2], m[1][2],
                       m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]);
}

aiNode* makeNode(const std::string& name, const aiMatrix4x4& m)
{
    auto* n = new aiNode(name);
    n->mTransformation = m;
    return n;
}

void setChildren(aiNode* parent, const std::vector<aiNode*>& children)
{
    if (children.empty())
        return;
    parent->mNumChildren = unsigned(children.size());
    parent->mChildren = new aiNode*[children.size()];
    for (size_t i = 0; i < children.size(); ++i) {
        parent->mChildren[i] = children[i];
        children[i]->mParent = parent;
    }
}

aiMesh* makeMesh(const Mesh& mesh, const Skeleton& skel)
{
    auto* m = new aiMesh();
    m->mName = "mesh";
    m->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    m->mMaterialIndex = 0;
    const unsigned n = unsigned(mesh.positions.size());
    m->mNumVertices = n;
    m->mVertices = new aiVector3D[n];
    for (unsigned v = 0; v < n; ++v)
        m->mVertices[v] = aiVector3D(mesh.positions[v].x, mesh.positions[v].y, mesh.positions[v].z);
    if (mesh.normals.size() == n) {
        m->mNormals = new aiVector3D[n];
        for (unsigned v = 0; v < n; ++v)
            m->mNormals[v] = aiVector3D(mesh.normals[v].x, mesh.normals[v].y, mesh.normals[v].z);
    }
    if (mesh.uvs.size() == n) {
        m->mTextureCoords[0] = new aiVector3D[n];
        m->mNumUVComponents[0] = 2;
        for (unsigned v = 0; v < n; ++v)
            m->mTextureCoords[0][v] = aiVector3D(mesh.uvs[v].x, mesh.uvs[v].y, 0);
    }
    const unsigned faces = unsigned(mesh.indices.size() / 3);
    m->mNumFaces = faces;
    m->mFaces = new aiFace[faces];
    for (unsigned f = 0; f < faces; ++f) {
        m->mFaces[f].mNumIndices = 3;
        m->mFaces[f].mIndices = new unsigned[3];
        for (int k = 0; k < 3; ++k)
            m->mFaces[f].mIndices[k] = mesh.indices[3 * f + k] < n ? mesh.indices[3 * f + k] : 0;
    }
    if (!mesh.skinned())
        return m;
    // One aiBone per joint that weighs some vertex, offset = its inverse bind matrix.
    std::vector<std::vector<aiVertexWeight>> weights(skel.size());
    for (unsigned v = 0; v < n; ++v)
        for (int k = 0; k < 4; ++k)
            if (mesh.weights[v][k] > 0 && mesh.joints[v][k] < skel.size())
                weights[mesh.joints[v][k]].push_back(aiVertexWeight(v, mesh.weights[v][k]));
    const auto restWorld = skel.restWorld();
    std::vector<aiBone*> bones;
    for (size_t j = 0; j < skel.size(); ++j) {
        if (weights[j].empty())
            continue;
        auto* b = new aiBone();
        b->mName = skel.bones[j].name;
        b->mOffsetMatrix = toAi(j < mesh.inverseBind.size() ? mesh.inverseBind[j] : glm::inverse(glm::mat4(restWorld[j])));
        b->mNumWeights = unsigned(weights[j].size());
        b->mWeights = new aiVertexWeight[weights[j].size()];
        std::copy(weights[j].begin(), weights[j].end(), b->mWeights);
        bones.push_back(b);
    }
    m->mNumBones = unsigned(bones.size());
    m->mBones = new aiBone*[bones.size()];
    std::copy(bones.begin(), bones.end(), m->mBones);
    return m;
}

aiAnimation* makeAnimation(const Animation& a)
{
    constexpr double tps = 1000.0; // as Assimp reads glTF: milliseconds
    auto* an = new aiAnimation();
    an->mName = a.name;
    an->mTicksPerSecond = tps;
    an->mDuration = a.duration * tps;
    std::vector<aiNodeAnim*> channels;
    for (const Track& t : a.tracks) {
        if (t.translation.empty() && t.rotation.empty() && t.scale.empty())
            continue;
        auto* ch = new aiNodeAnim();
        ch->mNodeName = t.name;
        auto vecKeys = [&](const Vec3Channel& c, unsigned& count, aiVectorKey*& out) {
            count = unsigned(c.size());
            out = count ? new aiVectorKey[count] : nullptr;
            for (unsigned k = 0; k < count; ++k)
                out[k] = aiVectorKey(c.keys[k].time * tps, aiVector3D(c.keys[k].value.x, c.keys[k].value.y, c.keys[k].value.z));
        };
        vecKeys(t.translation, ch->mNumPositionKeys, ch->mPositionKeys);
        vecKeys(t.scale, ch->mNumScalingKeys, ch->mScalingKeys);
        ch->mNumRotationKeys = unsigned(t.rotation.size());
        ch->mRotationKeys = ch->mNumRotationKeys ? new aiQuatKey[ch->mNumRotationKeys] : nullptr;
        for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) {
            const glm::dquat q = t.rotation.keys[k].value;
            ch->mRotationKeys[k] = aiQuatKey(t.rotation.keys[k].time * tps, aiQuaternion(q.w, q.x, q.y, q.z));
        }
        channels.push_back(ch);
    }
    an->mNumChannels = unsigned(channels.size());
    an->mChannels = new aiNodeAnim*[channels.size()];
    std::copy(channels.begin(), channels.end(), an->mChannels);
    return an;
}

// The scene as Assimp's exporter takes it: a root node "Scene" holding the skeleton's roots and the
// mesh node (identity, so mesh space is scene space), one default material: two-sided unless the
// whole mesh is single-sided, so that reading the file back draws the same faces.
std::unique_ptr<aiScene> buildScene(const Scene& s)
{
    auto sc = std::make_unique<aiScene>();
    sc->mNumMaterials = 1;
    sc->mMaterials = new aiMaterial*[1]{new aiMaterial()};
    const int twoSided = s.mesh.singleSidedIndices < s.mesh.indices.size() ? 1 : 0;
    sc->mMaterials[0]->AddProperty(&twoSided, 1, AI_MATKEY_TWOSIDED);
    const Animation* current = s.currentAnimation();
    const Skeleton skel = s.skeleton.empty() && current ? flatSkeleton(*current) : s.skeleton;

    sc->mRootNode = makeNode("Scene", aiMatrix4x4());
    std::vector<aiNode*> nodes(skel.size());
    for (size_t i = 0; i < skel.size(); ++i) {
        const Bone& b = skel.bones[i];
        nodes[i] = makeNode(b.name, toAi(glm::mat4(composeTRS(b.restTranslation, b.restRotation, b.restScale))));
    }
    std::vector<std::vector<aiNode*>> children(skel.size());
    std::vector<aiNode*> roots;
    for (size_t i = 0; i < skel.size(); ++i)
        (skel.bones[i].parent >= 0 ? children[skel.bones[i].parent] : roots).push_back(nodes[i]);
    for (size_t i = 0; i < skel.size(); ++i)
        setChildren(nodes[i], children[i]);
    if (!s.mesh.empty()) {
        sc->mNumMeshes = 1;
        sc->mMeshes = new aiMesh*[1]{makeMesh(s.mesh, skel)};
        aiNode* holder = makeNode("mesh", aiMatrix4x4());
        holder->mNumMeshes = 1;
        holder->mMeshes = new unsigned[1]{0};
        roots.push_back(holder);
    }
    setChildren(sc->mRootNode, roots);

    sc->mNumAnimations = unsigned(s.animations.size());
    sc->mAnimations = sc->mNumAnimations ? new aiAnimation*[sc->mNumAnimations] : nullptr;
    for (size_t i = 0; i < s.animations.size(); ++i)
        sc->mAnimations[i] = makeAnimation(s.animations[i]);
    return sc;
}

} // namespace

Capabilities AssimpFormat::capabilities() const
{
    Capabilities c;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.multipleAnimations = true;
    return c;
}

bool AssimpFormat::detect(std::span<const uint8_t> head) const { return !formatHint(head).empty(); }

Scene AssimpFormat::read(std::span<const uint8_t> bytes) const { return readFrom(bytes, ""); }

Scene AssimpFormat::readFrom(std::span<const uint8_t> bytes, const std::string& path) const
{
    const std::string hint = formatHint(bytes);
    if (hint.empty())
        throw ParseError("not a glTF, FBX or COLLADA file", 0);
    Assimp::Importer importer;
    // Only a .gltf names files beside it (its external buffers), and only when read from a folder.
    const aiScene& ai = readAssimp(importer, {bytes, hint, hint == "gltf" && !path.empty() ? folderOf(path) : ""});
    Scene scene;
    try {
        scene = sceneFromAssimp(ai);
    } catch (const std::runtime_error& e) {
        throw ParseError(e.what(), 0);
    }
    scene.format = id();
    for (unsigned i = 0; i < ai.mNumAnimations; ++i)
        if (ai.mAnimations[i])
            scene.animations.push_back(readAnimation(*ai.mAnimations[i]));
    return scene;
}

FileSummary AssimpFormat::summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const
{
    return summarizeScene(readFrom(bytes, path));
}

void AssimpFormat::fromCommon(Scene& scene, std::vector<std::string>& report) const
{
    std::map<std::string, int> count;
    std::set<std::string> taken;
    for (const Bone& b : scene.skeleton.bones)
        taken.insert(b.name);
    std::vector<std::string> newName(scene.skeleton.size());
    std::vector<std::string> renamed;
    for (size_t i = 0; i < scene.skeleton.size(); ++i) {
        const std::string& name = scene.skeleton.bones[i].name;
        newName[i] = name;
        if (count[name]++ == 0)
            continue;
        for (int k = count[name]; taken.count(newName[i]); ++k)
            newName[i] = name + "." + std::to_string(k);
        taken.insert(newName[i]);
        renamed.push_back(name + " -> " + newName[i]);
    }
    if (renamed.empty())
        return;
    for (Animation& a : scene.animations) {
        const Binding binding = Binding::bind(a, scene.skeleton);
        for (size_t b = 0; b < binding.trackOfBone.size(); ++b)
            if (binding.trackOfBone[b] >= 0)
                a.tracks[binding.trackOfBone[b]].name = newName[b];
    }
    for (size_t i = 0; i < scene.skeleton.size(); ++i)
        scene.skeleton.bones[i].name = newName[i];
    report.push_back("glTF: node names must be unique; " + std::to_string(renamed.size()) +
                     " repeated bone name(s) renamed: " + nameList(renamed));
}

std::vector<uint8_t> AssimpFormat::write(const Scene& scene) const
{
    const std::unique_ptr<aiScene> ai = buildScene(scene);
    Assimp::Exporter exporter;
    const aiExportDataBlob* blob = exporter.ExportToBlob(ai.get(), "glb2");
    if (!blob)
        throw WriteError(std::string("glTF export failed: ") + exporter.GetErrorString());
    const auto* data = static_cast<const uint8_t*>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

} // namespace bonescope
