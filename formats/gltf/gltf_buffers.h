#pragma once
// A glTF file's buffers as bytes: the .glb's BIN chunk, data: URIs, and external files beside a
// .gltf (only plain relative files in its own folder: formats/confined_file.h).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace bonescope::gltf {

struct Buffers {
    std::vector<std::vector<uint8_t>> owned; // decoded data: URIs and files read
    std::vector<std::span<const uint8_t>> bytes; // per buffer index, each at least its byteLength
};

// `bin`: the .glb's BIN chunk (empty for a .gltf); `folder`: where external files are looked for
// (empty: none may be named). Throws ParseError naming the buffer and why it cannot be had.
Buffers loadBuffers(const nlohmann::json& doc, std::span<const uint8_t> bin, bool hasBin, const std::string& folder);

// "%20" and the like in a uri, decoded (glTF uris are URI-encoded).
std::string decodeUri(const std::string& uri);

} // namespace bonescope::gltf
