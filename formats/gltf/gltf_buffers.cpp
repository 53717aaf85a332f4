#include "formats/gltf/gltf_buffers.h"

#include <nlohmann/json.hpp>

#include "formats/confined_file.h"
#include "formats/data_uri.h"
#include "formats/parse_error.h"

namespace bonescope::gltf {

std::string decodeUri(const std::string& uri)
{
    auto hex = [](char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    };
    std::string out;
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) >= 0 && hex(uri[i + 2]) >= 0) {
            out += char(hex(uri[i + 1]) * 16 + hex(uri[i + 2]));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

Buffers loadBuffers(const nlohmann::json& doc, std::span<const uint8_t> bin, bool hasBin, const std::string& folder)
{
    Buffers out;
    const auto it = doc.find("buffers");
    if (it == doc.end() || !it->is_array())
        return out;
    out.owned.reserve(it->size());
    for (size_t i = 0; i < it->size(); ++i) {
        const nlohmann::json& b = (*it)[i];
        const std::string what = "buffer " + std::to_string(i);
        if (!b.is_object())
            throw ParseError(what + " is not a JSON object");
        const auto length = b.find("byteLength");
        if (length == b.end() || !length->is_number_unsigned())
            throw ParseError(what + " has no byteLength");
        const uint64_t need = length->get<uint64_t>();
        std::span<const uint8_t> bytes;
        const auto uri = b.find("uri");
        std::string missing;
        if (uri == b.end()) {
            // The first buffer of a .glb without a uri is its BIN chunk; any other is a placeholder.
            if (i == 0 && hasBin) {
                bytes = bin;
            } else {
                const auto ext = b.find("extensions");
                const bool meshopt = ext != b.end() && ext->is_object() && ext->contains("EXT_meshopt_compression");
                missing = meshopt ? "holds the uncompressed form of EXT_meshopt_compression data, which this build of "
                                    "Bonescope does not decompress (it was built without meshoptimizer; re-export the "
                                    "file without meshopt compression, e.g. gltf-transform copy)"
                                  : "has no data (no uri: a placeholder)";
                out.bytes.emplace_back();
                out.missing.push_back(what + ", which " + missing);
                continue;
            }
        } else {
            if (!uri->is_string())
                throw ParseError(what + "'s uri is not a string");
            const std::string text = uri->get<std::string>();
            std::vector<uint8_t>& data = out.owned.emplace_back();
            std::string mime;
            if (text.rfind("data:", 0) == 0) {
                if (!decodeDataUri(text, mime, data))
                    throw ParseError(what + "'s data: URI is not base64 data");
            } else {
                const std::string name = decodeUri(text);
                std::string why;
                const auto file = readBesideFile(folder, name, why);
                if (!file)
                    throw ParseError("the file names \"" + name + "\", which Bonescope does not open: " + why);
                data.assign(file->bytes().begin(), file->bytes().end());
            }
            bytes = data;
        }
        if (bytes.size() < need)
            throw ParseError(what + " should hold " + std::to_string(need) + " bytes but has " +
                             std::to_string(bytes.size()));
        out.bytes.push_back(bytes.first(size_t(need)));
        out.missing.emplace_back();
    }
    return out;
}

} // namespace bonescope::gltf
