#pragma once
// The PSK mesh chunks <-> the viewer's mesh. A wedge (VTXW) is a drawn vertex: a point (PNTS) with
// a UV and a material; RAWWEIGHTS weigh points, not wedges. Faces are stored clockwise seen from
// the front in the file's right-handed space (exporters mirror Y and swap two wedges), so their
// order is reversed both ways.
#include <vector>

#include "core/model/mesh.h"
#include "formats/psk/psk_extra.h"

namespace bonescope::psk {

// Chunks that belong to the mesh: rebuilt together when the mesh changed.
bool isMeshChunk(const std::string& name);
// Chunks with one record per wedge or point, or that describe the mesh's morphs: dropped with it.
bool dependsOnMesh(const std::string& name);

struct MeshChunks {
    const ChunkView* points = nullptr;
    const ChunkView* wedges = nullptr;
    const ChunkView* faces = nullptr;
    const ChunkView* weights = nullptr;
    const ChunkView* normals = nullptr;
};

// Throws ParseError (chunk and offset named) for an index out of range or a value that is not finite.
Mesh readMesh(std::span<const uint8_t> file, const MeshChunks& c, size_t bones, PskExtra& x);
uint64_t meshFingerprint(const Mesh& mesh);
// PNTS0000, VTXW0000, FACE0000 (FACE3200 past 65,536 vertices), MATT0000 (`materials` as kept, or
// one), RAWWEIGHTS for `mesh`: one point and one wedge per vertex.
std::vector<PskKeptChunk> encodeMesh(const Mesh& mesh, size_t bones, const PskKeptChunk* materials);

} // namespace bonescope::psk
