#include "formats/gltf/gltf_write.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>

#include <glm/gtc/matrix_access.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <nlohmann/json.hpp>

#include "core/playback/binding.h"
#include "formats/gltf/gltf_names.h"
#include "formats/parse_error.h"
#include "formats/short_number.h"
#include "formats/text_encoding.h"
#include "formats/write_limits.h"
#include "formats/counted.h"

namespace bonescope::gltf {

namespace {

using json = nlohmann::json;

constexpr int kFloat = 5126, kUShort = 5123, kUInt = 5125;

// The BIN chunk being made, a buffer view per accessor (no view is shared, so none needs a stride).
class Bin {
public:
    std::vector<uint8_t> bytes;
    json views = json::array(), accessors = json::array();

    // An accessor of `count` elements of `type` from raw little-endian values.
    template <class T>
    size_t add(const std::vector<T>& values, size_t count, const char* type, int componentType, int target = 0)
    {
        while (bytes.size() % 4)
            bytes.push_back(0);
        json view = {{"buffer", 0}, {"byteOffset", bytes.size()}, {"byteLength", values.size() * sizeof(T)}};
        if (target)
            view["target"] = target;
        const auto* p = reinterpret_cast<const uint8_t*>(values.data());
        bytes.insert(bytes.end(), p, p + values.size() * sizeof(T));
        views.push_back(view);
        accessors.push_back({{"bufferView", views.size() - 1}, {"componentType", componentType}, {"count", count}, {"type", type}});
        return accessors.size() - 1;
    }
    // The same, with the min and max the specification asks of positions and key times.
    size_t addBounded(const std::vector<float>& values, size_t count, const char* type, int comps, int target = 0)
    {
        const size_t a = add(values, count, type, kFloat, target);
        json lo = json::array(), hi = json::array();
        for (int c = 0; c < comps; ++c) {
            float mn = INFINITY, mx = -INFINITY;
            for (size_t e = 0; e < count; ++e) {
                mn = std::min(mn, values[e * size_t(comps) + size_t(c)]);
                mx = std::max(mx, values[e * size_t(comps) + size_t(c)]);
            }
            lo.push_back(mn);
            hi.push_back(mx);
        }
        accessors[a]["min"] = lo;
        accessors[a]["max"] = hi;
        return a;
    }
};

void parts(const glm::dvec3& v, std::vector<float>& out) { out.insert(out.end(), {float(v.x), float(v.y), float(v.z)}); }
void parts(const glm::dquat& q, std::vector<float>& out) { out.insert(out.end(), {float(q.x), float(q.y), float(q.z), float(q.w)}); }

// glTF holds its numbers as 32-bit floats: a double such as 1e300 is finite here but infinite there.
bool finite(double x) { return std::isfinite(float(x)); }
bool finite(const glm::dvec3& v) { return finite(v.x) && finite(v.y) && finite(v.z); }
bool finite(const glm::dquat& q) { return finite(q.x) && finite(q.y) && finite(q.z) && finite(q.w); }

// A rotation key as glTF asks: unit length (the validator's tolerance is far above float rounding,
// so keys read from a glTF are written exactly as they came).
glm::dquat unit(const glm::dquat& q)
{
    const double n2 = glm::dot(q, q);
    return std::abs(n2 - 1.0) > 1e-6 && n2 > 0 ? glm::normalize(q) : q;
}

// The keys of a channel that glTF can hold: times strictly increasing once in float (a key whose
// time rounds onto the one before is left out).
template <class T>
std::vector<size_t> keptKeys(const Channel<T>& ch, double shift)
{
    std::vector<size_t> kept;
    for (size_t k = 0; k < ch.keys.size(); ++k)
        if (kept.empty() || float(ch.keys.time(k) + shift) > float(ch.keys.time(kept.back()) + shift))
            kept.push_back(k);
    return kept;
}

template <class T>
size_t droppedKeys(const Channel<T>& ch, double shift)
{
    return ch.keys.size() - keptKeys(ch, shift).size();
}

template <class T>
void addChannel(const Channel<T>& ch, size_t node, const char* path, const std::string& bone, double shift, Bin& bin,
                json& samplers, json& channels)
{
    if (ch.keys.empty())
        return;
    const std::vector<size_t> kept = keptKeys(ch, shift);
    const bool cubic = ch.cubic();
    std::vector<float> times, values;
    constexpr int comps = std::is_same_v<T, glm::dquat> ? 4 : 3;
    for (size_t k : kept) {
        times.push_back(float(ch.keys.time(k) + shift));
        T v = ch.keys.value(k);
        // Values and times passed checkWriteLimits; the tangents are the writer's alone.
        if (cubic && !(finite(ch.tangents[k].in) && finite(ch.tangents[k].out)))
            throw WriteError("bone '" + bone + "' has a " + path + " tangent that is not a number or too large (at " +
                             std::to_string(ch.keys.time(k)) +
                             " s); glTF holds 32-bit floats (up to about 3.4e38) and cannot hold it");
        if constexpr (comps == 4)
            v = unit(v);
        if (cubic)
            parts(ch.tangents[k].in, values);
        parts(v, values);
        if (cubic)
            parts(ch.tangents[k].out, values);
    }
    const size_t input = bin.addBounded(times, times.size(), "SCALAR", 1);
    const size_t output = bin.add(values, values.size() / comps, comps == 4 ? "VEC4" : "VEC3", kFloat);
    const char* how = cubic ? "CUBICSPLINE" : ch.rules.interpolation == Interpolation::Step ? "STEP" : "LINEAR";
    samplers.push_back({{"input", input}, {"output", output}, {"interpolation", how}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", path}}}});
}

// The skeleton the file is written with: the scene's, or one root bone per track name.
Skeleton skeletonOf(const Scene& scene)
{
    if (!scene.skeleton.empty())
        return scene.skeleton;
    Skeleton s;
    for (const Animation& a : scene.animations)
        for (const Track& t : a.tracks)
            if (s.find(t.name) < 0)
                s.bones.push_back(Bone{.name = t.name});
    return s;
}

// A vertex's unused influence while the joints are still bone indices (a skeleton has fewer bones).
constexpr uint16_t kUnusedJoint = 0xffff;

void writeMesh(const Mesh& mesh, const Skeleton& skel, const std::string& nodeName, Bin& bin, json& doc)
{
    const size_t n = mesh.positions.size();
    std::vector<float> pos, nor, uv, weights;
    std::vector<uint16_t> joints;
    bool normals = mesh.normals.size() == n;
    for (size_t v = 0; v < n && normals; ++v) {
        const glm::vec3 nv = mesh.normals[v];
        normals = std::isfinite(nv.x) && std::isfinite(nv.y) && std::isfinite(nv.z) && glm::length(nv) > 1e-6f;
    }
    for (size_t v = 0; v < n; ++v) {
        const glm::vec3 p = mesh.positions[v];
        if (!(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)))
            throw WriteError("mesh vertex " + std::to_string(v) + " is not at a finite position; glTF cannot hold it");
        pos.insert(pos.end(), {p.x, p.y, p.z});
        if (normals) { // unit length as the validator asks; normals that already are, as they are
            const glm::vec3 nv = mesh.normals[v];
            const glm::vec3 u = std::abs(glm::length(nv) - 1.f) > 1e-5f ? glm::normalize(nv) : nv;
            nor.insert(nor.end(), {u.x, u.y, u.z});
        }
        if (mesh.uvs.size() == n)
            uv.insert(uv.end(), {mesh.uvs[v].x, mesh.uvs[v].y});
        // Weights on distinct joints in their order, summing to 1 (scaled only when they do not
        // already, so that weights read from a glTF are written as they came); unused entries on
        // joint 0 with weight 0, as the validator asks.
        std::vector<std::pair<uint32_t, float>> w;
        if (mesh.skinned() && mesh.weights.size() == n)
            for (int k = 0; k < 4; ++k) {
                const uint32_t j = mesh.joints[v][k];
                const float x = mesh.weights[v][k];
                if (!(x > 0) || !std::isfinite(x) || j >= skel.size())
                    continue;
                auto same = std::find_if(w.begin(), w.end(), [j](const auto& e) { return e.first == j; });
                if (same != w.end())
                    same->second += x;
                else
                    w.emplace_back(j, x);
            }
        float sum = 0;
        for (const auto& e : w)
            sum += e.second;
        if (w.empty() || !(sum > 0))
            w = {{0u, 1.f}}, sum = 1;
        const float scale = std::abs(sum - 1.f) > 1e-5f ? 1.f / sum : 1.f;
        for (const auto& [j, x] : w) {
            joints.push_back(uint16_t(j));
            weights.push_back(x * scale);
        }
        for (size_t k = w.size(); k < 4; ++k)
            joints.push_back(kUnusedJoint), weights.push_back(0.f);
    }
    // The skin's joints: every bone that is one (a file's empties, cameras and lights stay plain nodes,
    // so they read back as what they were and are not drawn as bones), and any node a vertex weighs on.
    std::vector<bool> inSkin(skel.size(), false);
    for (size_t b = 0; b < skel.size(); ++b)
        inSkin[b] = !skel.bones[b].isSceneNode();
    for (uint16_t j : joints)
        if (j != kUnusedJoint)
            inSkin[j] = true;
    std::vector<size_t> skinBones;
    std::vector<uint16_t> jointOfBone(skel.size(), 0);
    for (size_t b = 0; b < skel.size(); ++b)
        if (inSkin[b]) {
            jointOfBone[b] = uint16_t(skinBones.size());
            skinBones.push_back(b);
        }
    for (uint16_t& j : joints)
        j = j == kUnusedJoint ? 0 : jointOfBone[j];
    json attributes = {{"POSITION", bin.addBounded(pos, n, "VEC3", 3, 34962)}};
    if (normals)
        attributes["NORMAL"] = bin.add(nor, n, "VEC3", kFloat, 34962);
    if (!uv.empty())
        attributes["TEXCOORD_0"] = bin.add(uv, n, "VEC2", kFloat, 34962);
    attributes["JOINTS_0"] = bin.add(joints, n, "VEC4", kUShort, 34962);
    attributes["WEIGHTS_0"] = bin.add(weights, n, "VEC4", kFloat, 34962);
    std::vector<uint32_t> indices;
    for (size_t i = 0; i + 2 < mesh.indices.size(); i += 3)
        for (int c = 0; c < 3; ++c) {
            if (mesh.indices[i + size_t(c)] >= n)
                throw WriteError("mesh triangle " + std::to_string(i / 3) + " names vertex " +
                                 std::to_string(mesh.indices[i + size_t(c)]) + " of " + std::to_string(n));
            indices.push_back(mesh.indices[i + size_t(c)]);
        }
    json primitive = {{"attributes", attributes}, {"mode", 4}};
    if (!indices.empty())
        primitive["indices"] = bin.add(indices, indices.size(), "SCALAR", kUInt, 34963);
    doc["meshes"] = json::array({{{"name", nodeName}, {"primitives", json::array({primitive})}}});
    // One skin, each joint with its inverse bind matrix.
    const auto restWorld = skel.restWorld();
    std::vector<float> ibm;
    json skinJoints = json::array();
    for (size_t b : skinBones) {
        glm::mat4 m = b < mesh.inverseBind.size() ? mesh.inverseBind[b] : glm::mat4(glm::inverse(restWorld[b]));
        m = glm::row(m, 3, glm::vec4(0, 0, 0, 1)); // affine, as glTF asks: not 0.99999994 from an inverse
        ibm.insert(ibm.end(), glm::value_ptr(m), glm::value_ptr(m) + 16);
        skinJoints.push_back(b);
    }
    doc["skins"] = json::array({{{"joints", skinJoints}, {"inverseBindMatrices", bin.add(ibm, skinBones.size(), "MAT4", kFloat)}}});
}

} // namespace

double earliestKey(const Animation& a)
{
    double first = 0;
    for (const Track& t : a.tracks) {
        if (!t.translation.empty()) first = std::min(first, t.translation.keys.front().time);
        if (!t.rotation.empty()) first = std::min(first, t.rotation.keys.front().time);
        if (!t.scale.empty()) first = std::min(first, t.scale.keys.front().time);
    }
    return first;
}

std::vector<uint8_t> glbContainer(std::string text, std::vector<uint8_t> bin)
{
    while (text.size() % 4)
        text += ' ';
    while (bin.size() % 4)
        bin.push_back(0);
    const uint64_t total = 12 + 8 + text.size() + (bin.empty() ? 0 : 8 + bin.size());
    if (total > 0xFFFFFFFFull)
        throw WriteError("the .glb would be larger than 4 GB, the most its header can say");
    std::vector<uint8_t> out;
    out.reserve(size_t(total));
    auto u32 = [&out](uint64_t v) {
        for (int s = 0; s < 32; s += 8)
            out.push_back(uint8_t(v >> s));
    };
    out.insert(out.end(), {'g', 'l', 'T', 'F'});
    u32(2);
    u32(total);
    u32(text.size());
    out.insert(out.end(), {'J', 'S', 'O', 'N'});
    out.insert(out.end(), text.begin(), text.end());
    if (!bin.empty()) {
        u32(bin.size());
        out.insert(out.end(), {'B', 'I', 'N', 0});
        out.insert(out.end(), bin.begin(), bin.end());
    }
    return out;
}

std::vector<uint8_t> writeGlb(const Scene& scene)
{
    // glTF's numbers are 32-bit floats: refused here with the bone and key named, as every writer does.
    // The mesh stays the writer's own: normals that are not finite are left out (glbWriteReport).
    WriteLimits limits{"glTF"};
    limits.allAnimations = true;
    checkWriteLimits(scene, limits);
    const Skeleton skel = skeletonOf(scene);
    if (skel.size() > 65535 && !scene.mesh.empty())
        throw WriteError("a skinned mesh on " + std::to_string(skel.size()) + " bones: glTF joints are written as 16-bit numbers (at most 65535)");
    if (!skel.evaluationOrder())
        throw WriteError("the skeleton's parents form a loop or name bones it does not have");
    const NodeNames names = uniqueNodeNames(skel);
    json doc;
    doc["asset"] = {{"version", "2.0"}, {"generator", "Bonescope"}};
    json nodes = json::array();
    std::vector<json> children(skel.size(), json::array());
    json roots = json::array();
    for (size_t i = 0; i < skel.size(); ++i) {
        const Bone& b = skel.bones[i];
        if (b.parent >= 0)
            children[size_t(b.parent)].push_back(i);
        else
            roots.push_back(i);
    }
    for (size_t i = 0; i < skel.size(); ++i) {
        const Bone& b = skel.bones[i];
        json node = {{"name", names.names[i]}};
        if (b.restTranslation != glm::dvec3(0.0))
            node["translation"] = {b.restTranslation.x, b.restTranslation.y, b.restTranslation.z};
        if (b.restRotation != glm::dquat(1, 0, 0, 0)) {
            const glm::dquat q = unit(b.restRotation);
            node["rotation"] = {q.x, q.y, q.z, q.w};
        }
        if (b.restScale != glm::dvec3(1.0))
            node["scale"] = {b.restScale.x, b.restScale.y, b.restScale.z};
        if (!children[i].empty())
            node["children"] = children[i];
        nodes.push_back(node);
    }
    Bin bin;
    if (!scene.mesh.empty() && !skel.empty()) {
        auto unused = [&](const std::string& base) {
            std::string name = base;
            for (int k = 2; std::find(names.names.begin(), names.names.end(), name) != names.names.end(); ++k)
                name = base + "." + std::to_string(k);
            return name;
        };
        // A skin's joints must share one root node: several root bones hang under a marked node.
        if (roots.size() > 1) {
            nodes.push_back({{"name", unused("skeleton")}, {"children", roots}, {"extras", {{"bonescope", kSkinRootMark}}}});
            roots = json::array({nodes.size() - 1});
        }
        const std::string meshName = unused("mesh");
        writeMesh(scene.mesh, skel, meshName, bin, doc);
        roots.push_back(nodes.size());
        nodes.push_back({{"name", meshName}, {"mesh", 0}, {"skin", 0}, {"extras", {{"bonescope", kMeshNodeMark}}}});
    }
    json animations = json::array();
    for (const Animation& a : scene.animations) {
        const Binding binding = Binding::bind(a, skel);
        const double shift = -earliestKey(a);
        json samplers = json::array(), channels = json::array();
        for (size_t i = 0; i < skel.size(); ++i) {
            const int t = binding.trackOfBone[i];
            if (t < 0)
                continue;
            const Track& track = a.tracks[size_t(t)];
            addChannel(track.translation, i, "translation", names.names[i], shift, bin, samplers, channels);
            addChannel(track.rotation, i, "rotation", names.names[i], shift, bin, samplers, channels);
            addChannel(track.scale, i, "scale", names.names[i], shift, bin, samplers, channels);
        }
        if (channels.empty())
            continue; // glTF asks for at least one channel (glbWriteReport says it is left out)
        animations.push_back({{"name", validUtf8(a.name)}, {"samplers", samplers}, {"channels", channels}});
    }
    if (!nodes.empty()) // glTF wants these arrays absent rather than empty
        doc["nodes"] = nodes;
    doc["scenes"] = roots.empty() ? json::array({json::object()}) : json::array({{{"nodes", roots}}});
    doc["scene"] = 0;
    if (!animations.empty())
        doc["animations"] = animations;
    if (!bin.accessors.empty()) {
        doc["accessors"] = bin.accessors;
        doc["bufferViews"] = bin.views;
        while (bin.bytes.size() % 4)
            bin.bytes.push_back(0);
        doc["buffers"] = json::array({{{"byteLength", bin.bytes.size()}}});
    }
    return glbContainer(doc.dump(), std::move(bin.bytes));
}

std::vector<std::string> glbWriteReport(const Scene& scene)
{
    const Skeleton skel = skeletonOf(scene);
    std::vector<std::string> report = uniqueNodeNames(skel).changes;
    for (const Animation& a : scene.animations) {
        const Binding binding = Binding::bind(a, skel);
        const double shift = -earliestKey(a);
        if (shift > 0)
            report.push_back("animation '" + a.name + "' starts at " + shortNumber(-shift) +
                             " s; glTF key times cannot be negative, so its keys are shifted to start at 0");
        size_t dropped = 0, visibility = 0, used = 0;
        for (int t : binding.unmatchedTracks)
            report.push_back("animation '" + a.name + "': track '" + a.tracks[size_t(t)].name + "' animates no bone and is left out");
        for (size_t i = 0; i < skel.size(); ++i)
            if (const int t = binding.trackOfBone[i]; t >= 0) {
                const Track& track = a.tracks[size_t(t)];
                dropped += droppedKeys(track.translation, shift) + droppedKeys(track.rotation, shift) +
                           droppedKeys(track.scale, shift);
                visibility += track.visibility.size();
                used += track.translation.size() + track.rotation.size() + track.scale.size();
            }
        if (dropped)
            report.push_back("animation '" + a.name + "': " + counted(dropped, "key") +
                             " left out: their time is the same as the key before once written as a 32-bit float");
        if (visibility)
            report.push_back("animation '" + a.name + "': " + counted(visibility, "visibility key") + " left out (glTF has none)");
        if (used == 0)
            report.push_back("animation '" + a.name + "' has no keys on any bone and is left out (glTF animations need a channel)");
    }
    if (!scene.mesh.empty() && scene.mesh.normals.size() == scene.mesh.positions.size())
        for (const glm::vec3& n : scene.mesh.normals)
            if (!(std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z)) || glm::length(n) <= 1e-6f) {
                report.push_back("the mesh's normals are left out: some are not finite or have no length");
                break;
            }
    return report;
}

} // namespace bonescope::gltf
