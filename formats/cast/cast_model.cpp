#include "formats/cast/cast_model.h"

#include <algorithm>
#include <cmath>

#include "formats/model_build.h"
#include "formats/parse_error.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

using cast::Node;
using cast::Property;

[[noreturn]] void failAt(uint64_t offset, const std::string& why) { throw ParseError(why, offset); }

bool isIntegral(const cast::Property* p)
{
    return p->count > 0 && (p->type == cast::Byte || p->type == cast::Short || p->type == cast::Int32 || p->type == cast::Int64);
}


// A vector property of `type` with one element, as doubles; nullptr-safe.
bool vectorOf(const Node& n, const char* name, uint16_t type, double* out)
{
    const Property* p = n.prop(name);
    if (!p || p->type != type || p->count < 1)
        return false;
    for (size_t i = 0; i < cast::componentsOf(type); ++i) {
        out[i] = p->number(i);
        if (!std::isfinite(out[i]))
            failAt(p->offset, std::string("bone property ") + name + " is not a finite number");
    }
    return true;
}

const Property* buffer(const Node& mesh, const char* name, std::initializer_list<uint16_t> types)
{
    const Property* p = mesh.prop(name);
    if (!p)
        return nullptr;
    if (std::find(types.begin(), types.end(), p->type) == types.end())
        failAt(p->offset, std::string("mesh buffer ") + name + " has type '" + cast::typeName(p->type) + "'");
    return p;
}

void readSkeleton(const Node& skel, Skeleton& skeleton)
{
    std::vector<WorldTransform> world;
    std::vector<bool> hasLocal;
    std::vector<uint64_t> offsets;
    for (const Node& b : skel.children) {
        if (b.id != cast::Bone)
            continue;
        Bone bone;
        bone.name = b.text("n");
        if (const Property* p = b.prop("p"); p && isIntegral(p))
            bone.parent = int32_t(uint32_t(p->integer(0)));
        // Segment scale compensation (default on) kept as flag bit 0, shown in the dump.
        const Property* ssc = b.prop("ssc");
        bone.flags = (!ssc || ssc->count == 0 || ssc->integer(0) != 0) ? 1u : 0u;
        double v[4];
        WorldTransform w;
        bool local = false;
        if (vectorOf(b, "lp", cast::Vec3, v))
            bone.restTranslation = {v[0], v[1], v[2]}, local = true;
        if (vectorOf(b, "lr", cast::Vec4, v))
            bone.restRotation = unitQuat(v[0], v[1], v[2], v[3]), local = true;
        if (vectorOf(b, "wp", cast::Vec3, v))
            w.position = {v[0], v[1], v[2]}, w.has = true;
        if (vectorOf(b, "wr", cast::Vec4, v))
            w.rotation = unitQuat(v[0], v[1], v[2], v[3]), w.has = true;
        if (vectorOf(b, "s", cast::Vec3, v))
            bone.restScale = {v[0], v[1], v[2]};
        skeleton.bones.push_back(std::move(bone));
        world.push_back(w);
        hasLocal.push_back(local);
        offsets.push_back(b.offset);
    }
    for (size_t i = 0; i < skeleton.bones.size(); ++i) {
        const int p = skeleton.bones[i].parent;
        if (p < -1 || p >= int(skeleton.bones.size()) || p == int(i))
            failAt(offsets[i], "bone '" + skeleton.bones[i].name + "' has parent index " + std::to_string(p) +
                                   " (bones: " + std::to_string(skeleton.bones.size()) + ")");
    }
    std::string why;
    const auto order = skeleton.evaluationOrder(&why);
    if (!order)
        failAt(skel.offset, "the skeleton's parents are broken: " + why);
    restFromWorld(skeleton, std::move(world), hasLocal, *order);
}

void readMesh(const Node& m, size_t boneCount, Mesh& mesh)
{
    const Property* vp = buffer(m, "vp", {cast::Vec3});
    if (!vp)
        failAt(m.offset, "mesh has no vertex position buffer (vp)");
    const size_t base = mesh.positions.size();
    const size_t count = vp->count;
    for (size_t i = 0; i < count; ++i) {
        const glm::vec3 p(vp->number(i * 3), vp->number(i * 3 + 1), vp->number(i * 3 + 2));
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            failAt(vp->offset, "vertex " + std::to_string(i) + " position is not a finite number");
        mesh.positions.push_back(p);
    }
    // Per-vertex buffers of another length are ignored, as the specification allows.
    const Property* vn = buffer(m, "vn", {cast::Vec3});
    if (vn && vn->count == count && (base == 0 || mesh.normals.size() == base))
        for (size_t i = 0; i < count; ++i)
            mesh.normals.push_back({vn->number(i * 3), vn->number(i * 3 + 1), vn->number(i * 3 + 2)});
    const Property* uv = buffer(m, "u0", {cast::Vec2});
    if (uv && uv->count == count && (base == 0 || mesh.uvs.size() == base))
        for (size_t i = 0; i < count; ++i)
            mesh.uvs.push_back({uv->number(i * 2), uv->number(i * 2 + 1)});

    const Property* wb = buffer(m, "wb", {cast::Byte, cast::Short, cast::Int32});
    const Property* wv = buffer(m, "wv", {cast::Float});
    const Property* mi = buffer(m, "mi", {cast::Byte, cast::Short, cast::Int32});
    if (wb && wv && mi && count > 0 && (base == 0 || mesh.joints.size() == base)) {
        const uint64_t influences = mi->integer(0);
        if (influences == 0 || wb->count / count != influences || wb->count % count != 0)
            failAt(wb->offset, "weight bone buffer has " + std::to_string(wb->count) + " entries for " +
                                   std::to_string(count) + " vertices of " + counted(influences, "influence"));
        if (wv->count != wb->count)
            failAt(wv->offset, "weight value buffer has " + std::to_string(wv->count) + " entries, the bone buffer " +
                                   std::to_string(wb->count));
        std::vector<std::pair<uint32_t, float>> w;
        for (size_t v = 0; v < count; ++v) {
            w.clear();
            for (size_t k = 0; k < influences; ++k) {
                const size_t i = v * influences + k;
                const uint64_t bone = wb->integer(i);
                const float value = float(wv->number(i));
                if (!std::isfinite(value))
                    failAt(wv->offset, "weight " + std::to_string(i) + " is not a finite number");
                if (value != 0 && bone >= boneCount)
                    failAt(wb->offset, "weight " + std::to_string(i) + " names bone " + std::to_string(bone) +
                                           " of " + std::to_string(boneCount));
                w.push_back({uint32_t(bone), value}); // weights of one bone add up (specification)
            }
            appendSkinWeights(w, mesh);
        }
    }

    const Property* f = buffer(m, "f", {cast::Byte, cast::Short, cast::Int32});
    if (!f)
        failAt(m.offset, "mesh has no face buffer (f)");
    if (f->count % 3 != 0)
        failAt(f->offset, "face buffer has " + std::to_string(f->count) + " indices, not a multiple of 3");
    for (size_t i = 0; i < f->count; i += 3) {
        const uint64_t a = f->integer(i), b = f->integer(i + 1), c = f->integer(i + 2);
        if (a >= count || b >= count || c >= count)
            failAt(f->offset, "face " + std::to_string(i / 3) + " names a vertex past the " + std::to_string(count) +
                                  " of its mesh");
        if (a == b || b == c || a == c)
            continue; // degenerate: skipped, as the specification allows
        mesh.indices.push_back(uint32_t(base + a));
        mesh.indices.push_back(uint32_t(base + b));
        mesh.indices.push_back(uint32_t(base + c));
    }
}

// Buffers present on only some meshes would not line up: drop them from the merged mesh.
void equalise(Mesh& mesh)
{
    const size_t n = mesh.positions.size();
    if (mesh.normals.size() != n)
        mesh.normals.clear();
    if (mesh.uvs.size() != n)
        mesh.uvs.clear();
    if (mesh.joints.size() != n || mesh.weights.size() != n) {
        mesh.joints.clear();
        mesh.weights.clear();
    }
}

std::vector<float> floatsOf(std::initializer_list<double> v)
{
    return std::vector<float>(v.begin(), v.end());
}

void setBoneProperties(Node& node, const Bone& b, const glm::dmat4& world)
{
    node.set(Property::ofString("n", b.name));
    const uint64_t parent = uint32_t(int32_t(b.parent));
    node.set(Property::ofIntegers("p", cast::Int32, std::span(&parent, 1)));
    const auto& t = b.restTranslation;
    const auto& r = b.restRotation;
    node.set(Property::ofFloats("lp", cast::Vec3, floatsOf({t.x, t.y, t.z})));
    node.set(Property::ofFloats("lr", cast::Vec4, floatsOf({r.x, r.y, r.z, r.w})));
    const glm::dquat wr = glm::normalize(glm::quat_cast(world));
    node.set(Property::ofFloats("wp", cast::Vec3, floatsOf({world[3].x, world[3].y, world[3].z})));
    node.set(Property::ofFloats("wr", cast::Vec4, floatsOf({wr.x, wr.y, wr.z, wr.w})));
    const auto& s = b.restScale;
    node.set(Property::ofFloats("s", cast::Vec3, floatsOf({s.x, s.y, s.z})));
}

void setMeshVertices(Node& node, const Mesh& mesh, size_t first, size_t count)
{
    std::vector<float> v;
    v.reserve(count * 3);
    for (size_t i = first; i < first + count; ++i)
        v.insert(v.end(), {mesh.positions[i].x, mesh.positions[i].y, mesh.positions[i].z});
    node.set(Property::ofFloats("vp", cast::Vec3, v));
    if (mesh.normals.size() == mesh.positions.size()) {
        v.clear();
        for (size_t i = first; i < first + count; ++i)
            v.insert(v.end(), {mesh.normals[i].x, mesh.normals[i].y, mesh.normals[i].z});
        node.set(Property::ofFloats("vn", cast::Vec3, v));
    }
}

} // namespace

bool readCastModel(const cast::Node& model, Skeleton& skeleton, Mesh& mesh,
                   std::vector<std::pair<int, uint32_t>>& meshRanges)
{
    for (const Node& c : model.children)
        if (c.id == cast::Skeleton) {
            readSkeleton(c, skeleton);
            break; // at most one skeleton per model
        }
    for (size_t i = 0; i < model.children.size(); ++i) {
        const Node& c = model.children[i];
        if (c.id != cast::Mesh)
            continue;
        const size_t before = mesh.positions.size();
        readMesh(c, skeleton.size(), mesh);
        meshRanges.push_back({int(i), uint32_t(mesh.positions.size() - before)});
    }
    equalise(mesh);
    if (skeleton.empty()) {
        mesh.joints.clear();
        mesh.weights.clear();
    }
    return !skeleton.empty() || !mesh.empty();
}

cast::Property castIndexProperty(const char* name, std::span<const uint64_t> values)
{
    const uint64_t max = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
    return Property::ofIntegers(name, max <= 0xFF ? cast::Byte : max <= 0xFFFF ? cast::Short : cast::Int32, values);
}

cast::Node makeCastModel(const Skeleton& skeleton, const Mesh& mesh, uint64_t& nextHash)
{
    Node model;
    model.id = cast::Model;
    model.hash = nextHash++;
    if (!skeleton.empty()) {
        Node skel;
        skel.id = cast::Skeleton;
        skel.hash = nextHash++;
        const auto world = skeleton.restWorld();
        for (size_t i = 0; i < skeleton.size(); ++i) {
            Node b;
            b.id = cast::Bone;
            b.hash = nextHash++;
            setBoneProperties(b, skeleton.bones[i], world[i]);
            skel.children.push_back(std::move(b));
        }
        model.children.push_back(std::move(skel));
    }
    if (!mesh.empty()) {
        Node m;
        m.id = cast::Mesh;
        m.hash = nextHash++;
        setMeshVertices(m, mesh, 0, mesh.positions.size());
        if (mesh.uvs.size() == mesh.positions.size()) {
            std::vector<float> v;
            for (const glm::vec2& uv : mesh.uvs)
                v.insert(v.end(), {uv.x, uv.y});
            m.set(Property::ofFloats("u0", cast::Vec2, v));
            const uint64_t one = 1;
            m.set(Property::ofIntegers("ul", cast::Byte, std::span(&one, 1)));
        }
        if (mesh.skinned() && mesh.weights.size() == mesh.positions.size() && !skeleton.empty()) {
            std::vector<uint64_t> bones;
            std::vector<float> weights;
            for (size_t i = 0; i < mesh.joints.size(); ++i)
                for (int k = 0; k < 4; ++k) {
                    bones.push_back(mesh.joints[i][k]);
                    weights.push_back(mesh.weights[i][k]);
                }
            m.set(castIndexProperty("wb", bones));
            m.set(Property::ofFloats("wv", cast::Float, weights));
            const uint64_t four = 4;
            m.set(Property::ofIntegers("mi", cast::Byte, std::span(&four, 1)));
        }
        std::vector<uint64_t> faces(mesh.indices.begin(), mesh.indices.end());
        m.set(castIndexProperty("f", faces));
        model.children.push_back(std::move(m));
    }
    return model;
}

void updateCastModel(cast::Node& model, const Skeleton& skeleton, const Mesh& mesh,
                     const std::vector<std::pair<int, uint32_t>>& meshRanges, uint64_t& nextHash)
{
    Node* skel = nullptr;
    for (Node& c : model.children)
        if (c.id == cast::Skeleton && !skel)
            skel = &c;
    if (!skel && !skeleton.empty()) {
        model.children.insert(model.children.begin(), Node{});
        skel = &model.children.front();
        skel->id = cast::Skeleton;
        skel->hash = nextHash++;
    }
    if (skel) {
        // Bone i of the skeleton rewrites the i-th Bone node (keeping its hash and other properties).
        std::vector<Node> bones, others;
        for (Node& c : skel->children)
            (c.id == cast::Bone ? bones : others).push_back(std::move(c));
        const auto world = skeleton.restWorld();
        bones.resize(skeleton.size());
        for (size_t i = 0; i < skeleton.size(); ++i) {
            if (bones[i].hash == 0) {
                bones[i].id = cast::Bone;
                bones[i].hash = nextHash++;
            }
            setBoneProperties(bones[i], skeleton.bones[i], world[i]);
        }
        skel->children = std::move(bones);
        skel->children.insert(skel->children.end(), std::make_move_iterator(others.begin()),
                              std::make_move_iterator(others.end()));
    }
    size_t first = 0;
    for (const auto& [child, count] : meshRanges) {
        if (first + count > mesh.positions.size() || child >= int(model.children.size()))
            break; // the mesh was replaced: its nodes stay as read
        setMeshVertices(model.children[child], mesh, first, count);
        first += count;
    }
}

} // namespace bonescope
