// Reading DMF 1.5 and DMX 2.0 binaries. Every count is checked against the bytes its list needs
// before anything is allocated; every float must be finite; errors name the byte offset.
#include <cctype>
#include <cstring>

#include "formats/byte_reader.h"
#include "formats/dash/dash_binary_layout.h"
#include "formats/dash/dash_doc.h"
#include "formats/dash/dash_material.h"

namespace bonescope::dash {

namespace {

const char* kLabels15[] = {"tex", "mat", "vert", "face", "bone", "anim"};
const char* kLabels20[] = {"TEX", "MAT", "VERT", "FACE", "SKEL", "ANIM"};

uint32_t pack(const char* s, bool upper)
{
    uint32_t v = 0;
    for (int i = 0; i < 4 && s[i]; ++i)
        v |= uint32_t(uint8_t(upper ? std::toupper(s[i]) : std::tolower(s[i]))) << (8 * i);
    return v;
}

struct Row {
    uint32_t offset = 0, count = 0;
    size_t rowAt = 0;
};

// The list of `count` records of `size` bytes at `offset` must lie inside the file.
void checkList(const ByteReader& r, size_t rowAt, const char* what, uint64_t offset, uint64_t count, size_t size)
{
    if (offset > r.size() || (count > 0 && count > (r.size() - offset) / size))
        throw ParseError(std::string(what) + " list of " + std::to_string(count) + " records of " +
                             std::to_string(size) + " bytes at offset " + std::to_string(offset) +
                             " does not fit in the file (" + std::to_string(r.size()) + " bytes)",
                         rowAt);
}

// Lists are found through offsets, so nothing stops two rows, animations or textures from naming
// the same bytes, and a small file from being decoded thousands of times over. In a well-formed file
// the lists do not overlap: all of them together may claim at most the file's size, which keeps what
// is decoded proportional to the file.
class Claims {
public:
    explicit Claims(size_t fileSize) : left_(fileSize) {}
    void claim(uint64_t bytes, size_t at, const std::string& what)
    {
        if (bytes > left_)
            throw ParseError(what + " of " + std::to_string(bytes) + " bytes overlaps other data: the lists claim " +
                                 "more bytes than the file holds",
                             at);
        left_ -= bytes;
    }

private:
    uint64_t left_;
};

glm::vec3 vec3(ByteReader& r, const char* what)
{
    glm::vec3 v;
    for (int i = 0; i < 3; ++i)
        v[i] = r.finiteF32(what);
    return v;
}

void readTexture(ByteReader& r, bool v2, DashTexture& t, std::span<const uint8_t> bytes, Claims& claims)
{
    t.name = r.fixedString(NameBytes, "texture name");
    uint32_t offset, length;
    const size_t at = r.pos();
    if (v2) {
        t.id = r.u32("texture index");
        t.flipY = r.u32("flipY");
        t.width = r.u32("width");
        t.height = r.u32("height");
        t.wrapS = r.u32("wrapS");
        t.wrapT = r.u32("wrapT");
        offset = r.u32("byteOffset");
        length = r.u32("byteLength");
    } else {
        t.id = uint32_t(int32_t(r.s16("tex_id")));
        t.flipY = r.u16("flip_y");
        offset = r.u32("img_offset");
        length = r.u32("img_length");
        t.width = r.u16("img_width");
        t.height = r.u16("img_height");
        t.wrapS = r.u16("wrap_s");
        t.wrapT = r.u16("wrap_t");
        const auto pad = r.bytes(12, "texture padding");
        std::copy(pad.begin(), pad.end(), t.pad.begin());
    }
    if (offset > bytes.size() || length > bytes.size() - offset)
        throw ParseError("texture image of " + std::to_string(length) + " bytes at offset " + std::to_string(offset) +
                             " does not fit in the file (" + std::to_string(bytes.size()) + " bytes)",
                         at);
    claims.claim(length, at, "texture image");
    t.data.assign(bytes.begin() + offset, bytes.begin() + offset + length);
}

void readFace(ByteReader& r, bool v2, DashFace& f)
{
    f.offset = r.pos();
    auto color = [&](DashCorner& c) {
        for (auto& b : c.color)
            b = r.u8("colour");
    };
    if (v2) {
        f.id = r.u32("face index");
        f.material = r.u32("material");
        for (DashCorner& c : f.corners) {
            c.index = r.u32("vertex index");
            color(c);
            c.normal = vec3(r, "normal");
            c.uv = {r.finiteF32("uv"), r.finiteF32("uv")};
        }
        f.pad = r.u32("face padding");
    } else {
        f.material = r.u16("mat_id");
        f.pad = r.u16("face padding");
        for (DashCorner& c : f.corners)
            c.index = r.u32("vertex index");
        for (DashCorner& c : f.corners)
            color(c);
        for (DashCorner& c : f.corners)
            c.normal = vec3(r, "normal");
        for (DashCorner& c : f.corners)
            c.uv = {r.finiteF32("uv"), r.finiteF32("uv")};
    }
}

void readBones(ByteReader& r, bool v2, uint32_t count, DashDoc& doc)
{
    for (uint32_t i = 0; i < count; ++i) {
        const size_t at = r.pos();
        Bone b;
        DashBoneRaw raw;
        b.name = r.fixedString(NameBytes, "bone name");
        if (v2) {
            raw.id = r.u32("bone index");
            raw.parentRaw = r.u32("parentIndex");
            b.restTranslation = glm::dvec3(vec3(r, "bone position"));
            glm::dvec4 q;
            for (int c = 0; c < 4; ++c)
                q[c] = r.finiteF32("bone rotation");
            b.restRotation = glm::dquat(q.w, q.x, q.y, q.z);
            b.restScale = glm::dvec3(vec3(r, "bone scale"));
        } else {
            raw.id = r.s16("bone_id");
            raw.parentRaw = r.s16("parent_id");
            const auto pad = r.bytes(12, "bone padding");
            std::copy(pad.begin(), pad.end(), raw.pad.begin());
            for (float& m : raw.matrix)
                m = r.finiteF32("bone matrix");
            raw.hasMatrix = true;
            decomposeMatrix(raw.matrix, b.restTranslation, b.restRotation, b.restScale);
        }
        b.parent = decodeParent(raw.parentRaw, i, v2);
        if (b.parent >= int(count) || (!v2 && raw.parentRaw < -1))
            throw ParseError("bone " + std::to_string(i) + " '" + b.name + "': parent " +
                                 std::to_string(raw.parentRaw) + " is not a bone (" + std::to_string(count) + " bones)",
                             at + NameBytes + (v2 ? 4 : 2));
        raw.t = b.restTranslation;
        raw.r = b.restRotation;
        raw.s = b.restScale;
        doc.skeleton.bones.push_back(std::move(b));
        doc.file.bones.push_back(raw);
    }
}

void readAnimation(ByteReader& r, bool v2, DocAnimation& a, std::span<const uint8_t> bytes, Claims& claims)
{
    const size_t at = r.pos();
    a.name = r.fixedString(NameBytes, "animation name");
    a.raw.v2 = v2;
    uint32_t offset, count;
    size_t durationAt;
    if (v2) {
        a.raw.id = r.u32("animation index");
        durationAt = r.pos();
        a.duration = r.finiteF32("duration");
        offset = r.u32("keyframe offset");
        count = r.u32("keyframe count");
    } else {
        a.raw.id = r.s16("anim_id");
        a.raw.fpsRaw = r.u16("fps");
        offset = r.u32("track_offset");
        count = r.u32("track_count");
        durationAt = r.pos();
        a.duration = r.finiteF32("duration");
    }
    r.checkDuration(a.duration, playbackFps(a.raw), durationAt, "duration");
    const size_t size = v2 ? KeyframeBytes20 : TrackBytes15;
    ByteReader k(bytes);
    checkList(k, at, v2 ? "keyframe" : "track", offset, count, size);
    claims.claim(uint64_t(count) * size, at, v2 ? "keyframe list" : "track list");
    k.seek(offset);
    for (uint32_t i = 0; i < count; ++i) {
        const size_t kat = k.pos();
        if (v2) {
            DashKey20 key;
            key.offset = kat;
            key.index = k.u32("keyframe index");
            key.bone = k.u32("boneIndex");
            key.type = k.u32("type");
            key.time = k.finiteF32("time");
            for (double& v : key.value)
                v = k.finiteF32("keyframe value");
            a.raw.keyframes.push_back(key);
        } else {
            DashRecord15 rec;
            rec.offset = kat;
            rec.bone = k.s16("bone_id");
            rec.flags = k.u16("prs_flags");
            rec.time = k.finiteF32("time");
            for (double& v : rec.pos)
                v = k.finiteF32("pos");
            for (double& v : rec.rot)
                v = k.finiteF32("rot");
            for (double& v : rec.scl)
                v = k.finiteF32("scl");
            a.raw.records.push_back(rec);
        }
    }
}

} // namespace

uint32_t defaultLabel(Section s, bool v2) { return pack(v2 ? kLabels20[s] : kLabels15[s], v2); }

bool labelMatches(uint32_t label, Section s, bool v2)
{
    return label == pack(v2 ? kLabels20[s] : kLabels15[s], false) || label == pack(v2 ? kLabels20[s] : kLabels15[s], true);
}

const char* sectionName(Section s, bool v2) { return v2 ? kLabels20[s] : kLabels15[s]; }

size_t recordSize(Section s, bool v2)
{
    static const size_t v15[] = {0x40, 0x70, 0x24, 0x58, 0x70, 0x30};
    static const size_t v20[] = {0x40, 0x90, 0x30, 0x60, 0x50, 0x30};
    return v2 ? v20[s] : v15[s];
}

DashDoc readBinary(std::span<const uint8_t> bytes, bool v2)
{
    DashDoc doc;
    DashExtra& x = doc.file;
    x.variant = v2 ? Variant::Dmx20 : Variant::Dmf15;
    x.headerRead = true;
    ByteReader r(bytes);
    const auto magic = r.bytes(4, "magic");
    if (std::memcmp(magic.data(), v2 ? "DMX\0" : "DASH", 4) != 0)
        r.failAt(0, v2 ? "not a DMX 2.0 file: the magic is not 'DMX'" : "not a DMF 1.5 file: the magic is not 'DASH'");
    size_t rowBase = HeaderBytes;
    if (v2) {
        x.versionMajor = r.u32("versionMajor");
        if (x.versionMajor != 2)
            r.failAt(4, "unsupported DMX version " + std::to_string(x.versionMajor) + " (2 is defined)");
        x.versionMinor = r.u32("versionMinor");
        x.isSkinned = r.u32("isSkinned");
    } else {
        x.versionMajor = r.u16("major_version");
        if (x.versionMajor != 1)
            r.failAt(4, "unsupported DASH version " + std::to_string(x.versionMajor) + " (1.5 is defined)");
        x.versionMinor = r.u16("minor_version");
        x.headerOffset = r.u32("header_offset");
        const uint32_t rows = r.u32("header_count");
        if (rows != SectionCount)
            r.failAt(12, "header_count " + std::to_string(rows) + ": DMF 1.5 has 6 attribute rows");
        rowBase = x.headerOffset;
    }
    r.seek(rowBase, "attribute table");
    Row rows[SectionCount];
    Claims claims(bytes.size());
    for (int s = 0; s < SectionCount; ++s) {
        Row& row = rows[s];
        row.rowAt = r.pos();
        x.labels[s] = r.u32("attribute label");
        if (!labelMatches(x.labels[s], Section(s), v2))
            r.failAt(row.rowAt, std::string("attribute row ") + std::to_string(s) + " should be labelled '" +
                                    sectionName(Section(s), v2) + "' (either case)");
        if (v2) {
            row.count = r.u32("count");
            row.offset = r.u32("offset");
            x.rowFlags[s] = r.u32("length");
        } else {
            x.rowFlags[s] = r.u32("flags");
            row.offset = r.u32("offset");
            row.count = r.u32("count");
        }
        checkList(r, row.rowAt, sectionName(Section(s), v2), row.offset, row.count, recordSize(Section(s), v2));
        claims.claim(uint64_t(row.count) * recordSize(Section(s), v2), row.rowAt,
                     std::string(sectionName(Section(s), v2)) + " list");
    }
    auto at = [&](Section s) {
        ByteReader sub(bytes);
        sub.seek(rows[s].offset);
        return sub;
    };

    ByteReader tr = at(SecTex);
    x.textures.resize(rows[SecTex].count);
    for (DashTexture& t : x.textures)
        readTexture(tr, v2, t, bytes, claims);

    ByteReader mr = at(SecMat);
    x.materials.resize(rows[SecMat].count);
    for (DashMaterial& m : x.materials)
        readMaterial(mr, x.variant, m);

    ByteReader vr = at(SecVert);
    doc.vertexBase = rows[SecVert].offset;
    doc.vertexSize = recordSize(SecVert, v2);
    for (uint32_t i = 0; i < rows[SecVert].count; ++i) {
        glm::ivec4 skin;
        glm::vec4 weight;
        if (v2)
            x.vertexIds.push_back(vr.u32("vertex index"));
        doc.positions.push_back(vec3(vr, "vertex position"));
        for (int s = 0; s < 4; ++s)
            skin[s] = v2 ? int32_t(vr.u32("skinIndex")) : vr.s16("skin_index");
        for (int s = 0; s < 4; ++s)
            weight[s] = vr.finiteF32("skin weight");
        x.skinIndex.push_back(skin);
        doc.weights.push_back(weight);
    }

    ByteReader fr = at(SecFace);
    x.faces.resize(rows[SecFace].count);
    for (DashFace& f : x.faces)
        readFace(fr, v2, f);

    ByteReader br = at(SecBone);
    readBones(br, v2, rows[SecBone].count, doc);

    ByteReader ar = at(SecAnim);
    doc.animations.resize(rows[SecAnim].count);
    for (DocAnimation& a : doc.animations)
        readAnimation(ar, v2, a, bytes, claims);
    return doc;
}

} // namespace bonescope::dash
