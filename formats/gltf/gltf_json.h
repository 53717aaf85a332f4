#pragma once
// What Bonescope checks in glTF JSON itself, before its reader (formats/gltf) or Assimp sees it: whether the JSON is glTF at all
// (a top-level "asset" key, wherever it is and however it is escaped), how deep the node hierarchy
// goes (Assimp's glTF importer recurses once per level and would overflow the stack), and whether its
// skins have an inverse bind matrix per joint.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope {

// The glTF readers refuse a node hierarchy deeper than this (Assimp's importer recurses once per
// level, and so do parts of the viewer); the writer through Assimp keeps to it too.
constexpr int MaxNodeDepth = 1000;

struct GltfSkinFacts {
    uint64_t joints = 0;                          // entries of "joints"
    std::optional<uint64_t> inverseBindMatrices;  // its accessor, when given
};

struct GltfJsonFacts {
    bool hasAsset = false;       // a top-level "asset" key
    std::string version;         // asset.version as written ("2.0"; glTF 1.0 files may give a number)
    size_t nodeDepth = 0;        // levels in the deepest node chain (0 = no nodes)
    bool nodeCycle = false;      // a node is its own ancestor
    uint64_t errorOffset = ~uint64_t(0); // where the JSON stopped being JSON, when it did
    std::vector<GltfSkinFacts> skins;
    std::vector<uint64_t> accessorCounts; // each accessor's "count"
};

// Scans the JSON without building it (constant stack, memory proportional to the node count).
GltfJsonFacts scanGltfJson(std::string_view json);

// Why Assimp would read past its buffers for the file's skins (a skin's inverse bind matrices fewer
// than its joints: Assimp 5.2 indexes them by joint unchecked), or "" when they are sound.
std::string skinProblem(const GltfJsonFacts& facts);

// The JSON chunk of a .glb, or nothing when the bytes do not start with "glTF". A container Assimp
// would read past (version other than 2, lengths beyond the file or the header's length, chunks other
// than JSON then BIN) is a ParseError naming the byte offset.
std::optional<std::string_view> glbJsonChunk(std::span<const uint8_t> bytes);

// A .glb's JSON chunk and its BIN chunk (when it has one), checked as glbJsonChunk() checks them.
struct GlbChunks {
    std::string_view json;
    std::span<const uint8_t> bin;
    uint64_t binOffset = 0; // where the BIN chunk's data starts in the file
    bool hasBin = false;
};
std::optional<GlbChunks> glbChunks(std::span<const uint8_t> bytes);

} // namespace bonescope
