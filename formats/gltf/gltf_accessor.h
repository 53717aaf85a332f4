#pragma once
// A glTF accessor's elements as doubles: any component type, normalised integers mapped to [-1, 1]
// or [0, 1] as the specification says (KHR_mesh_quantization's quantised attributes among them),
// interleaved views (byteStride), sparse substitution, and accessors with no buffer view (zeros).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "formats/gltf/gltf_buffers.h"

namespace bonescope::gltf {

struct AccessorData {
    size_t count = 0;
    int components = 0;         // 1 SCALAR, 2 VEC2, 3 VEC3, 4 VEC4, 16 MAT4 ...
    std::vector<double> values; // count * components
    double at(size_t element, int c) const { return values[element * size_t(components) + size_t(c)]; }
};

// The whole number `key` of `o` (a byteOffset, an index), `fallback` when absent; anything else is a
// ParseError naming `what`.
uint64_t wholeNumber(const nlohmann::json& o, const char* key, uint64_t fallback, const std::string& what);

// Accessor `index` of the document. Every range is checked against its buffer view and buffer;
// throws ParseError naming the accessor and what does not fit.
AccessorData readAccessor(const nlohmann::json& doc, const Buffers& buffers, size_t index);

} // namespace bonescope::gltf
