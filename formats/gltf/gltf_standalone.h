#pragma once
// Where an unedited .glb may go as its own bytes. A .glb can name images beside itself by relative
// uri (UnityGLTF writes `Textures/colormap.png`); its bytes stand on their own only where those names
// find the same files. Anywhere else the writer embeds the images in the BIN chunk, or, when they
// cannot be had, writes the scene fresh; it never copies files beside the output. A file holding
// numbers that are not finite is never written as it is (glTF allows finite numbers only).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bonescope::gltf {

struct GltfExtra;

// How an unedited .glb is written to a destination.
struct GlbPlacement {
    enum class How { OwnBytes, Embedded, Fresh } how = How::OwnBytes;
    std::vector<std::string> names; // the files it names beside itself (relative uris, decoded)
    std::string why;                // Fresh: why they cannot be embedded
    std::vector<uint8_t> embedded;  // Embedded: the .glb with them embedded (made to decide, kept to write)
};

// `destination`: the output's path (UTF-8), or "" when not known (then it is treated as elsewhere).
GlbPlacement placeGlb(const GltfExtra& source, const std::string& destination);

// The .glb with every image it names beside itself embedded in its BIN chunk (a buffer view with the
// image's mimeType, told by its bytes). Throws WriteError naming a file that cannot be had.
std::vector<uint8_t> embedBesideImages(std::span<const uint8_t> glb, const std::string& folder);

// The first float accessor of a .glb holding a number that is not finite, in words ("accessor 2
// (POSITION of mesh 0 'Mesh'), element 0 holds inf"), or "" when every one is finite. Asked when the
// file's own bytes are to be written (once per write, GltfFormat::placeAt), not on every read.
std::string nonFiniteAccessor(std::span<const uint8_t> glb);

// The report line for a placement ("" for OwnBytes).
std::string placementLine(const GlbPlacement& p);

} // namespace bonescope::gltf
