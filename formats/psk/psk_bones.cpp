#include "formats/psk/psk_bones.h"

#include <cmath>
#include <cstring>

#include "formats/parse_error.h"

namespace bonescope::psk {

namespace {

// Offsets inside a 120-byte record.
constexpr size_t kFlags = 64, kChildren = 68, kParent = 72, kRotation = 76, kPosition = 92;

void putS32(uint8_t* p, int32_t v) { std::memcpy(p, &v, 4); }
void putF32(uint8_t* p, float v) { std::memcpy(p, &v, 4); }

} // namespace

Skeleton readBones(std::span<const uint8_t> file, const ChunkView& c, PskExtra& x, bool mayBeFlat)
{
    expectRecordSize(c, BoneRecordBytes);
    ByteReader r = recordReader(file, c);
    const size_t n = size_t(c.header.count);
    Skeleton s;
    s.bones.resize(n);
    x.boneRecords.resize(n);
    std::vector<int32_t> rawParents(n), children(n);
    for (size_t i = 0; i < n; ++i) {
        const size_t at = r.pos();
        const auto rec = r.bytes(BoneRecordBytes, "bone");
        std::memcpy(x.boneRecords[i].data(), rec.data(), BoneRecordBytes);
        ByteReader f(file.first(at + BoneRecordBytes));
        f.seek(at + NameBytes);
        Bone& b = s.bones[i];
        b.name = readName(rec.first(NameBytes));
        b.flags = f.u32();
        children[i] = f.s32();
        rawParents[i] = f.s32();
        float q[4];
        for (float& v : q)
            v = f.finiteF32("bone rotation");
        for (int k = 0; k < 3; ++k)
            b.restTranslation[k] = f.finiteF32("bone position");
        b.restRotation = fromFileRotation(q[0], q[1], q[2], q[3], i == 0);
        const int32_t p = rawParents[i];
        if (p >= int32_t(n))
            chunkFail(c, at + kParent, "bone " + std::to_string(i) + " ('" + b.name + "') names parent " +
                                           std::to_string(p) + ", but there are " + std::to_string(n) + " bones");
        b.parent = i == 0 || p < 0 || p == int32_t(i) ? -1 : p;
    }
    x.namesRead.clear();
    for (const Bone& b : s.bones)
        x.namesRead.push_back(b.name);
    bool flat = mayBeFlat && n > 2 && children[0] != int32_t(n - 1);
    for (size_t i = 1; i < n && flat; ++i)
        flat = rawParents[i] == 0;
    if (flat) {
        x.parentsRead.assign(n, ParentUnknown);
        return {};
    }
    x.parentsRead.clear();
    for (const Bone& b : s.bones)
        x.parentsRead.push_back(b.parent);
    std::string why;
    if (!s.evaluationOrder(&why))
        chunkFail(c, c.dataOffset(), "the bones' parents form a cycle: " + why);
    return s;
}

void writeBones(ByteWriter& w, const Skeleton& skeleton, const PskExtra* x)
{
    const size_t n = skeleton.size();
    const bool sameBones = x && x->boneRecords.size() == n;
    const bool sameHierarchy = sameBones && x->parentsRead.size() == n && [&] {
        for (size_t i = 0; i < n; ++i)
            if (x->parentsRead[i] != skeleton.bones[i].parent)
                return false;
        return true;
    }();
    std::vector<int32_t> children(n, 0);
    for (const Bone& b : skeleton.bones)
        if (b.parent >= 0)
            ++children[size_t(b.parent)];
    for (size_t i = 0; i < n; ++i) {
        const Bone& b = skeleton.bones[i];
        std::array<uint8_t, BoneRecordBytes> rec{};
        if (sameBones)
            rec = x->boneRecords[i];
        const auto name = nameField(b.name, sameBones ? rec.data() : nullptr);
        std::memcpy(rec.data(), name.data(), NameBytes);
        std::memcpy(rec.data() + kFlags, &b.flags, 4);
        if (!sameHierarchy)
            putS32(rec.data() + kChildren, children[i]);
        // ActorX, UE Viewer and the Blender add-on give the root parent 0; CUE4Parse -1 (kept as read).
        if (!(sameBones && x->parentsRead[i] == b.parent))
            putS32(rec.data() + kParent, b.parent >= 0 ? b.parent : (i == 0 ? 0 : -1));
        const auto q = toFileRotation(b.restRotation, i == 0);
        for (int k = 0; k < 4; ++k)
            putF32(rec.data() + kRotation + 4 * k, q[size_t(k)]);
        for (int k = 0; k < 3; ++k)
            putF32(rec.data() + kPosition + 4 * k, float(b.restTranslation[k]));
        w.bytes(rec);
    }
}

} // namespace bonescope::psk
