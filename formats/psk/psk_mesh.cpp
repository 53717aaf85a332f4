#include "formats/psk/psk_mesh.h"

#include <cstring>

#include "formats/model_build.h"

namespace bonescope::psk {

namespace {

template <class T>
void hashBytes(uint64_t& h, const std::vector<T>& v)
{
    const auto* p = reinterpret_cast<const uint8_t*>(v.data());
    for (size_t i = 0; i < v.size() * sizeof(T); ++i)
        h = (h ^ p[i]) * 1099511628211ull; // FNV-1a
    h = (h ^ v.size()) * 1099511628211ull;
}

PskKeptChunk chunk(const char* name, int32_t size, size_t count, ByteWriter& w)
{
    return {ChunkHeader::make(name, 0, size, int32_t(count)), w.take()};
}

} // namespace

bool isMeshChunk(const std::string& n)
{
    return n == "PNTS0000" || n == "VTXW0000" || n == "VTXW3200" || n == "FACE0000" || n == "FACE3200" ||
           n == "MATT0000" || n == "RAWWEIGHTS" || n == "RAWW0000";
}

bool dependsOnMesh(const std::string& n)
{
    return n == "VTXNORMS" || n == "VERTEXCOLOR" || n.rfind("EXTRAUV", 0) == 0 || n.rfind("MRPH", 0) == 0;
}

Mesh readMesh(std::span<const uint8_t> file, const MeshChunks& c, size_t bones, PskExtra& x)
{
    Mesh m;
    std::vector<glm::vec3> points;
    if (c.points) {
        expectRecordSize(*c.points, PointBytes);
        ByteReader r = recordReader(file, *c.points);
        points.resize(size_t(c.points->header.count));
        for (auto& p : points)
            for (int k = 0; k < 3; ++k)
                p[k] = r.finiteF32("point");
    }
    std::vector<glm::vec3> normals;
    if (c.normals && c.normals->header.dataSize == 12 && size_t(c.normals->header.count) == points.size()) {
        ByteReader r = recordReader(file, *c.normals);
        normals.resize(points.size());
        for (auto& n : normals)
            for (int k = 0; k < 3; ++k)
                n[k] = r.f32();
    }
    std::vector<uint32_t> pointOf;
    if (c.wedges) {
        expectRecordSize(*c.wedges, WedgeBytes);
        ByteReader r = recordReader(file, *c.wedges);
        const size_t n = size_t(c.wedges->header.count);
        pointOf.resize(n);
        m.positions.resize(n);
        m.uvs.resize(n);
        // Old exporters wrote a u16 index and left junk in the pad: 32 bits only where 16 cannot do.
        const bool wide = points.size() > 65536 || c.wedges->header.name() == "VTXW3200";
        for (size_t i = 0; i < n; ++i) {
            const size_t at = r.pos();
            uint32_t p = r.u32();
            if (!wide)
                p &= 0xFFFF;
            if (p >= points.size())
                chunkFail(*c.wedges, at, "wedge " + std::to_string(i) + " names point " + std::to_string(p) +
                                             ", but there are " + std::to_string(points.size()));
            pointOf[i] = p;
            m.positions[i] = points[p];
            m.uvs[i].x = r.finiteF32("wedge U");
            m.uvs[i].y = r.finiteF32("wedge V");
            r.u32(); // material index, reserved, pad: kept in the chunk's bytes
        }
        if (!normals.empty())
            for (uint32_t p : pointOf)
                m.normals.push_back(normals[p]);
    }
    if (c.faces) {
        const bool wide = c.faces->header.name() == "FACE3200";
        x.wideFaces = wide;
        expectRecordSize(*c.faces, wide ? Face32Bytes : FaceBytes);
        ByteReader r = recordReader(file, *c.faces);
        const size_t n = size_t(c.faces->header.count);
        m.indices.resize(3 * n);
        for (size_t i = 0; i < n; ++i) {
            uint32_t w[3];
            for (uint32_t& v : w) {
                const size_t at = r.pos();
                v = wide ? r.u32() : r.u16();
                if (v >= pointOf.size())
                    chunkFail(*c.faces, at, "face " + std::to_string(i) + " names wedge " + std::to_string(v) +
                                                ", but there are " + std::to_string(pointOf.size()));
            }
            r.bytes(6, "face"); // materials and smoothing groups
            m.indices[3 * i] = w[2];
            m.indices[3 * i + 1] = w[1];
            m.indices[3 * i + 2] = w[0];
        }
    }
    if (c.weights) {
        expectRecordSize(*c.weights, WeightBytes);
        ByteReader r = recordReader(file, *c.weights);
        std::vector<std::vector<std::pair<uint32_t, float>>> of(points.size());
        for (int32_t i = 0; i < c.weights->header.count; ++i) {
            const size_t at = r.pos();
            const float weight = r.finiteF32("weight");
            const int32_t p = r.s32(), b = r.s32();
            if (p < 0 || size_t(p) >= points.size() || b < 0 || size_t(b) >= bones)
                chunkFail(*c.weights, at, "weight " + std::to_string(i) + " joins point " + std::to_string(p) +
                                              " to bone " + std::to_string(b) + ", but there are " +
                                              std::to_string(points.size()) + " points and " + std::to_string(bones) +
                                              " bones");
            of[size_t(p)].push_back({uint32_t(b), weight});
        }
        if (bones > 0)
            for (uint32_t p : pointOf)
                appendSkinWeights(of[p], m);
    } else if (bones > 0) {
        std::vector<std::pair<uint32_t, float>> none;
        for (size_t i = 0; i < pointOf.size(); ++i)
            appendSkinWeights(none, m);
    }
    x.points = points.size();
    x.wedges = pointOf.size();
    x.faces = m.indices.size() / 3;
    return m;
}

uint64_t meshFingerprint(const Mesh& m)
{
    uint64_t h = 14695981039346656037ull;
    hashBytes(h, m.positions);
    hashBytes(h, m.normals);
    hashBytes(h, m.uvs);
    hashBytes(h, m.joints);
    hashBytes(h, m.weights);
    hashBytes(h, m.indices);
    return h;
}

std::vector<PskKeptChunk> encodeMesh(const Mesh& m, size_t bones, const PskKeptChunk* materials)
{
    std::vector<PskKeptChunk> out;
    const size_t n = m.positions.size();
    ByteWriter w;
    for (const glm::vec3& p : m.positions)
        for (int k = 0; k < 3; ++k)
            w.f32(p[k]);
    out.push_back(chunk("PNTS0000", PointBytes, n, w));
    for (size_t i = 0; i < n; ++i) {
        w.u32(uint32_t(i));
        w.f32(i < m.uvs.size() ? m.uvs[i].x : 0.f);
        w.f32(i < m.uvs.size() ? m.uvs[i].y : 0.f);
        w.u32(0); // material 0, reserved, pad
    }
    out.push_back(chunk("VTXW0000", WedgeBytes, n, w));
    const bool wide = n > 65536;
    for (size_t i = 0; i + 2 < m.indices.size(); i += 3) {
        for (int k = 2; k >= 0; --k)
            wide ? w.u32(m.indices[i + size_t(k)]) : w.u16(uint16_t(m.indices[i + size_t(k)]));
        w.u8(0);
        w.u8(0);
        w.u32(1); // smoothing group 1: one smooth surface
    }
    out.push_back(chunk(wide ? "FACE3200" : "FACE0000", wide ? Face32Bytes : FaceBytes, m.indices.size() / 3, w));
    if (materials && materials->header.count > 0 && materials->header.dataSize == MaterialBytes) {
        w.bytes(std::span(materials->payload).first(MaterialBytes)); // every face uses material 0
    } else {
        w.bytes(encodeName("Material"));
        w.zeros(MaterialBytes - NameBytes);
    }
    out.push_back(chunk("MATT0000", MaterialBytes, 1, w));
    size_t weights = 0;
    if (bones > 0) {
        for (size_t i = 0; i < n; ++i) {
            const bool skinned = i < m.joints.size() && i < m.weights.size();
            bool any = false;
            for (int k = 0; k < 4 && skinned; ++k)
                if (m.weights[i][k] > 0 && m.joints[i][k] < bones) {
                    w.f32(m.weights[i][k]);
                    w.s32(int32_t(i));
                    w.s32(int32_t(m.joints[i][k]));
                    ++weights;
                    any = true;
                }
            if (!any) { // a vertex without weights follows the root
                w.f32(1.f);
                w.s32(int32_t(i));
                w.s32(0);
                ++weights;
            }
        }
    }
    out.push_back(chunk("RAWWEIGHTS", WeightBytes, weights, w));
    return out;
}

} // namespace bonescope::psk
