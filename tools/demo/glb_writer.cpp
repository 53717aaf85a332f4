#include "tools/demo/glb_writer.h"

#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

namespace bonescope::demo {

namespace {

constexpr int kFloat = 5126, kUnsignedShort = 5123, kUnsignedInt = 5125;
constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;

class BinaryBuilder {
public:
    // Appends the bytes as one buffer view and one accessor; returns the accessor index.
    int add(const void* data, size_t bytes, int componentType, size_t count, const char* type, int target,
            nlohmann::json extra = nlohmann::json::object())
    {
        while (bin.size() % 4)
            bin.push_back(0);
        nlohmann::json view = {{"buffer", 0}, {"byteOffset", bin.size()}, {"byteLength", bytes}};
        if (target)
            view["target"] = target;
        views.push_back(view);
        const auto* p = static_cast<const uint8_t*>(data);
        bin.insert(bin.end(), p, p + bytes);
        nlohmann::json acc = {{"bufferView", views.size() - 1}, {"componentType", componentType},
                              {"count", count}, {"type", type}};
        acc.update(extra);
        accessors.push_back(acc);
        return int(accessors.size() - 1);
    }

    std::vector<uint8_t> bin;
    nlohmann::json views = nlohmann::json::array();
    nlohmann::json accessors = nlohmann::json::array();
};

void appendU32(std::vector<uint8_t>& out, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        out.push_back(uint8_t(v >> (8 * i)));
}

} // namespace

std::vector<uint8_t> writeSkinnedGlb(const Skeleton& skeleton, const Mesh& mesh)
{
    BinaryBuilder b;
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const auto& p : mesh.positions) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    const size_t n = mesh.positions.size();
    const int pos = b.add(mesh.positions.data(), n * 12, kFloat, n, "VEC3", kArrayBuffer,
                          {{"min", {lo.x, lo.y, lo.z}}, {"max", {hi.x, hi.y, hi.z}}});
    const int nrm = b.add(mesh.normals.data(), n * 12, kFloat, n, "VEC3", kArrayBuffer);
    std::vector<uint16_t> joints;
    for (const auto& j : mesh.joints)
        joints.insert(joints.end(), {uint16_t(j.x), uint16_t(j.y), uint16_t(j.z), uint16_t(j.w)});
    const int jnt = b.add(joints.data(), joints.size() * 2, kUnsignedShort, n, "VEC4", kArrayBuffer);
    const int wgt = b.add(mesh.weights.data(), n * 16, kFloat, n, "VEC4", kArrayBuffer);
    const int idx = b.add(mesh.indices.data(), mesh.indices.size() * 4, kUnsignedInt, mesh.indices.size(), "SCALAR",
                          kElementArrayBuffer);
    const int ibm = b.add(mesh.inverseBind.data(), mesh.inverseBind.size() * 64, kFloat, mesh.inverseBind.size(),
                          "MAT4", 0);

    nlohmann::json nodes = nlohmann::json::array();
    nlohmann::json roots = nlohmann::json::array();
    nlohmann::json jointList = nlohmann::json::array();
    for (size_t i = 0; i < skeleton.bones.size(); ++i) {
        const Bone& bone = skeleton.bones[i];
        const auto& t = bone.restTranslation;
        const auto& r = bone.restRotation;
        const auto& s = bone.restScale;
        nodes.push_back({{"name", bone.name},
                         {"translation", {t.x, t.y, t.z}},
                         {"rotation", {r.x, r.y, r.z, r.w}},
                         {"scale", {s.x, s.y, s.z}}});
        jointList.push_back(i);
        if (bone.parent < 0)
            roots.push_back(i);
    }
    for (size_t i = 0; i < skeleton.bones.size(); ++i)
        if (skeleton.bones[i].parent >= 0)
            nodes[skeleton.bones[i].parent]["children"].push_back(i);
    const size_t meshNode = nodes.size();
    nodes.push_back({{"name", "character"}, {"mesh", 0}, {"skin", 0}});
    roots.push_back(meshNode);

    nlohmann::json gltf = {
        {"asset", {{"version", "2.0"}, {"generator", "bonescope-make-demo"}}},
        {"scene", 0},
        {"scenes", {{{"nodes", roots}}}},
        {"nodes", nodes},
        {"skins", {{{"joints", jointList}, {"inverseBindMatrices", ibm}, {"skeleton", roots[0]}}}},
        {"meshes",
         {{{"name", "character"},
           {"primitives",
            {{{"attributes", {{"POSITION", pos}, {"NORMAL", nrm}, {"JOINTS_0", jnt}, {"WEIGHTS_0", wgt}}},
              {"indices", idx},
              {"material", 0}}}}}}},
        {"materials", {{{"name", "skin"}, {"pbrMetallicRoughness", {{"baseColorFactor", {0.8, 0.62, 0.5, 1.0}}}}}}},
        {"accessors", b.accessors},
        {"bufferViews", b.views},
        {"buffers", {{{"byteLength", b.bin.size()}}}},
    };
    std::string json = gltf.dump();
    while (json.size() % 4)
        json.push_back(' ');
    while (b.bin.size() % 4)
        b.bin.push_back(0);

    std::vector<uint8_t> out;
    appendU32(out, 0x46546C67); // "glTF"
    appendU32(out, 2);
    appendU32(out, uint32_t(12 + 8 + json.size() + 8 + b.bin.size()));
    appendU32(out, uint32_t(json.size()));
    appendU32(out, 0x4E4F534A); // "JSON"
    out.insert(out.end(), json.begin(), json.end());
    appendU32(out, uint32_t(b.bin.size()));
    appendU32(out, 0x004E4942); // "BIN\0"
    out.insert(out.end(), b.bin.begin(), b.bin.end());
    return out;
}

} // namespace bonescope::demo
