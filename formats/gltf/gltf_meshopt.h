#pragma once
// EXT_meshopt_compression (gltfpack, glTF-Transform): buffer views whose bytes are compressed by
// meshoptimizer's vertex and index codecs, with the octahedral, quaternion and exponential filters.
// Decoded with the meshoptimizer library (Debian's libmeshoptimizer-dev) before any accessor is read,
// so the rest of the reader sees plain views. A build without the library (BONESCOPE_WITHOUT_MESHOPT:
// a cross build with no package for its target) leaves them as placeholders, read as missing data.
#include <cstddef>

#include <nlohmann/json_fwd.hpp>

#include "formats/gltf/gltf_buffers.h"

namespace bonescope::gltf {

// The reader's note on a file that had compressed views; a .glb written anew holds them uncompressed.
constexpr const char* kMeshoptNote = "its buffer views are compressed (EXT_meshopt_compression) and were decoded; "
                                     "a .glb Bonescope writes anew holds them uncompressed, without the extension";

// Whether this build decodes EXT_meshopt_compression.
bool meshoptDecodes();

// Every buffer view of `doc` with EXT_meshopt_compression decoded into a buffer of its own, appended
// to `buffers`; the view is made to name it (byteOffset 0). Returns how many views were decoded.
// Throws ParseError naming the view when its data are not what the extension describes.
size_t decodeMeshoptViews(nlohmann::json& doc, Buffers& buffers);

} // namespace bonescope::gltf
