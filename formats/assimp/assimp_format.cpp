#include "formats/assimp/assimp_format.h"
#include "formats/gltf/gltf_write.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <string_view>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <nlohmann/json.hpp>

#include "core/playback/binding.h"
#include "formats/assimp/assimp_child.h"
#include "formats/assimp/assimp_import.h"
#include "formats/assimp/assimp_io.h"
#include "formats/assimp/assimp_matrix.h"
#include "formats/assimp/collada_curved_keys.h"
#include "formats/assimp/collada_quirks.h"
#include "formats/assimp/fbx_fallback.h"
#include "formats/assimp/fbx_helper_nodes.h"
#include "formats/gltf/gltf_json.h"
#include "formats/assimp/reader_additions.h"
#include "formats/assimp/stated_up_axis.h"
#include "formats/convert/name_list.h"
#include "formats/key_rate.h"
#include "formats/parse_error.h"
#include "formats/platform/utf8_path.h"
#include "formats/text_encoding.h"
#include "formats/write_limits.h"
#include "formats/counted.h"

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
    // Binary FBX, or ASCII FBX (its header block comes first, after "; FBX 7.x" comment lines).
    if (t.starts_with("Kaydara FBX Binary") || t.find("FBXHeaderExtension:") != std::string_view::npos)
        return "fbx";
    if (t.find("<COLLADA") != std::string_view::npos)
        return "dae";
    const size_t first = t.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && t[first] == '{' && scanGltfJson(text(head, head.size())).hasAsset)
        return "gltf";
    return "";
}

// ---- Reading animations ----------------------------------------------------------------------------

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

// glTF strings are UTF-8 (fromCommon reports the names that change).
aiNode* makeNode(const std::string& name, const aiMatrix4x4& m)
{
    auto* n = new aiNode(validUtf8(name));
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
        b->mName = validUtf8(skel.bones[j].name);
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

bool hasNodeKeys(const Track& t) { return !t.translation.empty() || !t.rotation.empty() || !t.scale.empty(); }

// The nodes the writer makes: the skeleton's bones, or one per track of the current animation.
Skeleton exportSkeleton(const Scene& s)
{
    const Animation* current = s.currentAnimation();
    return s.skeleton.empty() && current ? flatSkeleton(*current) : s.skeleton;
}

// Node names Assimp's glTF exporter takes as IDs before the bones' (our root node, its first
// material). It finds an animation's target node by ID: a bone of one of these names, an empty
// name or a repeated one would get another ID, leave its channel without a node, and Assimp 5.2
// dereferences that null node when it writes the file.
bool reservedNodeName(const std::string& utf8) { return utf8 == "Scene" || utf8 == "material_0"; }

// An animation's channels: each bone with a bound track that has translation, rotation or scale
// keys (a track no bone binds animates nothing, as in the window). The channel names the bone's node.
std::vector<std::pair<size_t, const Track*>> channelsOf(const Animation& a, const Skeleton& skel)
{
    const Binding binding = Binding::bind(a, skel);
    std::vector<std::pair<size_t, const Track*>> out;
    for (size_t b = 0; b < binding.trackOfBone.size(); ++b)
        if (binding.trackOfBone[b] >= 0 && hasNodeKeys(a.tracks[binding.trackOfBone[b]]))
            out.push_back({b, &a.tracks[binding.trackOfBone[b]]});
    return out;
}

// glTF animations need at least one channel: the others (no bound track with node keys) are left
// out, as fromCommon reports.
bool writesAnimation(const Animation& a, const Skeleton& skel) { return !channelsOf(a, skel).empty(); }

aiAnimation* makeAnimation(const Animation& a, const Skeleton& skel)
{
    constexpr double tps = 1000.0; // as Assimp reads glTF: milliseconds
    const double shift = -gltf::earliestKey(a);
    auto* an = new aiAnimation();
    an->mName = validUtf8(a.name);
    an->mTicksPerSecond = tps;
    an->mDuration = (a.duration + shift) * tps;
    const auto channels = channelsOf(a, skel);
    an->mNumChannels = unsigned(channels.size());
    an->mChannels = new aiNodeAnim*[channels.size()];
    for (size_t c = 0; c < channels.size(); ++c) {
        const Track& t = *channels[c].second;
        auto* ch = an->mChannels[c] = new aiNodeAnim();
        ch->mNodeName = validUtf8(skel.bones[channels[c].first].name);
        auto vecKeys = [&](const Vec3Channel& c, unsigned& count, aiVectorKey*& out) {
            count = unsigned(c.size());
            out = count ? new aiVectorKey[count] : nullptr;
            for (unsigned k = 0; k < count; ++k) {
                const glm::dvec3 v = c.keys.value(k);
                out[k] = aiVectorKey((c.keys.time(k) + shift) * tps, aiVector3D(v.x, v.y, v.z));
            }
        };
        vecKeys(t.translation, ch->mNumPositionKeys, ch->mPositionKeys);
        vecKeys(t.scale, ch->mNumScalingKeys, ch->mScalingKeys);
        ch->mNumRotationKeys = unsigned(t.rotation.size());
        ch->mRotationKeys = ch->mNumRotationKeys ? new aiQuatKey[ch->mNumRotationKeys] : nullptr;
        for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) {
            const glm::dquat q = t.rotation.keys.value(k);
            ch->mRotationKeys[k] = aiQuatKey((t.rotation.keys.time(k) + shift) * tps, aiQuaternion(q.w, q.x, q.y, q.z));
        }
    }
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
    const Skeleton skel = exportSkeleton(s);

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

    std::vector<aiAnimation*> animations;
    for (const Animation& a : s.animations)
        if (writesAnimation(a, skel))
            animations.push_back(makeAnimation(a, skel));
    sc->mNumAnimations = unsigned(animations.size());
    sc->mAnimations = animations.empty() ? nullptr : new aiAnimation*[animations.size()];
    std::copy(animations.begin(), animations.end(), sc->mAnimations);
    return sc;
}

uint32_t le32(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24; }
void putLe32(std::vector<uint8_t>& out, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(uint8_t(v >> (8 * i)));
}

// Assimp's glTF exporter reserves room in its buffer that no buffer view uses (after a view of
// 16-bit joint indices, for one) and leaves it as it came from the heap: bytes of whatever the
// process held there before, another file's data in a batch, written into the user's file. Every
// byte of the BIN chunk that no view of buffer 0 covers is set to zero.
void zeroUnusedBinary(std::vector<uint8_t>& glb, const nlohmann::json& doc, size_t bin)
{
    if (bin + 8 > glb.size() || !doc.contains("bufferViews") || !doc["bufferViews"].is_array())
        return;
    const size_t start = bin + 8, length = std::min<size_t>(le32(&glb[bin]), glb.size() - start);
    std::vector<uint8_t> used(length, 0);
    for (const auto& v : doc["bufferViews"]) {
        if (!v.is_object() || v.value("buffer", -1) != 0 || !v.contains("byteLength"))
            continue;
        const size_t offset = v.value("byteOffset", size_t(0)), size = v.value("byteLength", size_t(0));
        for (size_t i = offset; i < std::min(length, offset + size); ++i)
            used[i] = 1;
    }
    for (size_t i = 0; i < length; ++i)
        if (!used[i])
            glb[start + i] = 0;
}

// Assimp's glTF exporter takes a node transform within 0.01 of identity for identity (its
// aiMatrix4x4::IsIdentity epsilon) and writes no transform at all: a finger tip or a shin's end node
// 0.009 units from its parent lands on it. Each bone's node gets its rest transform back (names are
// unique: write() refuses others). True when a node changed.
bool restoreSmallTransforms(nlohmann::json& doc, const Skeleton& skel)
{
    if (!doc.contains("nodes") || !doc["nodes"].is_array())
        return false;
    std::map<std::string, const Bone*> byName;
    for (const Bone& b : skel.bones)
        byName[validUtf8(b.name)] = &b;
    // A name on two nodes (a bone called like the writer's own "mesh" node) says nothing for sure.
    std::map<std::string, int> nodesNamed;
    for (const nlohmann::json& node : doc["nodes"])
        if (node.is_object() && node.contains("name") && node["name"].is_string())
            ++nodesNamed[node["name"].get<std::string>()];
    bool changed = false;
    for (nlohmann::json& node : doc["nodes"]) {
        if (!node.is_object() || !node.contains("name") || !node["name"].is_string() ||
            nodesNamed[node["name"].get<std::string>()] != 1)
            continue;
        const auto it = byName.find(node["name"].get<std::string>());
        if (it == byName.end() || node.contains("matrix") || node.contains("translation") || node.contains("rotation") ||
            node.contains("scale"))
            continue;
        const Bone& b = *it->second;
        // As the exporter writes them: 32-bit floats, identity parts left out.
        const glm::vec3 t(b.restTranslation), s(b.restScale);
        const glm::quat r(b.restRotation);
        if (t != glm::vec3(0.f))
            node["translation"] = {t.x, t.y, t.z};
        if (r != glm::quat(1.f, 0.f, 0.f, 0.f))
            node["rotation"] = {r.x, r.y, r.z, r.w};
        if (s != glm::vec3(1.f))
            node["scale"] = {s.x, s.y, s.z};
        changed = changed || node.contains("translation") || node.contains("rotation") || node.contains("scale");
    }
    return changed;
}

// Assimp writes empty top-level arrays (`"buffers": []` for a skeleton without keys or mesh), which
// glTF forbids (EMPTY_ENTITY): rebuild the GLB without them, and without a BIN chunk no buffer uses.
// Also zeroes the BIN bytes no view uses (zeroUnusedBinary), and gives back the transforms Assimp
// dropped as near identity (restoreSmallTransforms).
std::vector<uint8_t> repairedGlb(std::vector<uint8_t> glb, const Skeleton& skel)
{
    constexpr uint32_t Json = 0x4E4F534A, Bin = 0x004E4942;
    if (glb.size() < 20 || le32(&glb[16]) != Json || 20 + size_t(le32(&glb[12])) > glb.size())
        return glb;
    const size_t jsonLength = le32(&glb[12]);
    nlohmann::json doc = nlohmann::json::parse(glb.begin() + 20, glb.begin() + 20 + jsonLength, nullptr, false);
    if (!doc.is_object())
        return glb;
    zeroUnusedBinary(glb, doc, 20 + jsonLength);
    const bool restored = restoreSmallTransforms(doc, skel);
    std::vector<std::string> empty;
    for (auto it = doc.begin(); it != doc.end(); ++it)
        if (it.value().is_array() && it.value().empty())
            empty.push_back(it.key());
    if (empty.empty() && !restored)
        return glb;
    for (const std::string& key : empty)
        doc.erase(key);
    std::string json = doc.dump();
    json.append((4 - json.size() % 4) % 4, ' ');
    std::vector<uint8_t> out = {'g', 'l', 'T', 'F'};
    putLe32(out, 2);
    putLe32(out, 0); // total length, set below
    putLe32(out, uint32_t(json.size()));
    putLe32(out, Json);
    out.insert(out.end(), json.begin(), json.end());
    const size_t bin = 20 + jsonLength;
    if (doc.contains("buffers") && bin + 8 <= glb.size() && le32(&glb[bin + 4]) == Bin)
        out.insert(out.end(), glb.begin() + bin, glb.end());
    for (int i = 0; i < 4; ++i)
        out[8 + i] = uint8_t(out.size() >> (8 * i));
    return out;
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

std::string assimpFormatHint(std::span<const uint8_t> bytes) { return formatHint(bytes); }

Scene AssimpFormat::read(std::span<const uint8_t> bytes) const { return readFrom(bytes, ""); }

Scene AssimpFormat::readFrom(std::span<const uint8_t> bytes, const std::string& path) const
{
    const std::string hint = formatHint(bytes);
    if (hint.empty())
        throw ParseError("not a glTF, FBX or COLLADA file", 0);
    // Only a .gltf names files beside it (its external buffers), and only when read from a folder.
    const auto viaAssimp = [&] {
        return importInChild({hint, hint == "gltf" && !path.empty() ? folderOf(path) : "", true, bytes, ""}, path);
    };
    return hint == "fbx" ? readFbxWithFallback(bytes, path, true, viaAssimp) : viaAssimp();
}

Scene readWithAssimp(std::span<const uint8_t> bytes, const std::string& hint, const std::string& folder, bool animations,
                     const std::string& name)
{
    if (hint == "dae" && colladaHoldsNoScene(bytes)) { // valid, and nothing to show (Assimp refuses it)
        Scene empty;
        empty.format = animations ? "assimp" : "";
        return empty;
    }
    Assimp::Importer importer;
    const aiScene& ai = readAssimp(importer, {bytes, hint, folder, name});
    if (hint == "mdl") // the importer owns the scene; this removes nodes of its own
        dropHalfLifeInfoNodes(const_cast<aiScene&>(ai));
    std::vector<double> curvedRates; // COLLADA curves: keys of its own, between frames
    if (hint == "dae" && animations)
        curvedRates = playColladaCurves(const_cast<aiScene&>(ai), bytes);
    Scene scene;
    try {
        scene = sceneFromAssimp(ai);
    } catch (const std::runtime_error& e) {
        // A document read names the file's start; a skeleton mesh read has always named no offset.
        throw animations ? ParseError(e.what(), 0) : ParseError(e.what());
    }
    if (animations) {
        scene.format = "assimp";
        for (unsigned i = 0; i < ai.mNumAnimations; ++i)
            if (ai.mAnimations[i]) {
                Animation& a = scene.animations.emplace_back(readAnimation(*ai.mAnimations[i]));
                if (a.fpsFromKeys && i < curvedRates.size() && curvedRates[i] > 0)
                    a.fps = curvedRates[i];
            }
    }
    scene.statedUp = statedUpAxis(ai, hint);
    collapseFbxHelperNodes(scene);
    if (onlyStickFigure(ai)) // Bonescope draws the skeleton itself
        scene.mesh = Mesh{};
    return scene;
}

Scene readDocumentWithAssimp(std::span<const uint8_t> bytes, const std::string& hint, const std::string& folder,
                             const std::string& path, [[maybe_unused]] const std::string& formatName)
{
    const std::string name = path.empty() ? "" : platform::utf8String(platform::utf8Path(path).filename());
    return importInChild({hint, folder, true, bytes, name}, path);
}

FileSummary AssimpFormat::summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const
{
    return summarizeScene(readFrom(bytes, path));
}

std::string assimpExportFailure(const std::string& reason, const Scene& scene)
{
    const Animation* a = scene.currentAnimation();
    const size_t bones = scene.skeleton.empty() && a ? a->tracks.size() : scene.skeleton.size();
    std::string what = "glTF binary (.glb) export of " + counted(bones, "bone") + ", " +
                       counted(scene.animations.size(), "animation") +
                       (scene.mesh.empty() ? "" : " and a mesh") + " failed in Assimp's glTF exporter";
    return reason.empty() ? what + " (it gave no reason)" : what + ": " + reason;
}

// Assimp's aiString holds at most 1023 bytes: it drops a longer name (leaves it empty), and its glTF
// exporter then crashes looking the node up. Names written through it stay within this many bytes.
constexpr size_t kMaxNameBytes = 1000;

// The first bytes of UTF-8 text, at most `bytes`, not cutting a character.
static std::string cutUtf8(const std::string& text, size_t bytes)
{
    size_t end = std::min(bytes, text.size());
    while (end > 0 && end < text.size() && (uint8_t(text[end]) & 0xC0) == 0x80)
        --end;
    return text.substr(0, end);
}

// Names made unique among themselves and apart from `reserved`, compared as the UTF-8 text that is
// written: a repeated name becomes "NAME.2", a reserved one "NAME.1", an empty one "EMPTY.1", one
// longer than kMaxNameBytes its first bytes and ".1". `renamed` lists each change.
static std::vector<std::string> uniqueNames(const std::vector<std::string>& names, const std::set<std::string>& reserved,
                                            const std::string& empty, std::vector<std::string>& renamed)
{
    std::map<std::string, int> count;
    std::set<std::string> taken = reserved;
    for (const std::string& name : names)
        taken.insert(validUtf8(name));
    std::vector<std::string> out(names.size());
    for (size_t i = 0; i < names.size(); ++i) {
        const std::string& name = names[i];
        const std::string utf8 = validUtf8(name);
        const bool tooLong = utf8.size() > kMaxNameBytes;
        out[i] = name;
        if (!tooLong && !name.empty() && !reserved.count(utf8) && count[utf8]++ == 0)
            continue;
        const std::string base = name.empty() ? empty : tooLong ? cutUtf8(utf8, kMaxNameBytes - 12) : name;
        int k = name.empty() ? 1 : std::max(count[utf8], 1);
        do
            out[i] = base + "." + std::to_string(k++);
        while (taken.count(validUtf8(out[i])));
        taken.insert(validUtf8(out[i]));
        renamed.push_back("'" + (tooLong ? cutUtf8(utf8, 40) + "...' (" + std::to_string(utf8.size()) + " bytes)" : utf8 + "'") +
                          " -> " + (tooLong ? cutUtf8(out[i], 40) + "..." : validUtf8(out[i])));
    }
    return out;
}

// Assimp's exporter gives every glTF object an ID and finds an animation's target node by name:
// bone names must be unique, not empty and not its own; animation names unique and apart from the
// nodes' (else it refuses the export). Renamed bones keep their tracks.
static void renameForAssimp(Scene& scene, Report& report)
{
    std::vector<std::string> names, renamed;
    for (const Bone& b : scene.skeleton.bones)
        names.push_back(b.name);
    const std::vector<std::string> newName = uniqueNames(names, {"Scene", "material_0"}, "bone", renamed);
    if (!renamed.empty()) {
        for (Animation& a : scene.animations) {
            const Binding binding = Binding::bind(a, scene.skeleton);
            for (size_t b = 0; b < binding.trackOfBone.size(); ++b)
                if (binding.trackOfBone[b] >= 0)
                    a.tracks[binding.trackOfBone[b]].name = newName[b];
        }
        for (size_t i = 0; i < scene.skeleton.size(); ++i)
            scene.skeleton.bones[i].name = newName[i];
        report.push_back("glTF: node names must be unique, not empty, at most 1000 bytes and not the writer's own (Scene, "
                         "material_0); " +
                         counted(renamed.size(), "bone name") + " renamed: " + nameList(renamed));
    }
    std::set<std::string> nodes = {"Scene", "material_0", "mesh", "defaultScene"};
    for (const std::string& name : newName)
        nodes.insert(validUtf8(name));
    names.clear();
    renamed.clear();
    for (const Animation& a : scene.animations)
        names.push_back(a.name.empty() ? "anim" : a.name); // Assimp's name for an unnamed one
    const std::vector<std::string> animationName = uniqueNames(names, nodes, "anim", renamed);
    if (renamed.empty())
        return;
    for (size_t i = 0; i < scene.animations.size(); ++i)
        if (animationName[i] != names[i])
            scene.animations[i].name = animationName[i];
    report.push_back("glTF: animation names must be unique, not empty, at most 1000 bytes and not a node's; " +
                     counted(renamed.size(), "animation name") + " renamed: " + nameList(renamed));
}

void AssimpFormat::fromCommon(Scene& scene, Report& report) const
{
    // Without a skeleton the writer makes one node per track of the current animation: those nodes
    // are named (and renamed below) as bones are.
    if (scene.skeleton.empty())
        scene.skeleton = exportSkeleton(scene);
    std::set<std::string> notUtf8Set; // bone names, or track names where there is no skeleton
    for (const Bone& b : scene.skeleton.bones)
        if (!isValidUtf8(b.name))
            notUtf8Set.insert(validUtf8(b.name));
    for (const Animation& a : scene.animations)
        for (const Track& t : a.tracks)
            if (!isValidUtf8(t.name))
                notUtf8Set.insert(validUtf8(t.name));
    const std::vector<std::string> notUtf8(notUtf8Set.begin(), notUtf8Set.end());
    if (!notUtf8.empty())
        report.push_back("glTF: names are UTF-8 text; " + counted(notUtf8.size(), "bone name") +
                         agree(notUtf8.size(), " that is not gets", " that are not get") + " U+FFFD for their invalid bytes: " + nameList(notUtf8));
    renameForAssimp(scene, report);
    for (const Animation& a : scene.animations) {
        const std::string name = "animation '" + validUtf8(a.name) + "'";
        if (!writesAnimation(a, scene.skeleton)) {
            report.push_back("glTF: " + name + " has no translation, rotation or scale keys on a bone and is left "
                             "out (glTF animations need at least one node channel)");
            continue;
        }
        if (gltf::earliestKey(a) < 0)
            report.push_back("glTF: " + name + " starts at " + std::to_string(gltf::earliestKey(a)) +
                             " s; glTF key times cannot be negative, so its keys are shifted to start at 0");
        const Binding binding = Binding::bind(a, scene.skeleton);
        std::vector<std::string> unbound;
        for (const int t : binding.unmatchedTracks)
            if (hasNodeKeys(a.tracks[t]))
                unbound.push_back(validUtf8(a.tracks[t].name));
        if (!unbound.empty())
            report.push_back("glTF: " + name + ": " + counted(unbound.size(), "track") +
                             agree(unbound.size(), " that animates no bone is", " that animate no bone are") + " left out: " + nameList(unbound));
    }
}

std::vector<uint8_t> AssimpFormat::write(const Scene& scene) const
{
    // What the glTF reader (Assimp's importer, then assimp_import.cpp) takes back: 32-bit floats and
    // the node depth it allows, under the "Scene" root node this writer adds (and Assimp's own root).
    WriteLimits limits{"glTF"};
    limits.maxDepth = MaxNodeDepth - 2;
    limits.allAnimations = true;
    limits.mesh = true;
    checkWriteLimits(scene, limits);
    // Never hand Assimp a scene it cannot export (see reservedNodeName).
    const Skeleton skel = exportSkeleton(scene);
    std::set<std::string> names;
    for (size_t i = 0; i < skel.size(); ++i) {
        const std::string utf8 = validUtf8(skel.bones[i].name);
        if (utf8.size() > kMaxNameBytes)
            throw WriteError("glTF: bone " + std::to_string(i) + "'s name is " + std::to_string(utf8.size()) +
                             " bytes long; the glTF writer (Assimp) holds at most " + std::to_string(kMaxNameBytes) +
                             " (a conversion shortens it)");
        if (utf8.empty() || reservedNodeName(utf8) || !names.insert(utf8).second)
            throw WriteError("glTF: bone " + std::to_string(i) + (utf8.empty() ? " has no name" : " is named '" + utf8 + "'") +
                             (utf8.empty() ? "" : reservedNodeName(utf8) ? ", a name the writer uses itself" : " as another bone") +
                             "; glTF node names must be unique (a conversion renames it)");
    }
    for (const Animation& a : scene.animations)
        if (const size_t bytes = validUtf8(a.name).size(); bytes > kMaxNameBytes)
            throw WriteError("glTF: an animation's name is " + std::to_string(bytes) +
                             " bytes long; the glTF writer (Assimp) holds at most " + std::to_string(kMaxNameBytes) +
                             " (a conversion shortens it)");
    const std::unique_ptr<aiScene> ai = buildScene(scene);
    Assimp::Exporter exporter;
    const aiExportDataBlob* blob = exporter.ExportToBlob(ai.get(), "glb2");
    if (!blob)
        throw WriteError(assimpExportFailure(exporter.GetErrorString(), scene));
    const auto* data = static_cast<const uint8_t*>(blob->data);
    return repairedGlb(std::vector<uint8_t>(data, data + blob->size), skel);
}

} // namespace bonescope
