// SEModel v1 reading, laid out as the SETools and Blender/Maya plugins write it (the published spec.md
// is an unfinished draft no tool follows; docs/formats/semodel.md): a 20-byte header, bone names, bone
// data, meshes whose vertex data comes in one buffer per attribute, then materials.
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "formats/byte_reader.h"
#include "formats/model_build.h"
#include "formats/semodel/semodel_extra.h"
#include "formats/semodel/semodel_format.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

constexpr uint8_t PresenceBone = 1, PresenceMesh = 2, PresenceMaterials = 4;
constexpr uint8_t BoneGlobal = 1, BoneLocal = 2, BoneScale = 4;
constexpr uint8_t MeshUv = 1, MeshNormals = 2, MeshColor = 4, MeshWeights = 8;
constexpr uint16_t KnownHeaderSize = 0x14;

int widthFor(uint64_t count) { return count <= 0xFF ? 1 : count <= 0xFFFF ? 2 : 4; }

void finite(ByteReader& r, size_t at, const float* v, int n, const char* what)
{
    for (int i = 0; i < n; ++i)
        if (!std::isfinite(v[i]))
            r.failAt(at + size_t(i) * 4, std::string(what) + " is not a finite number");
}

void floats(ByteReader& r, float* out, int n, const char* what)
{
    const size_t at = r.pos();
    for (int i = 0; i < n; ++i)
        out[i] = r.f32(what);
    finite(r, at, out, n, what);
}

struct Parsed {
    Scene scene;
    SemodelExtra extra;
};

void readBones(ByteReader& r, uint32_t count, uint8_t presence, Skeleton& skeleton)
{
    // A bone is at least its name's terminator, flags and parent.
    r.checkCount(count, 6, "bone");
    skeleton.bones.resize(count);
    for (Bone& b : skeleton.bones)
        b.name = r.cstr("bone name");
    std::vector<WorldTransform> world(count);
    std::vector<bool> hasLocal(count, (presence & BoneLocal) != 0);
    std::vector<size_t> offsets(count);
    for (uint32_t i = 0; i < count; ++i) {
        Bone& b = skeleton.bones[i];
        offsets[i] = r.pos();
        b.flags = r.u8("bone flags");
        b.parent = r.s32("bone parent");
        float v[7];
        if (presence & BoneGlobal) {
            floats(r, v, 7, "bone global transform");
            world[i] = {true, {v[0], v[1], v[2]}, unitQuat(v[3], v[4], v[5], v[6])};
        }
        if (presence & BoneLocal) {
            floats(r, v, 7, "bone local transform");
            b.restTranslation = {v[0], v[1], v[2]};
            b.restRotation = unitQuat(v[3], v[4], v[5], v[6]);
        }
        if (presence & BoneScale) {
            floats(r, v, 3, "bone scale");
            b.restScale = {v[0], v[1], v[2]};
        }
    }
    for (uint32_t i = 0; i < count; ++i) {
        const int p = skeleton.bones[i].parent;
        if (p < -1 || p >= int(count) || p == int(i))
            r.failAt(offsets[i] + 1, "bone '" + skeleton.bones[i].name + "' has parent index " + std::to_string(p) +
                                         " (bones: " + std::to_string(count) + ")");
    }
    std::string why;
    const auto order = skeleton.evaluationOrder(&why);
    if (!order)
        r.failAt(offsets.empty() ? r.pos() : offsets[0], "the bones' parents are broken: " + why);
    restFromWorld(skeleton, std::move(world), hasLocal, *order);
}

void readMesh(ByteReader& r, uint8_t presence, uint32_t boneCount, Mesh& mesh, SemodelMeshInfo& info)
{
    info.flags = r.u8("mesh flags");
    info.uvLayers = r.u8("mesh material reference count");
    info.maxInfluence = r.u8("mesh maximum skin influence");
    // As the reference importers do: layers and weights count only when the header says they exist.
    if (!(presence & MeshUv))
        info.uvLayers = 0;
    if (!(presence & MeshWeights))
        info.maxInfluence = 0;
    const size_t countAt = r.pos();
    info.vertices = r.u32("vertex count");
    info.faces = r.u32("face count");
    const int bw = widthFor(boneCount);
    const size_t vertexBytes = 12 + size_t(info.uvLayers) * 8 + ((presence & MeshNormals) ? 12 : 0) +
                               ((presence & MeshColor) ? 4 : 0) + size_t(info.maxInfluence) * (size_t(bw) + 4);
    r.checkCount(info.vertices, vertexBytes, "vertex");
    const int fw = widthFor(info.vertices);
    if (info.faces > r.remaining() / (3 * size_t(fw)))
        r.failAt(countAt + 4, "face count " + std::to_string(info.faces) + " is larger than the file can hold");
    const size_t base = mesh.positions.size();
    float v[3];
    for (uint32_t i = 0; i < info.vertices; ++i) {
        floats(r, v, 3, "vertex position");
        mesh.positions.push_back({v[0], v[1], v[2]});
    }
    for (uint32_t i = 0; i < info.vertices; ++i)
        for (uint8_t l = 0; l < info.uvLayers; ++l) {
            floats(r, v, 2, "vertex UV");
            if (l == 0)
                mesh.uvs.push_back({v[0], v[1]});
        }
    if (presence & MeshNormals)
        for (uint32_t i = 0; i < info.vertices; ++i) {
            floats(r, v, 3, "vertex normal");
            mesh.normals.push_back({v[0], v[1], v[2]});
        }
    if (presence & MeshColor)
        (void)r.bytes(size_t(info.vertices) * 4, "vertex colours");
    std::vector<std::pair<uint32_t, float>> w;
    const uint32_t weighted = info.maxInfluence ? info.vertices : 0;
    for (uint32_t i = 0; i < weighted; ++i) {
        w.clear();
        for (uint8_t k = 0; k < info.maxInfluence; ++k) {
            const size_t at = r.pos();
            const uint32_t bone = r.uint(bw, "weight bone");
            const float value = r.finiteF32("weight value");
            if (value != 0 && bone >= boneCount)
                r.failAt(at, "vertex " + std::to_string(i) + " weight names bone " + std::to_string(bone) + " of " +
                                 std::to_string(boneCount));
            w.push_back({bone, value});
        }
        appendSkinWeights(w, mesh);
    }
    for (uint32_t f = 0; f < info.faces; ++f) {
        const size_t at = r.pos();
        uint32_t idx[3];
        for (uint32_t& x : idx) {
            x = r.uint(fw, "face index");
            if (x >= info.vertices)
                r.failAt(at, "face " + std::to_string(f) + " names vertex " + std::to_string(x) + " of " +
                                 std::to_string(info.vertices));
        }
        if (idx[0] == idx[1] || idx[1] == idx[2] || idx[0] == idx[2])
            continue;
        for (uint32_t x : idx)
            mesh.indices.push_back(uint32_t(base + x));
    }
    for (uint8_t l = 0; l < info.uvLayers; ++l)
        info.materials.push_back(r.s32("material reference"));
}

// The file up to its bones' end (`skeletonOnly`: what a look through a folder's models needs, from
// the file's first bytes), else whole.
Parsed parse(std::span<const uint8_t> bytes, bool skeletonOnly = false)
{
    ByteReader r(bytes);
    Parsed p;
    SemodelExtra& x = p.extra;
    const auto magic = r.bytes(7, "magic");
    if (std::memcmp(magic.data(), "SEModel", 7) != 0)
        r.failAt(0, "not an SEModel file: the magic is not 'SEModel'");
    const uint16_t version = r.u16("version");
    if (version != 1)
        r.failAt(7, "unsupported SEModel version " + std::to_string(version) + " (only version 1 is defined)");
    const size_t sizeAt = r.pos();
    x.headerSize = r.u16("header size");
    if (x.headerSize < KnownHeaderSize)
        r.failAt(sizeAt, "header size " + std::to_string(x.headerSize) + " is smaller than the 20 bytes of a v1 header");
    x.presence = r.u8("data presence flags");
    x.bonePresence = r.u8("bone presence flags");
    x.meshPresence = r.u8("mesh presence flags");
    const uint32_t boneCount = r.u32("bone count");
    const uint32_t meshCount = r.u32("mesh count");
    const uint32_t matCount = r.u32("material count");
    (void)r.bytes(x.headerSize - KnownHeaderSize + 3, "header reserved bytes");

    if (x.presence & PresenceBone)
        readBones(r, boneCount, x.bonePresence, p.scene.skeleton);
    if (skeletonOnly)
        return p;
    const uint32_t bones = (x.presence & PresenceBone) ? boneCount : 0;
    if (x.presence & PresenceMesh) {
        r.checkCount(meshCount, 11, "mesh");
        for (uint32_t m = 0; m < meshCount; ++m) {
            x.meshes.emplace_back();
            readMesh(r, x.meshPresence, bones, p.scene.mesh, x.meshes.back());
        }
    }
    if (x.presence & PresenceMaterials) {
        r.checkCount(matCount, 2, "material");
        for (uint32_t m = 0; m < matCount; ++m) {
            SemodelMaterial mat;
            mat.name = r.cstr("material name");
            const size_t at = r.pos();
            mat.simple = r.u8("material kind") != 0;
            if (!mat.simple)
                r.failAt(at, "material '" + mat.name + "' is not a simple material (the only kind defined)");
            mat.diffuse = r.cstr("diffuse map");
            mat.normal = r.cstr("normal map");
            mat.specular = r.cstr("specular map");
            x.materials.push_back(std::move(mat));
        }
    }
    // Buffers only some meshes had do not line up with the merged positions.
    Mesh& mesh = p.scene.mesh;
    if (mesh.uvs.size() != mesh.positions.size())
        mesh.uvs.clear();
    if (mesh.normals.size() != mesh.positions.size())
        mesh.normals.clear();
    if (mesh.joints.size() != mesh.positions.size() || bones == 0) {
        mesh.joints.clear();
        mesh.weights.clear();
    }
    return p;
}

} // namespace

bool SemodelFormat::detect(std::span<const uint8_t> head) const
{
    return head.size() >= 9 && std::memcmp(head.data(), "SEModel", 7) == 0;
}

Scene SemodelFormat::read(std::span<const uint8_t> bytes) const
{
    Parsed p = parse(bytes);
    p.scene.format = id();
    p.scene.extra = std::make_unique<SemodelExtra>(std::move(p.extra));
    return std::move(p.scene);
}

Skeleton readSemodelSkeleton(std::span<const uint8_t> head)
{
    return std::move(parse(head, true).scene.skeleton);
}

std::vector<uint8_t> SemodelFormat::write(const Scene&) const
{
    throw WriteError("SEModel is read only in Bonescope: save the model as glTF (.glb) or Cast (.cast)");
}

FileSummary SemodelFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene s = read(bytes);
    FileSummary f = summarizeScene(s);
    f.format = id();
    const auto* x = s.extra.as<SemodelExtra>();
    f.details.push_back("meshes: " + std::to_string(x->meshes.size()));
    for (size_t i = 0; i < x->meshes.size(); ++i) {
        const SemodelMeshInfo& m = x->meshes[i];
        f.details.push_back("mesh " + std::to_string(i) + ": " + std::to_string(m.vertices) + " vertices, " +
                            std::to_string(m.faces) + " faces, " + counted(m.uvLayers, "UV layer") + ", " +
                            counted(m.maxInfluence, "influence") + " per vertex");
    }
    for (const SemodelMaterial& m : x->materials)
        f.details.push_back("material " + m.name + ": diffuse " + (m.diffuse.empty() ? "-" : m.diffuse) + ", normal " +
                            (m.normal.empty() ? "-" : m.normal) + ", specular " + (m.specular.empty() ? "-" : m.specular));
    return f;
}

Capabilities SemodelFormat::capabilities() const
{
    Capabilities c;
    c.write = false;
    c.translation = c.rotation = c.scale = false;
    c.embeddedSkeleton = true;
    c.mesh = true;
    return c;
}

void SemodelExtra::toJson(nlohmann::json& out) const
{
    out["headerSize"] = headerSize;
    out["dataPresenceFlags"] = presence;
    out["bonePresenceFlags"] = bonePresence;
    out["meshPresenceFlags"] = meshPresence;
    nlohmann::json meshes = nlohmann::json::array();
    for (const SemodelMeshInfo& m : this->meshes)
        meshes.push_back({{"flags", m.flags}, {"vertices", m.vertices}, {"faces", m.faces}, {"uvLayers", m.uvLayers},
                          {"maxSkinInfluence", m.maxInfluence}, {"materials", m.materials}});
    out["meshes"] = std::move(meshes);
    nlohmann::json mats = nlohmann::json::array();
    for (const SemodelMaterial& m : materials)
        mats.push_back({{"name", m.name}, {"diffuse", m.diffuse}, {"normal", m.normal}, {"specular", m.specular}});
    out["materials"] = std::move(mats);
}

} // namespace bonescope
