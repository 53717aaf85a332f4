#include "formats/gltf/gltf_accessor.h"

#include <cstdint>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "formats/parse_error.h"

namespace bonescope::gltf {

uint64_t wholeNumber(const nlohmann::json& o, const char* key, uint64_t fallback, const std::string& what)
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number_unsigned())
        throw ParseError(what + ": \"" + key + "\" is not a whole number");
    return it->get<uint64_t>();
}

namespace {

using json = nlohmann::json;

int componentsOf(const std::string& type)
{
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4") return 4;
    if (type == "MAT2") return 4;
    if (type == "MAT3") return 9;
    if (type == "MAT4") return 16;
    return 0;
}

size_t sizeOf(int componentType)
{
    switch (componentType) {
    case 5120: case 5121: return 1; // BYTE, UNSIGNED_BYTE
    case 5122: case 5123: return 2; // SHORT, UNSIGNED_SHORT
    case 5125: case 5126: return 4; // UNSIGNED_INT, FLOAT
    default: return 0;
    }
}

// One component at p, as a double; normalised integers as the specification maps them.
double component(const uint8_t* p, int type, bool normalized)
{
    switch (type) {
    case 5120: { const double v = double(int8_t(p[0])); return normalized ? std::max(v / 127.0, -1.0) : v; }
    case 5121: { const double v = double(p[0]); return normalized ? v / 255.0 : v; }
    case 5122: { int16_t x; std::memcpy(&x, p, 2); return normalized ? std::max(double(x) / 32767.0, -1.0) : double(x); }
    case 5123: { uint16_t x; std::memcpy(&x, p, 2); return normalized ? double(x) / 65535.0 : double(x); }
    case 5125: { uint32_t x; std::memcpy(&x, p, 4); return double(x); }
    default: { float x; std::memcpy(&x, p, 4); return double(x); }
    }
}

// The bytes of buffer view `view` from `offset`, and its stride (0: packed).
struct ViewBytes {
    std::span<const uint8_t> bytes;
    uint64_t stride = 0;
};
ViewBytes viewBytes(const json& doc, const Buffers& buffers, uint64_t view, uint64_t offset, const std::string& what)
{
    const auto views = doc.find("bufferViews");
    if (views == doc.end() || !views->is_array() || view >= views->size() || !(*views)[view].is_object())
        throw ParseError(what + " names buffer view " + std::to_string(view) + ", which the file does not have");
    const json& v = (*views)[view];
    const std::string vwhat = "buffer view " + std::to_string(view);
    const uint64_t buffer = wholeNumber(v, "buffer", ~uint64_t(0), vwhat);
    if (buffer >= buffers.bytes.size())
        throw ParseError(vwhat + " names buffer " + std::to_string(buffer) + ", which the file does not have");
    if (buffer < buffers.missing.size() && !buffers.missing[buffer].empty())
        throw MissingBufferData(vwhat + " reads " + buffers.missing[buffer]);
    const uint64_t start = wholeNumber(v, "byteOffset", 0, vwhat), length = wholeNumber(v, "byteLength", 0, vwhat);
    const std::span<const uint8_t> b = buffers.bytes[buffer];
    if (start > b.size() || length > b.size() - start)
        throw ParseError(vwhat + " (bytes " + std::to_string(start) + " to " + std::to_string(start + length) +
                         ") reaches past the end of buffer " + std::to_string(buffer) + " (" + std::to_string(b.size()) + " bytes)");
    if (offset > length)
        throw ParseError(what + " starts at byte " + std::to_string(offset) + " of " + vwhat + ", which has " +
                         std::to_string(length));
    return {b.subspan(size_t(start + offset), size_t(length - offset)), wholeNumber(v, "byteStride", 0, vwhat)};
}

// `count` elements of `comps` components from view bytes, into out (count * comps doubles).
void decode(const ViewBytes& vb, uint64_t count, int comps, int type, bool normalized, const std::string& what,
            double* out)
{
    const size_t size = sizeOf(type);
    // Matrix columns of 1- and 2-byte components start on 4-byte boundaries.
    const bool padded = comps == 4 ? false : comps == 9 || comps == 16 ? size < 4 : false;
    const size_t rows = comps == 9 ? 3 : comps == 16 ? 4 : size_t(comps);
    const size_t column = padded ? (rows * size + 3) & ~size_t(3) : rows * size;
    const size_t element = comps == 9 || comps == 16 ? column * (size_t(comps) / rows) : size * size_t(comps);
    const uint64_t stride = vb.stride ? vb.stride : element;
    if (count > 0 && (stride < element || (count - 1) > (vb.bytes.size() - element) / stride || element > vb.bytes.size()))
        throw ParseError(what + ": " + std::to_string(count) + " elements of " + std::to_string(element) +
                         " bytes do not fit in the " + std::to_string(vb.bytes.size()) + " bytes of its buffer view");
    for (uint64_t e = 0; e < count; ++e) {
        const uint8_t* p = vb.bytes.data() + e * stride;
        for (int c = 0; c < comps; ++c) {
            const size_t col = size_t(c) / rows, row = size_t(c) % rows;
            out[e * uint64_t(comps) + uint64_t(c)] = component(p + col * column + row * size, type, normalized);
        }
    }
}

} // namespace

AccessorData readAccessor(const json& doc, const Buffers& buffers, size_t index)
{
    const std::string what = "accessor " + std::to_string(index);
    const auto list = doc.find("accessors");
    if (list == doc.end() || !list->is_array() || index >= list->size() || !(*list)[index].is_object())
        throw ParseError("the file names accessor " + std::to_string(index) + ", which it does not have");
    const json& a = (*list)[index];
    const auto type = a.find("type");
    AccessorData out;
    out.components = type != a.end() && type->is_string() ? componentsOf(type->get<std::string>()) : 0;
    if (out.components == 0)
        throw ParseError(what + " has no known \"type\" (SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4)");
    const int ctype = int(wholeNumber(a, "componentType", 0, what));
    if (sizeOf(ctype) == 0)
        throw ParseError(what + " has an unknown componentType " + std::to_string(ctype));
    const bool normalized = a.value("normalized", false);
    const uint64_t count = wholeNumber(a, "count", 0, what);
    const auto view = a.find("bufferView");
    if (view != a.end()) {
        const ViewBytes vb = viewBytes(doc, buffers, wholeNumber(a, "bufferView", 0, what), wholeNumber(a, "byteOffset", 0, what), what);
        // decode() checks that the elements fit in the view's bytes before anything is allocated.
        if (count > vb.bytes.size())
            throw ParseError(what + ": " + std::to_string(count) + " elements do not fit in its buffer view");
        out.values.resize(size_t(count) * size_t(out.components));
        decode(vb, count, out.components, ctype, normalized, what, out.values.data());
    } else {
        // All zeros (then sparse values): bounded by the bytes the buffers hold, so that a crafted
        // count cannot ask for gigabytes.
        uint64_t held = 0;
        for (const auto& b : buffers.bytes)
            held += b.size();
        if (count > held + 4096)
            throw ParseError(what + " has " + std::to_string(count) + " elements and no data, more than the file could fill");
        out.values.assign(size_t(count) * size_t(out.components), 0.0);
    }
    out.count = size_t(count);
    const auto sparse = a.find("sparse");
    if (sparse != a.end() && sparse->is_object()) {
        const std::string swhat = what + "'s sparse values";
        const uint64_t n = wholeNumber(*sparse, "count", 0, swhat);
        const auto idx = sparse->find("indices"), val = sparse->find("values");
        if (idx == sparse->end() || val == sparse->end() || !idx->is_object() || !val->is_object())
            throw ParseError(swhat + " have no indices or values");
        const int itype = int(wholeNumber(*idx, "componentType", 0, swhat));
        if (itype != 5121 && itype != 5123 && itype != 5125)
            throw ParseError(swhat + ": indices of componentType " + std::to_string(itype) + " (must be unsigned)");
        const ViewBytes ib = viewBytes(doc, buffers, wholeNumber(*idx, "bufferView", ~uint64_t(0), swhat),
                                       wholeNumber(*idx, "byteOffset", 0, swhat), swhat);
        const ViewBytes vb = viewBytes(doc, buffers, wholeNumber(*val, "bufferView", ~uint64_t(0), swhat),
                                       wholeNumber(*val, "byteOffset", 0, swhat), swhat);
        if (n > ib.bytes.size() || n > count)
            throw ParseError(swhat + ": " + std::to_string(n) + " of them do not fit");
        std::vector<double> indices(static_cast<size_t>(n));
        std::vector<double> values(static_cast<size_t>(n) * size_t(out.components));
        decode({ib.bytes, 0}, n, 1, itype, false, swhat, indices.data());
        decode({vb.bytes, 0}, n, out.components, ctype, normalized, swhat, values.data());
        for (size_t k = 0; k < n; ++k) {
            const uint64_t at = uint64_t(indices[k]);
            if (at >= count)
                throw ParseError(swhat + ": index " + std::to_string(at) + " is beyond its " + std::to_string(count) + " elements");
            std::copy_n(values.begin() + std::ptrdiff_t(k * size_t(out.components)), out.components,
                        out.values.begin() + std::ptrdiff_t(at * uint64_t(out.components)));
        }
    }
    return out;
}

} // namespace bonescope::gltf
