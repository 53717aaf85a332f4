#pragma once
// A glTF file's buffers as bytes: the .glb's BIN chunk, data: URIs, and external files beside a
// .gltf (only plain relative files in its own folder: formats/confined_file.h).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "formats/parse_error.h"

namespace bonescope::gltf {

struct Buffers {
    std::vector<std::vector<uint8_t>> owned; // decoded data: URIs and files read
    std::vector<std::span<const uint8_t>> bytes; // per buffer index, each at least its byteLength
    // Per buffer index: "" where it has its bytes, else why it has none. A buffer without a uri
    // beyond a .glb's BIN chunk is a placeholder (valid glTF, e.g. the uncompressed stand-in of
    // EXT_meshopt_compression data): only reading from it fails.
    std::vector<std::string> missing;
};

// Reading a buffer that has no bytes (a placeholder): the reader leaves out what needed it.
struct MissingBufferData : ParseError {
    using ParseError::ParseError;
};

// `bin`: the .glb's BIN chunk (empty for a .gltf); `folder`: where external files are looked for
// (empty: none may be named). Throws ParseError naming the buffer and why it cannot be had.
Buffers loadBuffers(const nlohmann::json& doc, std::span<const uint8_t> bin, bool hasBin, const std::string& folder);

// "%20" and the like in a uri, decoded (glTF uris are URI-encoded).
std::string decodeUri(const std::string& uri);

} // namespace bonescope::gltf
