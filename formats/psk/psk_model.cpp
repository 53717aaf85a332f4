// PSK and .pskx: the skeleton (REFSKELT) and the mesh. Chunks are written back in the file's order;
// the skeleton is rebuilt from the model, the mesh chunks are written as read while the mesh is the
// one they made (else rebuilt, and the per-wedge extras and morphs that no longer fit dropped), and
// every other chunk is kept as bytes.
#include <algorithm>
#include <map>

#include "formats/parse_error.h"
#include "formats/psk/psk_bones.h"
#include "formats/psk/psk_mesh.h"
#include "formats/psk/psk_model.h"

namespace bonescope::psk {

namespace {

// The mesh chunk a rebuilt one replaces: by kind, whatever the width.
std::string meshKind(const std::string& name) { return name.substr(0, 4); }

} // namespace

Scene readPsk(std::span<const uint8_t> bytes)
{
    auto x = std::make_unique<PskExtra>();
    const std::vector<ChunkView> chunks = splitChunks(bytes, "ACTRHEAD", x->trailing);
    MeshChunks mesh;
    const ChunkView* skeleton = nullptr;
    for (const ChunkView& c : chunks) {
        const std::string name = c.header.name();
        PskKeptChunk kept{c.header, {}, false};
        auto first = [&](const ChunkView*& slot) {
            if (!slot)
                slot = &c;
        };
        if (name == "REFSKELT" || name == "REFSKEL0") {
            if (!skeleton) {
                skeleton = &c;
                kept.rebuilt = true;
            }
        } else if (name == "PNTS0000") {
            first(mesh.points);
        } else if (name == "VTXW0000" || name == "VTXW3200") {
            first(mesh.wedges);
        } else if (name == "FACE0000" || name == "FACE3200") {
            first(mesh.faces);
        } else if (name == "RAWWEIGHTS" || name == "RAWW0000") {
            first(mesh.weights);
        } else if (name == "VTXNORMS") {
            first(mesh.normals);
        } else if (name == "MATT0000") {
            x->materials = size_t(c.header.count);
        } else if (name == "MRPHINFO") {
            x->morphTargets = size_t(c.header.count);
        } else if (name == "VERTEXCOLOR") {
            x->vertexColors = true;
        } else if (name.rfind("EXTRAUV", 0) == 0) {
            ++x->extraUvSets;
        }
        if (!kept.rebuilt)
            kept.payload.assign(c.data.begin(), c.data.end());
        x->chunks.push_back(std::move(kept));
    }
    Scene s;
    s.format = "psk";
    if (skeleton)
        s.skeleton = readBones(bytes, *skeleton, *x, false);
    s.mesh = readMesh(bytes, mesh, s.skeleton.size(), *x);
    x->meshFingerprint = meshFingerprint(s.mesh);
    s.extra = std::move(x);
    return s;
}

std::vector<uint8_t> writePsk(const Scene& s)
{
    const PskExtra* x = s.extra.as<PskExtra>();
    if (x && x->animationFile)
        x = nullptr;
    checkWriteLimits(s, writeLimits(false));
    if (s.skeleton.empty() && s.mesh.empty())
        throw WriteError("a PSK needs a skeleton or a mesh; this scene has neither");
    const auto boneHeader = [&](const ChunkHeader* kept) {
        ChunkHeader h = kept ? *kept : ChunkHeader::make("REFSKELT", 0, BoneRecordBytes, 0);
        if (!(kept && kept->count == 0 && s.skeleton.empty())) // an empty chunk's size as read
            h.dataSize = BoneRecordBytes;
        h.count = int32_t(s.skeleton.size());
        return h;
    };
    ByteWriter w;
    const bool meshAsRead = x && meshFingerprint(s.mesh) == x->meshFingerprint;
    std::vector<PskKeptChunk> rebuilt;
    if (!meshAsRead) {
        const PskKeptChunk* materials = nullptr;
        for (const PskKeptChunk& c : x ? x->chunks : std::vector<PskKeptChunk>{})
            if (c.header.name() == "MATT0000" && !materials)
                materials = &c;
        rebuilt = encodeMesh(s.mesh, s.skeleton.size(), materials);
    }
    std::map<std::string, bool> placed; // rebuilt mesh chunks written, by kind
    auto placeMesh = [&](const std::string& kind, const ChunkHeader* where) {
        for (PskKeptChunk& c : rebuilt)
            if (meshKind(c.header.name()) == kind && !placed[kind]) {
                placed[kind] = true;
                if (where)
                    c.header.typeFlag = where->typeFlag; // some writers flag every chunk
                writeHeader(w, c.header);
                w.bytes(c.payload);
            }
    };
    if (!x) {
        writeHeader(w, ChunkHeader::make("ACTRHEAD", WrittenTypeFlag, 0, 0));
        for (const char* kind : {"PNTS", "VTXW", "FACE", "MATT"})
            placeMesh(kind, nullptr);
        writeHeader(w, boneHeader(nullptr));
        writeBones(w, s.skeleton, nullptr);
        placeMesh("RAWW", nullptr);
        return w.take();
    }
    for (const PskKeptChunk& c : x->chunks) {
        const std::string name = c.header.name();
        if (c.rebuilt) {
            writeHeader(w, boneHeader(&c.header));
            writeBones(w, s.skeleton, x);
            continue;
        }
        if (!meshAsRead && isMeshChunk(name)) {
            placeMesh(meshKind(name), &c.header);
            continue;
        }
        if (!meshAsRead && dependsOnMesh(name))
            continue; // per wedge or per point of the old mesh
        writeHeader(w, c.header);
        w.bytes(c.payload);
    }
    for (const char* kind : {"PNTS", "VTXW", "FACE", "MATT", "RAWW"})
        placeMesh(kind, nullptr); // a mesh added to a file that had none
    if (!std::any_of(x->chunks.begin(), x->chunks.end(), [](const PskKeptChunk& c) { return c.rebuilt; }) &&
        !s.skeleton.empty()) {
        writeHeader(w, boneHeader(nullptr));
        writeBones(w, s.skeleton, nullptr);
    }
    w.bytes(x->trailing);
    return w.take();
}

} // namespace bonescope::psk
