// The fixture content, written record by record so that the files hold what the edge cases need:
// a 1.5 record carrying all three channels, records and keyframes out of time order, a bone ("tail")
// without keys, a 31-byte bone name.
#include "tests/formats/dash_fixture_gen.h"

#include "formats/dash/dash_binary_layout.h"
#include "formats/dash/dash_json.h"
#include "formats/dash/dash_material.h"

namespace bonescope::test {

namespace {

using namespace dash;

const std::vector<uint8_t> kPng = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
    0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xdf, 0xe0, 0xf0, 0x1f, 0x00, 0x07, 0x00, 0x02, 0xbf,
    0x2b, 0xd7, 0xc7, 0xe2, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

constexpr float kS45 = 0.70710677f;       // sin 45 degrees
constexpr float kS22 = 0.38268343f, kC22 = 0.9238795f; // sin, cos 22.5 degrees

struct Rec {
    int bone;
    uint16_t flags;
    float time;
    std::array<float, 3> pos{0, 0, 0};
    std::array<float, 4> rot{0, 0, 0, 1};
    std::array<float, 3> scl{1, 1, 1};
};

// The two animations as 1.5 records, in file order (deliberately not sorted by time).
std::vector<Rec> walk15()
{
    return {
        {0, PrsPos, 0.0f, {0, 0, 0}},
        {1, PrsRot, 1.0f, {0, 0, 0}, {0, 0, 0, 1}},
        {1, PrsRot, 0.0f, {0, 0, 0}, {0, 0, 0, 1}},
        {2, PrsPos | PrsRot | PrsScl, 0.5f, {0, 0.5f, 0}, {0, 0, kS45, kS45}, {1.5f, 1.5f, 1.5f}},
        {0, PrsPos, 1.0f, {0, 0, 2}},
        {1, PrsRot, 0.5f, {0, 0, 0}, {kS22, 0, 0, kC22}},
        {0, PrsPos, 0.5f, {0, 0, 1}},
    };
}
std::vector<Rec> wave15()
{
    return {
        {2, PrsRot, 0.0f, {0, 0, 0}, {0, 0, kS45, kS45}},
        {2, PrsRot | PrsScl, 0.5f, {0, 0, 0}, {0, 0, 1, 0}, {2, 2, 2}},
    };
}

// The 1.5 records split into 2.0 keyframes, in record order (so also out of time order).
std::vector<DashKey20> split(const std::vector<Rec>& recs)
{
    std::vector<DashKey20> out;
    for (const Rec& r : recs) {
        auto add = [&](uint32_t type, std::array<double, 4> v) {
            DashKey20 k;
            k.index = uint32_t(out.size());
            k.bone = uint32_t(r.bone);
            k.type = type;
            k.time = r.time;
            k.value = v;
            k.hasW = type == TypeRot;
            out.push_back(k);
        };
        if (r.flags & PrsPos) add(TypePos, {r.pos[0], r.pos[1], r.pos[2], 0});
        if (r.flags & PrsRot) add(TypeRot, {r.rot[0], r.rot[1], r.rot[2], r.rot[3]});
        if (r.flags & PrsScl) add(TypeScl, {r.scl[0], r.scl[1], r.scl[2], 0});
    }
    return out;
}

std::vector<DashRecord15> records(const std::vector<Rec>& recs)
{
    std::vector<DashRecord15> out;
    for (const Rec& r : recs) {
        DashRecord15 d;
        d.bone = r.bone;
        d.flags = r.flags;
        d.time = r.time;
        for (int i = 0; i < 3; ++i) d.pos[i] = r.pos[i], d.scl[i] = r.scl[i];
        for (int i = 0; i < 4; ++i) d.rot[i] = r.rot[i];
        out.push_back(d);
    }
    return out;
}

DashDoc baseDoc(Variant v)
{
    DashDoc doc;
    DashExtra& x = doc.file;
    x.variant = v;
    x.versionMajor = isV2(v) ? 2 : 1;
    x.versionMinor = isV2(v) ? 0 : 5;
    x.isSkinned = 1;

    DashTexture t;
    t.name = "checker";
    t.id = 0;
    t.flipY = 1;
    t.width = t.height = 1;
    t.wrapS = WrapRepeat;
    t.wrapT = WrapMirror;
    t.data = kPng;
    x.textures.push_back(t);

    DashMaterial m;
    m.name = "skin";
    m.texture = 0;
    m.diffuse = {1.f, 0.5f, 0.25f, 1.f};
    m.source = Variant::Dmf15;
    x.materials.push_back(convertMaterial(m, v, 0));

    // Skeleton: root -> spine -> head (31-byte name, 90 degrees about Z); root -> tail (scale y 2).
    const glm::dquat q90(double(kS45), 0, 0, double(kS45));
    const struct { const char* name; int parent; glm::dvec3 t; glm::dquat r; glm::dvec3 s; } bones[] = {
        {"root", -1, {0, 0, 0}, {1, 0, 0, 0}, {1, 1, 1}},
        {"spine", 0, {0, 1, 0}, {1, 0, 0, 0}, {1, 1, 1}},
        {dashLongName(), 1, {0, 0.5, 0}, q90, {1, 1, 1}},
        {"tail", 0, {0, -0.5, 0}, {1, 0, 0, 0}, {1, 2, 1}},
    };
    for (int i = 0; i < 4; ++i) {
        Bone b{bones[i].name, bones[i].parent, bones[i].t, bones[i].r, bones[i].s};
        DashBoneRaw raw;
        raw.id = i;
        raw.parentRaw = bones[i].parent < 0 && isV2(v) ? int64_t(0xFFFFFFFF) : int64_t(bones[i].parent);
        // Exact matrices, written out rather than composed, for 1.5.
        raw.matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, float(b.restTranslation.x), float(b.restTranslation.y),
                      float(b.restTranslation.z), 1};
        if (i == 2) {
            raw.matrix[0] = 0, raw.matrix[1] = 1; // column 0 = +Y
            raw.matrix[4] = -1, raw.matrix[5] = 0; // column 1 = -X
        }
        if (i == 3)
            raw.matrix[5] = 2;
        raw.hasMatrix = !isV2(v);
        if (!isV2(v))
            decomposeMatrix(raw.matrix, b.restTranslation, b.restRotation, b.restScale);
        raw.t = b.restTranslation, raw.r = b.restRotation, raw.s = b.restScale;
        doc.skeleton.bones.push_back(b);
        x.bones.push_back(raw);
    }

    // A skinned quad plus a tail vertex: positions, one or two influences each.
    doc.positions = {{0, 0, 0}, {0, 1, 0}, {0, 1.5f, 0}, {0, -0.5f, 0}};
    x.skinIndex = {{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 2, 0, 0}, {3, 0, 0, 0}};
    doc.weights = {{1, 0, 0, 0}, {1, 0, 0, 0}, {0.25f, 0.75f, 0, 0}, {1, 0, 0, 0}};
    x.vertexIds = {0, 1, 2, 3};
    x.vertexPresent.assign(4, 3);
    const uint32_t tris[2][3] = {{0, 1, 2}, {0, 2, 3}};
    for (int f = 0; f < 2; ++f) {
        DashFace face;
        face.id = uint32_t(f);
        for (int c = 0; c < 3; ++c) {
            DashCorner& k = face.corners[c];
            k.index = tris[f][c];
            k.color = {uint8_t(200 + c), uint8_t(100 + f), 50, 255};
            k.normal = {0, 0, 1};
            k.uv = {0.25f * c, 0.5f * f};
            k.present = 7;
        }
        x.faces.push_back(face);
    }

    const struct { const char* name; int fps; float duration; std::vector<Rec> recs; } anims[] = {
        {"walk", 30, 1.0f, walk15()}, {"wave", 24, 0.5f, wave15()}};
    for (int i = 0; i < 2; ++i) {
        DocAnimation a;
        a.name = anims[i].name;
        a.duration = anims[i].duration;
        a.raw.id = i;
        a.raw.v2 = isV2(v);
        a.raw.fpsRaw = uint32_t(anims[i].fps);
        if (isV2(v))
            a.raw.keyframes = split(anims[i].recs);
        else
            a.raw.records = records(anims[i].recs);
        doc.animations.push_back(std::move(a));
    }
    return doc;
}

} // namespace

std::vector<DashFixture> makeDashFixtures()
{
    return {
        {"model15.dmf", writeBinary(baseDoc(Variant::Dmf15), false)},
        {"model15_json.dmf", writeJson(baseDoc(Variant::Dmf15Json), false)},
        {"model20.dmx", writeBinary(baseDoc(Variant::Dmx20), true)},
        {"model20_json.dmx", writeJson(baseDoc(Variant::Dmx20Json), true)},
    };
}

} // namespace bonescope::test
