#include "formats/gltf/gltf_read.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <cstring>
#include <map>
#include <optional>

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <nlohmann/json.hpp>

#include "formats/gltf/gltf_accessor.h"
#include "formats/gltf/gltf_buffers.h"
#include "formats/gltf/gltf_json.h"
#include "formats/gltf/gltf_meshopt.h"
#include "formats/gltf/gltf_write.h"
#include "formats/json_parse.h"
#include "formats/key_rate.h"
#include "formats/parse_error.h"
#include "formats/scene/node_kinds.h"

namespace bonescope::gltf {

namespace {

using json = nlohmann::json;

// The array `key` of `o`, or an empty one when it is absent; anything else is refused.
const json& arrayOf(const json& o, const char* key)
{
    static const json empty = json::array();
    const auto it = o.find(key);
    if (it == o.end())
        return empty;
    if (!it->is_array())
        throw ParseError(std::string("\"") + key + "\" is not an array");
    return *it;
}

// An index property (a node's "mesh", a channel's "sampler"), checked against `limit`.
std::optional<size_t> indexOf(const json& o, const char* key, size_t limit, const std::string& what)
{
    const auto it = o.find(key);
    if (it == o.end())
        return std::nullopt;
    if (!it->is_number_unsigned() || it->get<uint64_t>() >= limit)
        throw ParseError(what + ": \"" + key + "\" is not the index of one of its " + std::to_string(limit) + " items");
    return size_t(it->get<uint64_t>());
}

// `n` numbers of a property (a node's translation), or nothing when it is absent.
bool numbers(const json& o, const char* key, size_t n, double* out, const std::string& what)
{
    const auto it = o.find(key);
    if (it == o.end())
        return false;
    if (!it->is_array() || it->size() != n)
        throw ParseError(what + ": \"" + key + "\" is not " + std::to_string(n) + " numbers");
    for (size_t i = 0; i < n; ++i) {
        if (!(*it)[i].is_number())
            throw ParseError(what + ": \"" + key + "\" is not " + std::to_string(n) + " numbers");
        out[i] = (*it)[i].get<double>();
    }
    return true;
}

glm::mat4 matrixAt(const AccessorData& a, size_t e)
{
    glm::mat4 m;
    for (int c = 0; c < 16; ++c)
        glm::value_ptr(m)[c] = float(a.at(e, c)); // both column-major
    return m;
}

class Reader {
public:
    Reader(const json& doc, const Buffers& buffers, ReadResult& out) : doc_(doc), buffers_(buffers), out_(out) {}

    void nodes();
    void meshes();
    void animations();
    void kinds();

private:
    void warnOnce(const std::string& text)
    {
        if (std::find(out_.warnings.begin(), out_.warnings.end(), text) == out_.warnings.end())
            out_.warnings.push_back(text);
    }
    void skins(std::vector<std::vector<size_t>>& jointsOfSkin);
    void primitive(const json& prim, size_t node, const std::vector<size_t>* joints, const std::string& what);
    void channel(const json& ch, const json& samplers, Animation& anim, std::map<size_t, size_t>& trackOfNode,
                 const std::string& what);

    const json& doc_;
    const Buffers& buffers_;
    ReadResult& out_;
    std::vector<glm::dmat4> restWorld_;
    std::vector<std::vector<size_t>> jointsOfSkin_;
    bool anyNormals_ = false, anyUvs_ = false;
};

void Reader::nodes()
{
    const json& list = arrayOf(doc_, "nodes");
    Skeleton& skel = out_.scene.skeleton;
    skel.bones.resize(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
        const json& node = list[i];
        const std::string what = "node " + std::to_string(i);
        if (!node.is_object())
            throw ParseError(what + " is not a JSON object");
        Bone& bone = skel.bones[i];
        const auto name = node.find("name");
        bone.name = name != node.end() && name->is_string() && !name->get<std::string>().empty()
                        ? name->get<std::string>()
                        : "node" + std::to_string(i); // a name to show and to bind by elsewhere
        double m[16];
        if (numbers(node, "matrix", 16, m, what)) {
            glm::dmat4 mat;
            std::copy(m, m + 16, glm::value_ptr(mat));
            decomposeTRS(mat, bone.restTranslation, bone.restRotation, bone.restScale);
        } else {
            double v[4];
            if (numbers(node, "translation", 3, v, what))
                bone.restTranslation = {v[0], v[1], v[2]};
            if (numbers(node, "rotation", 4, v, what))
                bone.restRotation = glm::dquat(v[3], v[0], v[1], v[2]);
            if (numbers(node, "scale", 3, v, what))
                bone.restScale = {v[0], v[1], v[2]};
        }
    }
    for (size_t i = 0; i < list.size(); ++i)
        for (const json& c : arrayOf(list[i], "children")) {
            if (!c.is_number_unsigned() || c.get<uint64_t>() >= list.size() || c.get<uint64_t>() == i)
                throw ParseError("node " + std::to_string(i) + " has a child that is not another of its " +
                                 std::to_string(list.size()) + " nodes");
            Bone& child = skel.bones[size_t(c.get<uint64_t>())];
            if (child.parent >= 0 && child.parent != int(i))
                throw ParseError("node " + std::to_string(c.get<uint64_t>()) + " is the child of two nodes (" +
                                 std::to_string(child.parent) + " and " + std::to_string(i) + ")");
            child.parent = int(i);
        }
    std::string error;
    const auto order = skel.evaluationOrder(&error);
    if (!order)
        throw ParseError("the node tree loops: " + error);
    std::vector<size_t> depth(list.size(), 1);
    for (int i : *order)
        if (const int p = skel.bones[size_t(i)].parent; p >= 0)
            depth[size_t(i)] = depth[size_t(p)] + 1;
    if (const size_t deepest = depth.empty() ? 0 : *std::max_element(depth.begin(), depth.end()); deepest > size_t(MaxNodeDepth))
        throw ParseError("node hierarchy " + std::to_string(deepest) + " levels deep; Bonescope reads at most " +
                         std::to_string(size_t(MaxNodeDepth)));
    restWorld_ = skel.restWorld();
}

// Cameras, lights and empties apart from the joints (formats/scene/node_kinds.h).
void Reader::kinds()
{
    const json& nodes = arrayOf(doc_, "nodes");
    std::vector<NodeFacts> facts(out_.scene.skeleton.size());
    for (size_t i = 0; i < facts.size() && i < nodes.size(); ++i) {
        const json& node = nodes[i];
        facts[i].camera = node.contains("camera");
        const auto ext = node.find("extensions");
        facts[i].light = ext != node.end() && ext->is_object() && ext->contains("KHR_lights_punctual");
        facts[i].mesh = node.contains("mesh");
    }
    bool anySkin = false;
    for (const auto& joints : jointsOfSkin_)
        for (size_t j : joints)
            if (j < facts.size())
                facts[j].joint = anySkin = true;
    // Without skins the animated nodes are the joints (a rig keyed without a mesh).
    for (const Animation& anim : out_.scene.animations)
        for (const Track& track : anim.tracks)
            if (!anySkin && track.bone >= 0 && size_t(track.bone) < facts.size())
                facts[size_t(track.bone)].joint = true;
    markNodeKinds(facts, out_.scene.skeleton);
}

void Reader::skins(std::vector<std::vector<size_t>>& jointsOfSkin)
{
    Mesh& mesh = out_.scene.mesh;
    const size_t n = out_.scene.skeleton.size();
    std::vector<bool> set(n, false);
    const json& list = arrayOf(doc_, "skins");
    for (size_t s = 0; s < list.size(); ++s) {
        const std::string what = "skin " + std::to_string(s);
        std::vector<size_t>& joints = jointsOfSkin.emplace_back();
        for (const json& j : arrayOf(list[s], "joints")) {
            if (!j.is_number_unsigned() || j.get<uint64_t>() >= n)
                throw ParseError(what + " names a joint that is not one of the " + std::to_string(n) + " nodes");
            joints.push_back(size_t(j.get<uint64_t>()));
        }
        const auto ibm = indexOf(list[s], "inverseBindMatrices", ~size_t(0), what);
        std::optional<AccessorData> matrices;
        if (ibm) {
            matrices = readAccessor(doc_, buffers_, *ibm);
            if (matrices->components != 16 || matrices->count < joints.size())
                throw ParseError(what + " has " + std::to_string(joints.size()) + " joints but its inverse bind matrices (accessor " +
                                 std::to_string(*ibm) + ") are not that many MAT4");
        }
        for (size_t k = 0; k < joints.size(); ++k) {
            const glm::mat4 m = matrices ? matrixAt(*matrices, k) : glm::mat4(1.f);
            const size_t bone = joints[k];
            if (set[bone] && mesh.inverseBind[bone] != m)
                warnOnce("node " + std::to_string(bone) + " is a joint of several skins with different inverse bind matrices: the first is used");
            else
                mesh.inverseBind[bone] = m;
            set[bone] = true;
        }
    }
}

void Reader::meshes()
{
    const size_t n = out_.scene.skeleton.size();
    Mesh& mesh = out_.scene.mesh;
    // Each bone's matrix from mesh space to its own: a skin's where it gives one, else the inverse of
    // its rest world matrix (what puts a mesh that moves rigidly with its node where it belongs).
    mesh.inverseBind.resize(n);
    for (size_t i = 0; i < n; ++i)
        mesh.inverseBind[i] = glm::mat4(glm::inverse(restWorld_[i]));
    std::vector<std::vector<size_t>>& jointsOfSkin = jointsOfSkin_;
    skins(jointsOfSkin);
    const json& meshes = arrayOf(doc_, "meshes");
    const json& nodes = arrayOf(doc_, "nodes");
    for (size_t i = 0; i < n; ++i) {
        const std::string what = "node " + std::to_string(i);
        const auto m = indexOf(nodes[i], "mesh", meshes.size(), what);
        if (!m)
            continue;
        const auto skin = indexOf(nodes[i], "skin", jointsOfSkin.size(), what);
        const json& prims = arrayOf(meshes[*m], "primitives");
        for (size_t p = 0; p < prims.size(); ++p) {
            const std::string pwhat = "mesh " + std::to_string(*m) + " primitive " + std::to_string(p);
            const size_t vertices = mesh.positions.size(), corners = mesh.indices.size();
            try {
                primitive(prims[p], i, skin ? &jointsOfSkin[*skin] : nullptr, pwhat);
            } catch (const MissingBufferData& e) { // the rest of the file is still there to show
                for (auto* v : {&mesh.positions, &mesh.normals})
                    v->resize(vertices);
                mesh.uvs.resize(vertices);
                mesh.joints.resize(vertices);
                mesh.weights.resize(vertices);
                mesh.indices.resize(corners);
                warnOnce(pwhat + " is left out: its " + e.reason());
            }
        }
    }
    if (!anyNormals_)
        mesh.normals.clear();
    if (!anyUvs_)
        mesh.uvs.clear();
    if (mesh.positions.empty())
        mesh = Mesh{};
}

void Reader::primitive(const json& prim, size_t node, const std::vector<size_t>* joints, const std::string& what)
{
    if (!prim.is_object())
        throw ParseError(what + " is not a JSON object");
    if (prim.value("mode", 4) != 4) {
        warnOnce(what + " is not made of triangles (mode " + std::to_string(prim.value("mode", 4)) + "): left out");
        return;
    }
    if (!arrayOf(prim, "targets").empty())
        warnOnce("morph targets are not shown (their weights' keys are not kept either)");
    const auto attributes = prim.find("attributes");
    if (attributes == prim.end() || !attributes->is_object())
        return;
    auto attribute = [&](const char* name, int comps) -> std::optional<AccessorData> {
        const auto index = indexOf(*attributes, name, ~size_t(0), what);
        if (!index)
            return std::nullopt;
        AccessorData a = readAccessor(doc_, buffers_, *index);
        if (a.components != comps)
            throw ParseError(what + ": its " + name + " (accessor " + std::to_string(*index) + ") has " +
                             std::to_string(a.components) + " components, not " + std::to_string(comps));
        return a;
    };
    const std::optional<AccessorData> pos = attribute("POSITION", 3);
    if (!pos)
        return;
    const std::optional<AccessorData> nor = attribute("NORMAL", 3), uv = attribute("TEXCOORD_0", 2);
    std::optional<AccessorData> jnt, wgt;
    if (joints) {
        jnt = attribute("JOINTS_0", 4);
        wgt = attribute("WEIGHTS_0", 4);
    }
    const size_t count = pos->count;
    for (const std::optional<AccessorData>* a : std::initializer_list<const std::optional<AccessorData>*>{&nor, &uv, &jnt, &wgt})
        if (*a && (*a)->count != count)
            throw ParseError(what + ": its attributes have different counts (" + std::to_string((*a)->count) +
                             " and " + std::to_string(count) + " POSITION)");
    const bool skinned = jnt && wgt;
    Mesh& mesh = out_.scene.mesh;
    const size_t base = mesh.positions.size();
    // A mesh without a skin moves rigidly with its node: put it where the node holds it at rest and
    // bind it to the node alone (glTF ignores a skinned mesh's node transform).
    const glm::dmat4 world = skinned ? glm::dmat4(1.0) : restWorld_[node];
    const glm::dmat3 normalMatrix = glm::inverseTranspose(glm::dmat3(world));
    for (size_t v = 0; v < count; ++v) {
        const glm::dvec3 p{pos->at(v, 0), pos->at(v, 1), pos->at(v, 2)};
        mesh.positions.push_back(glm::vec3(world * glm::dvec4(p, 1.0)));
        glm::vec3 normal(0.f);
        if (nor) { // as the file has them; moved with a rigid mesh's node
            const glm::dvec3 n{nor->at(v, 0), nor->at(v, 1), nor->at(v, 2)};
            normal = glm::vec3(skinned ? n : glm::normalize(normalMatrix * n));
        }
        mesh.normals.push_back(normal);
        mesh.uvs.push_back(uv ? glm::vec2(float(uv->at(v, 0)), float(uv->at(v, 1))) : glm::vec2(0.f));
        glm::uvec4 j(uint32_t(node), 0, 0, 0);
        glm::vec4 w(1, 0, 0, 0);
        if (skinned) {
            for (int k = 0; k < 4; ++k) {
                const double index = jnt->at(v, k);
                const bool known = index >= 0 && size_t(index) < joints->size();
                j[k] = known ? uint32_t((*joints)[size_t(index)]) : 0u;
                w[k] = known ? float(wgt->at(v, k)) : 0.f;
            }
        }
        mesh.joints.push_back(j);
        mesh.weights.push_back(w);
    }
    anyNormals_ = anyNormals_ || nor.has_value();
    anyUvs_ = anyUvs_ || uv.has_value();
    const auto indices = indexOf(prim, "indices", ~size_t(0), what);
    if (indices) {
        const AccessorData idx = readAccessor(doc_, buffers_, *indices);
        for (size_t k = 0; k + 2 < idx.values.size(); k += 3)
            for (int c = 0; c < 3; ++c) {
                const double at = idx.values[k + size_t(c)];
                if (!(at >= 0 && at < double(count)))
                    throw ParseError(what + ": index " + std::to_string(uint64_t(at)) + " is beyond its " +
                                     std::to_string(count) + " vertices");
                mesh.indices.push_back(uint32_t(base + size_t(at)));
            }
    } else {
        for (size_t k = 0; k + 2 < count; k += 3)
            for (size_t c = 0; c < 3; ++c)
                mesh.indices.push_back(uint32_t(base + k + c));
    }
}

// Where a channel points: its node and path, from target.node and target.path or from
// KHR_animation_pointer's "/nodes/N/translation" (other pointers are not node TRS: nothing).
bool channelTarget(const json& target, size_t nodes, size_t& node, std::string& path, const std::string& what)
{
    const auto p = target.find("path");
    if (p == target.end() || !p->is_string())
        throw ParseError(what + " has no target path");
    path = p->get<std::string>();
    if (path == "pointer") {
        const auto ext = target.find("extensions");
        if (ext == target.end() || !ext->is_object() || !ext->contains("KHR_animation_pointer"))
            return false;
        const json& kap = (*ext)["KHR_animation_pointer"];
        const std::string pointer = kap.is_object() ? kap.value("pointer", std::string()) : std::string();
        if (pointer.rfind("/nodes/", 0) != 0)
            return false;
        const size_t slash = pointer.find('/', 7);
        if (slash == std::string::npos)
            return false;
        const std::string number = pointer.substr(7, slash - 7);
        if (number.empty() || number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos)
            return false;
        node = size_t(std::stoul(number));
        path = pointer.substr(slash + 1);
        if (node >= nodes)
            throw ParseError(what + " points at node " + std::to_string(node) + ", which the file does not have");
        return true;
    }
    const auto idx = indexOf(target, "node", nodes, what);
    if (!idx)
        return false;
    node = *idx;
    return true;
}

template <class T>
T valueAt(const AccessorData& a, size_t e)
{
    if constexpr (std::is_same_v<T, glm::dquat>)
        return glm::dquat(a.at(e, 3), a.at(e, 0), a.at(e, 1), a.at(e, 2));
    else
        return T{a.at(e, 0), a.at(e, 1), a.at(e, 2)};
}

// The keys of a sampler into a channel: values as they are, cubic tangents beside them.
template <class T>
void fill(Channel<T>& ch, const AccessorData& input, const AccessorData& output, Interpolation how)
{
    const size_t n = input.count;
    ch.rules.interpolation = how;
    ch.keys.reserve(n);
    const bool cubic = how == Interpolation::CubicSpline;
    for (size_t k = 0; k < n; ++k)
        ch.keys.push_back({input.values[k], valueAt<T>(output, cubic ? 3 * k + 1 : k)});
    if (cubic)
        for (size_t k = 0; k < n; ++k)
            ch.tangents.push_back({valueAt<T>(output, 3 * k), valueAt<T>(output, 3 * k + 2)});
}

void Reader::channel(const json& ch, const json& samplers, Animation& anim, std::map<size_t, size_t>& trackOfNode,
                     const std::string& what)
{
    if (!ch.is_object())
        throw ParseError(what + " is not a JSON object");
    const auto target = ch.find("target");
    if (target == ch.end() || !target->is_object())
        throw ParseError(what + " has no target");
    size_t node = 0;
    std::string path;
    if (!channelTarget(*target, out_.scene.skeleton.size(), node, path, what)) {
        warnOnce("channels that animate something other than a node's translation, rotation or scale are left out");
        return;
    }
    if (path == "weights") {
        warnOnce("morph target weight keys are not kept yet");
        return;
    }
    const int comps = path == "rotation" ? 4 : path == "translation" || path == "scale" ? 3 : 0;
    if (comps == 0) {
        warnOnce(what + " animates \"" + path + "\", which is not a node's translation, rotation or scale: left out");
        return;
    }
    const size_t s = *[&] {
        const auto i = indexOf(ch, "sampler", samplers.size(), what);
        if (!i)
            throw ParseError(what + " has no sampler");
        return i;
    }();
    const json& sampler = samplers[s];
    const std::string swhat = what + "'s sampler " + std::to_string(s);
    if (!sampler.is_object())
        throw ParseError(swhat + " is not a JSON object");
    const std::string how = sampler.value("interpolation", std::string("LINEAR"));
    const Interpolation interp = how == "STEP" ? Interpolation::Step : how == "CUBICSPLINE" ? Interpolation::CubicSpline : Interpolation::Linear;
    if (how != "STEP" && how != "CUBICSPLINE" && how != "LINEAR")
        warnOnce(swhat + " has an unknown interpolation \"" + how + "\": played as LINEAR");
    const auto in = indexOf(sampler, "input", ~size_t(0), swhat), outIndex = indexOf(sampler, "output", ~size_t(0), swhat);
    if (!in || !outIndex)
        throw ParseError(swhat + " has no input or output");
    const AccessorData input = readAccessor(doc_, buffers_, *in);
    const AccessorData output = readAccessor(doc_, buffers_, *outIndex);
    if (input.components != 1)
        throw ParseError(swhat + ": its input (accessor " + std::to_string(*in) + ") is not SCALAR times");
    if (output.components != comps)
        throw ParseError(swhat + ": its output (accessor " + std::to_string(*outIndex) + ") has " +
                         std::to_string(output.components) + " components, the " + path + " needs " + std::to_string(comps));
    const size_t per = interp == Interpolation::CubicSpline ? 3 : 1;
    if (output.count / per < input.count)
        throw ParseError(swhat + ": " + std::to_string(input.count) + " key times but " + std::to_string(output.count) +
                         " values" + (per == 3 ? " (a cubic spline needs three per key: in-tangent, value, out-tangent)" : ""));
    for (size_t k = 0; k < input.count; ++k)
        if (!std::isfinite(input.values[k]) || (k > 0 && input.values[k] < input.values[k - 1]))
            throw ParseError(swhat + ": key time " + std::to_string(k) + " is not after the one before it");
    auto [it, fresh] = trackOfNode.try_emplace(node, anim.tracks.size());
    if (fresh) {
        Track& t = anim.tracks.emplace_back();
        t.name = out_.scene.skeleton.bones[node].name;
        t.bone = int(node);
    }
    Track& track = anim.tracks[it->second];
    const bool taken = path == "translation" ? !track.translation.empty() : path == "rotation" ? !track.rotation.empty() : !track.scale.empty();
    if (taken) {
        warnOnce(what + " animates node " + std::to_string(node) + "'s " + path + " a second time: the first channel is used");
        return;
    }
    if (path == "translation")
        fill(track.translation, input, output, interp);
    else if (path == "rotation")
        fill(track.rotation, input, output, interp);
    else
        fill(track.scale, input, output, interp);
    if (input.count > 0)
        anim.duration = std::max(anim.duration, input.values[input.count - 1]);
}

void Reader::animations()
{
    const json& list = arrayOf(doc_, "animations");
    for (size_t a = 0; a < list.size(); ++a) {
        const json& an = list[a];
        const std::string what = "animation " + std::to_string(a);
        if (!an.is_object())
            throw ParseError(what + " is not a JSON object");
        Animation anim;
        const auto name = an.find("name");
        anim.name = name != an.end() && name->is_string() ? name->get<std::string>() : "";
        if (anim.name.empty())
            anim.name = "animation" + std::to_string(a);
        anim.duration = 0;
        std::map<size_t, size_t> trackOfNode;
        const json& samplers = arrayOf(an, "samplers");
        const json& channels = arrayOf(an, "channels");
        for (size_t c = 0; c < channels.size(); ++c)
            channel(channels[c], samplers, anim, trackOfNode, what + " channel " + std::to_string(c));
        anim.fps = rateFromKeySpacing(anim);
        anim.fpsFromKeys = true;
        out_.scene.animations.push_back(std::move(anim));
    }
}

// The nodes Bonescope's writers add that are no bones: the root node its own writer hangs the mesh
// on and the one it puts above several root bones (marked in their extras); the root "Scene" its writer through Assimp put above the skeleton and
// the node "mesh" under it (docs/formats/gltf.md). Each has no transform and no keys; the mesh nodes
// a skin and no children. Left out, so that what Bonescope wrote reads back as the bones it was
// written from and each save does not add a level.
void leaveOutWritersNodes(Scene& scene, const json& doc)
{
    Skeleton& skel = scene.skeleton;
    const json& nodes = arrayOf(doc, "nodes");
    auto still = [&](size_t i) {
        const Bone& b = skel.bones[i];
        if (b.restTranslation != glm::dvec3(0.0) || b.restRotation != glm::dquat(1, 0, 0, 0) || b.restScale != glm::dvec3(1.0))
            return false;
        for (const Animation& a : scene.animations)
            for (const Track& t : a.tracks)
                if (t.bone == int(i) && t.keyCount() > 0)
                    return false;
        return true;
    };
    auto meshHolder = [&](size_t i) {
        return nodes[i].contains("skin") && nodes[i].contains("mesh") && arrayOf(nodes[i], "children").empty() && still(i);
    };
    std::vector<bool> drop(skel.size(), false);
    bool any = false;
    // Bonescope's own writer (gltf_write.h) marks the node its mesh hangs on.
    for (size_t i = 0; i < skel.size(); ++i) {
        const auto extras = nodes[i].find("extras");
        if (extras != nodes[i].end() && extras->is_object() && extras->value("bonescope", std::string()) == kMeshNodeMark &&
            skel.bones[i].parent < 0 && meshHolder(i))
            drop[i] = any = true;
        if (extras != nodes[i].end() && extras->is_object() && extras->value("bonescope", std::string()) == kSkinRootMark &&
            skel.bones[i].parent < 0 && !nodes[i].contains("mesh") && still(i))
            drop[i] = any = true;
    }
    // Its writer through Assimp: "Scene" above everything, "mesh" under it.
    std::vector<size_t> roots;
    for (size_t i = 0; i < skel.size(); ++i)
        if (skel.bones[i].parent < 0)
            roots.push_back(i);
    if (roots.size() == 1 && skel.bones[roots[0]].name == "Scene" && !nodes[roots[0]].contains("mesh") && still(roots[0])) {
        drop[roots[0]] = any = true;
        for (size_t i = 0; i < skel.size(); ++i)
            if (skel.bones[i].parent == int(roots[0]) && skel.bones[i].name == "mesh" && meshHolder(i))
                drop[i] = true;
    }
    if (!any)
        return;
    std::vector<int> to(skel.size(), -1);
    Skeleton kept;
    for (size_t i = 0; i < skel.size(); ++i)
        if (!drop[i]) {
            to[i] = int(kept.bones.size());
            kept.bones.push_back(skel.bones[i]);
        }
    for (Bone& b : kept.bones)
        b.parent = b.parent >= 0 ? to[size_t(b.parent)] : -1;
    for (Animation& a : scene.animations)
        std::erase_if(a.tracks, [&](const Track& t) { return t.bone >= 0 && drop[size_t(t.bone)]; });
    for (Animation& a : scene.animations)
        for (Track& t : a.tracks)
            t.bone = t.bone >= 0 ? to[size_t(t.bone)] : -1;
    Mesh& mesh = scene.mesh;
    for (glm::uvec4& j : mesh.joints)
        for (int k = 0; k < 4; ++k)
            j[k] = to[j[k]] >= 0 ? uint32_t(to[j[k]]) : 0u;
    if (!mesh.inverseBind.empty()) {
        std::vector<glm::mat4> ibm;
        for (size_t i = 0; i < drop.size(); ++i)
            if (!drop[i])
                ibm.push_back(mesh.inverseBind[i]);
        mesh.inverseBind = std::move(ibm);
    }
    skel = std::move(kept);
}

} // namespace

ReadResult readGltf(std::span<const uint8_t> bytes, const std::string& folder)
{
    std::span<const uint8_t> text = bytes, bin;
    bool hasBin = false;
    uint64_t jsonStart = 0;
    if (const auto chunks = glbChunks(bytes)) {
        text = {reinterpret_cast<const uint8_t*>(chunks->json.data()), chunks->json.size()};
        bin = chunks->bin;
        hasBin = chunks->hasBin;
        jsonStart = 20;
    }
    json doc;
    try {
        doc = parseJsonDocument<json>(text);
    } catch (const ParseError& e) {
        throw ParseError(e.reason(), e.offset() == ParseError::NoOffset ? e.offset() : e.offset() + jsonStart);
    }
    if (!doc.is_object() || !doc.contains("asset"))
        throw ParseError("not glTF: the JSON has no \"asset\" object", jsonStart);
    const json& asset = doc["asset"];
    const auto v = asset.is_object() ? asset.find("version") : asset.end();
    const std::string version = v == asset.end() ? std::string() : v->is_string() ? v->get<std::string>() : v->dump();
    if (version.rfind("2.", 0) != 0)
        throw ParseError("glTF version \"" + version + "\": Bonescope reads glTF 2.0", jsonStart);
    ReadResult out;
    // Extensions the file says it cannot be read without, which Bonescope does not know: what it
    // reads may be wrong, so it says so (and reads what it can).
    for (const json& e : arrayOf(doc, "extensionsRequired"))
        if (e.is_string() && e != "KHR_mesh_quantization" && e != "KHR_animation_pointer" && e != "KHR_texture_transform" &&
            e.get<std::string>().rfind("KHR_materials_", 0) != 0 && !(e == "EXT_meshopt_compression" && meshoptDecodes()))
            out.warnings.push_back("the file requires the extension " + e.get<std::string>() +
                                   ", which Bonescope does not know: what it shows may differ from other programs");
    Buffers buffers = loadBuffers(doc, bin, hasBin, folder);
    if (decodeMeshoptViews(doc, buffers) > 0)
        out.warnings.push_back(std::string(kMeshoptNote));
    out.scene.format = "gltf";
    Reader reader(doc, buffers, out);
    reader.nodes();
    reader.meshes();
    reader.animations();
    reader.kinds();
    leaveOutWritersNodes(out.scene, doc);
    return out;
}

} // namespace bonescope::gltf
