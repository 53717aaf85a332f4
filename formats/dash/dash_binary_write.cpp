// Writing DMF 1.5 and DMX 2.0 binaries in one fixed layout: header, the six rows, the record lists in
// row order, each animation's track (keyframe) list, then the texture images. Empty lists get
// offset 0. The reader's files in this layout come back byte for byte.
#include "formats/byte_writer.h"
#include "formats/dash/dash_binary_layout.h"
#include "formats/dash/dash_material.h"

namespace bonescope::dash {

namespace {

void name(ByteWriter& w, const std::string& s) { w.fixedString(fitName(s), NameBytes); }

void vec3(ByteWriter& w, const glm::vec3& v)
{
    for (int i = 0; i < 3; ++i)
        w.f32(v[i]);
}

template <class T>
T narrow(int64_t v, const char* what)
{
    if (v < int64_t(std::numeric_limits<T>::min()) || v > int64_t(std::numeric_limits<T>::max()))
        throw WriteError(std::string("Dash: ") + what + " " + std::to_string(v) + " does not fit its field");
    return T(v);
}

void writeTexture(ByteWriter& w, bool v2, const DashTexture& t, uint32_t offset)
{
    name(w, t.name);
    const uint32_t length = uint32_t(t.data.size());
    if (v2) {
        for (uint32_t v : {t.id, t.flipY, t.width, t.height, t.wrapS, t.wrapT, offset, length})
            w.u32(v);
    } else {
        w.s16(narrow<int16_t>(int32_t(t.id), "texture id"));
        w.u16(narrow<uint16_t>(t.flipY, "flip_y"));
        w.u32(offset);
        w.u32(length);
        w.u16(narrow<uint16_t>(t.width, "texture width"));
        w.u16(narrow<uint16_t>(t.height, "texture height"));
        w.u16(narrow<uint16_t>(t.wrapS, "wrap_s"));
        w.u16(narrow<uint16_t>(t.wrapT, "wrap_t"));
        w.bytes(t.pad);
    }
}

void writeFace(ByteWriter& w, bool v2, const DashFace& f)
{
    auto color = [&](const DashCorner& c) { w.bytes(c.color); };
    if (v2) {
        w.u32(f.id);
        w.u32(f.material);
        for (const DashCorner& c : f.corners) {
            w.u32(c.index);
            color(c);
            vec3(w, c.normal);
            w.f32(c.uv.x);
            w.f32(c.uv.y);
        }
        w.u32(f.pad);
    } else {
        w.u16(narrow<uint16_t>(f.material, "material index"));
        w.u16(uint16_t(f.pad));
        for (const DashCorner& c : f.corners)
            w.u32(c.index);
        for (const DashCorner& c : f.corners)
            color(c);
        for (const DashCorner& c : f.corners)
            vec3(w, c.normal);
        for (const DashCorner& c : f.corners) {
            w.f32(c.uv.x);
            w.f32(c.uv.y);
        }
    }
}

void writeBone(ByteWriter& w, bool v2, const Bone& b, const DashBoneRaw& raw)
{
    name(w, b.name);
    if (v2) {
        w.u32(uint32_t(raw.id));
        w.u32(uint32_t(raw.parentRaw));
        vec3(w, glm::vec3(b.restTranslation));
        for (double v : {b.restRotation.x, b.restRotation.y, b.restRotation.z, b.restRotation.w})
            w.f32(float(v));
        vec3(w, glm::vec3(b.restScale));
    } else {
        w.s16(narrow<int16_t>(raw.id, "bone id"));
        w.s16(narrow<int16_t>(raw.parentRaw, "parent id"));
        w.bytes(raw.pad);
        for (float m : raw.matrix)
            w.f32(m);
    }
}

} // namespace

std::vector<uint8_t> writeBinary(const DashDoc& doc, bool v2)
{
    const DashExtra& x = doc.file;
    const uint32_t counts[SectionCount] = {uint32_t(x.textures.size()), uint32_t(x.materials.size()),
                                           uint32_t(doc.positions.size()), uint32_t(x.faces.size()),
                                           uint32_t(doc.skeleton.size()), uint32_t(doc.animations.size())};
    if (!v2 && doc.skeleton.size() > 0x7FFF)
        throw WriteError("DMF 1.5: at most 32767 bones fit the s16 bone ids");

    // Offsets in the fixed layout.
    const size_t rowBase = v2 ? HeaderBytes : x.headerOffset;
    if (rowBase < HeaderBytes)
        throw WriteError("DMF 1.5: the attribute table cannot start inside the header");
    size_t at = rowBase + SectionCount * RowBytes;
    uint32_t offsets[SectionCount];
    for (int s = 0; s < SectionCount; ++s) {
        offsets[s] = counts[s] ? uint32_t(at) : 0;
        at += size_t(counts[s]) * recordSize(Section(s), v2);
    }
    std::vector<uint32_t> keyOffsets;
    for (const DocAnimation& a : doc.animations) {
        const size_t n = v2 ? a.raw.keyframes.size() : a.raw.records.size();
        keyOffsets.push_back(n ? uint32_t(at) : 0);
        at += n * (v2 ? KeyframeBytes20 : TrackBytes15);
    }
    std::vector<uint32_t> imageOffsets;
    for (const DashTexture& t : x.textures) {
        imageOffsets.push_back(t.data.empty() ? 0 : uint32_t(at));
        at += t.data.size();
    }
    if (at > 0xFFFFFFFFu)
        throw WriteError("Dash: the file would exceed 4 GiB");

    ByteWriter w;
    if (v2) {
        w.bytes({reinterpret_cast<const uint8_t*>("DMX\0"), 4});
        w.u32(x.versionMajor);
        w.u32(x.versionMinor);
        w.u32(x.isSkinned);
    } else {
        w.bytes({reinterpret_cast<const uint8_t*>("DASH"), 4});
        w.u16(uint16_t(x.versionMajor));
        w.u16(uint16_t(x.versionMinor));
        w.u32(uint32_t(rowBase));
        w.u32(SectionCount);
        w.zeros(rowBase - HeaderBytes);
    }
    for (int s = 0; s < SectionCount; ++s) {
        w.u32(x.headerRead ? x.labels[s] : defaultLabel(Section(s), v2));
        if (v2) {
            w.u32(counts[s]);
            w.u32(offsets[s]);
            w.u32(uint32_t(counts[s] * recordSize(Section(s), v2)));
        } else {
            w.u32(x.rowFlags[s]);
            w.u32(offsets[s]);
            w.u32(counts[s]);
        }
    }
    for (size_t i = 0; i < x.textures.size(); ++i)
        writeTexture(w, v2, x.textures[i], imageOffsets[i]);
    for (const DashMaterial& m : x.materials)
        writeMaterial(w, x.variant, m);
    for (size_t i = 0; i < doc.positions.size(); ++i) {
        if (v2)
            w.u32(x.vertexIds[i]);
        vec3(w, doc.positions[i]);
        for (int s = 0; s < 4; ++s) {
            if (v2)
                w.u32(uint32_t(x.skinIndex[i][s]));
            else
                w.s16(narrow<int16_t>(x.skinIndex[i][s], "skin index"));
        }
        for (int s = 0; s < 4; ++s)
            w.f32(doc.weights[i][s]);
    }
    for (const DashFace& f : x.faces)
        writeFace(w, v2, f);
    for (size_t i = 0; i < doc.skeleton.size(); ++i)
        writeBone(w, v2, doc.skeleton.bones[i], x.bones[i]);
    for (size_t i = 0; i < doc.animations.size(); ++i) {
        const DocAnimation& a = doc.animations[i];
        name(w, a.name);
        const uint32_t n = uint32_t(v2 ? a.raw.keyframes.size() : a.raw.records.size());
        if (v2) {
            w.u32(uint32_t(a.raw.id));
            w.f32(float(a.duration));
            w.u32(keyOffsets[i]);
            w.u32(n);
        } else {
            w.s16(narrow<int16_t>(a.raw.id, "animation id"));
            w.u16(uint16_t(a.raw.fpsRaw));
            w.u32(keyOffsets[i]);
            w.u32(n);
            w.f32(float(a.duration));
        }
    }
    for (const DocAnimation& a : doc.animations) {
        if (v2) {
            for (const DashKey20& k : a.raw.keyframes) {
                for (uint32_t v : {k.index, k.bone, k.type})
                    w.u32(v);
                w.f32(float(k.time));
                for (double v : k.value)
                    w.f32(float(v));
            }
        } else {
            for (const DashRecord15& r : a.raw.records) {
                w.s16(narrow<int16_t>(r.bone, "track bone id"));
                w.u16(r.flags);
                w.f32(float(r.time));
                for (double v : r.pos)
                    w.f32(float(v));
                for (double v : r.rot)
                    w.f32(float(v));
                for (double v : r.scl)
                    w.f32(float(v));
            }
        }
    }
    for (const DashTexture& t : x.textures)
        w.bytes(t.data);
    return w.take();
}

} // namespace bonescope::dash
