#include "formats/gltf/gltf_meshopt.h"

#include <nlohmann/json.hpp>

#ifndef BONESCOPE_WITHOUT_MESHOPT
#include <meshoptimizer.h>
#endif

#include "formats/gltf/gltf_accessor.h"
#include "formats/parse_error.h"

namespace bonescope::gltf {

#ifdef BONESCOPE_WITHOUT_MESHOPT

bool meshoptDecodes() { return false; }

size_t decodeMeshoptViews(nlohmann::json&, Buffers&) { return 0; }

#else

bool meshoptDecodes() { return true; }

namespace {

// The codecs never expand a byte into more than this many (a vertex block of zeros costs two bits a
// byte; a triangle at least a byte for 12), so a larger claim is a damaged count, not data.
constexpr uint64_t kMaxExpansion = 128;

// The view's compressed bytes, decoded into `out` (count elements of stride bytes), filters undone.
void decode(const nlohmann::json& m, std::span<const uint8_t> in, uint64_t count, uint64_t stride,
            std::vector<uint8_t>& out, const std::string& what)
{
    const std::string mode = m.value("mode", ""), filter = m.value("filter", "NONE");
    int status = -1;
    if (mode == "ATTRIBUTES") {
        if (stride % 4)
            throw ParseError(what + ": vertex data of " + std::to_string(stride) + " bytes (a multiple of 4 is needed)");
        status = meshopt_decodeVertexBuffer(out.data(), size_t(count), size_t(stride), in.data(), in.size());
    } else if (mode == "TRIANGLES" || mode == "INDICES") {
        if (stride != 2 && stride != 4)
            throw ParseError(what + ": indices of " + std::to_string(stride) + " bytes (2 or 4 are allowed)");
        if (mode == "TRIANGLES" && count % 3)
            throw ParseError(what + ": " + std::to_string(count) + " indices are not whole triangles");
        status = mode == "TRIANGLES"
                     ? meshopt_decodeIndexBuffer(out.data(), size_t(count), size_t(stride), in.data(), in.size())
                     : meshopt_decodeIndexSequence(out.data(), size_t(count), size_t(stride), in.data(), in.size());
    } else {
        throw ParseError(what + ": unknown mode \"" + mode + "\"");
    }
    if (status != 0)
        throw ParseError(what + ": the compressed data are damaged (meshoptimizer could not decode them)");
    // The filters undo what the encoder did to the numbers before compressing them.
    const bool vertex = mode == "ATTRIBUTES";
    if (filter == "OCTAHEDRAL" && vertex && (stride == 4 || stride == 8))
        meshopt_decodeFilterOct(out.data(), size_t(count), size_t(stride));
    else if (filter == "QUATERNION" && vertex && stride == 8)
        meshopt_decodeFilterQuat(out.data(), size_t(count), size_t(stride));
    else if (filter == "EXPONENTIAL" && vertex)
        meshopt_decodeFilterExp(out.data(), size_t(count), size_t(stride));
    else if (filter != "NONE")
        throw ParseError(what + ": filter \"" + filter + "\" does not apply to " + mode + " of " + std::to_string(stride) + " bytes");
}

} // namespace

size_t decodeMeshoptViews(nlohmann::json& doc, Buffers& buffers)
{
    const auto views = doc.find("bufferViews");
    if (views == doc.end() || !views->is_array())
        return 0;
    size_t decoded = 0;
    for (size_t v = 0; v < views->size(); ++v) {
        nlohmann::json& view = (*views)[v];
        if (!view.is_object() || !view.contains("extensions") || !view["extensions"].is_object() ||
            !view["extensions"].contains("EXT_meshopt_compression"))
            continue;
        const nlohmann::json& m = view["extensions"]["EXT_meshopt_compression"];
        const std::string what = "buffer view " + std::to_string(v) + " (EXT_meshopt_compression)";
        if (!m.is_object())
            throw ParseError(what + " is not a JSON object");
        const uint64_t buffer = wholeNumber(m, "buffer", ~uint64_t(0), what);
        if (buffer >= buffers.bytes.size())
            throw ParseError(what + ": \"buffer\" is not the index of one of its " + std::to_string(buffers.bytes.size()) + " buffers");
        if (!buffers.missing[size_t(buffer)].empty())
            throw ParseError(what + " reads " + buffers.missing[size_t(buffer)]);
        const uint64_t offset = wholeNumber(m, "byteOffset", 0, what), length = wholeNumber(m, "byteLength", ~uint64_t(0), what);
        const uint64_t stride = wholeNumber(m, "byteStride", 0, what), count = wholeNumber(m, "count", 0, what);
        const std::span<const uint8_t> all = buffers.bytes[size_t(buffer)];
        if (offset > all.size() || length > all.size() - offset)
            throw ParseError(what + ": bytes " + std::to_string(offset) + " to " + std::to_string(offset + length) +
                             " are beyond its buffer's " + std::to_string(all.size()));
        const std::span<const uint8_t> in = all.subspan(size_t(offset), size_t(length));
        if (stride == 0 || stride > 256 || count > (kMaxExpansion * in.size() + 4096) / stride)
            throw ParseError(what + ": " + std::to_string(count) + " elements of " + std::to_string(stride) +
                             " bytes cannot come from " + std::to_string(in.size()) + " compressed bytes");
        std::vector<uint8_t>& out = buffers.owned.emplace_back(size_t(count * stride));
        decode(m, in, count, stride, out, what);
        buffers.bytes.emplace_back(out);
        buffers.missing.emplace_back();
        view["buffer"] = buffers.bytes.size() - 1;
        view["byteOffset"] = uint64_t(0);
        view["byteLength"] = out.size();
        ++decoded;
    }
    return decoded;
}

#endif

} // namespace bonescope::gltf
