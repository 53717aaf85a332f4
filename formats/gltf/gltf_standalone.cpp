#include "formats/gltf/gltf_standalone.h"

#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "formats/confined_file.h"
#include "formats/gltf/gltf_accessor.h"
#include "formats/gltf/gltf_buffers.h"
#include "formats/gltf/gltf_extra.h"
#include "formats/gltf/gltf_json.h"
#include "formats/gltf/gltf_meshopt.h"
#include "formats/gltf/gltf_write.h"
#include "formats/json_parse.h"
#include "formats/parse_error.h"
#include "formats/short_number.h"

namespace bonescope::gltf {

namespace {

using ordered = nlohmann::ordered_json;

std::span<const uint8_t> bytesOf(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// An image's uri that names a file beside the .glb (not a data: URI), decoded; "" otherwise.
std::string besideName(const ordered& image)
{
    const auto uri = image.find("uri");
    if (uri == image.end() || !uri->is_string() || uri->get<std::string>().rfind("data:", 0) == 0)
        return {};
    return decodeUri(uri->get<std::string>());
}

// The image types glTF and its extensions carry, told by their first bytes (never by the name: a
// crafted file must not embed another kind of file from its folder).
std::string imageMime(std::span<const uint8_t> b)
{
    auto starts = [&](const char* magic, size_t n, size_t at = 0) {
        return b.size() >= at + n && std::memcmp(b.data() + at, magic, n) == 0;
    };
    if (starts("\x89PNG\r\n\x1a\n", 8)) return "image/png";
    if (starts("\xff\xd8\xff", 3)) return "image/jpeg";
    if (starts("RIFF", 4) && starts("WEBP", 4, 8)) return "image/webp";
    if (starts("\xabKTX 20\xbb\r\n\x1a\n", 12)) return "image/ktx2";
    return {};
}

// Which part of the file an accessor serves, for messages.
std::string usageOf(const nlohmann::json& doc, size_t index)
{
    const nlohmann::json none = nlohmann::json::array();
    const nlohmann::json meshes = doc.value("meshes", none), anims = doc.value("animations", none);
    for (size_t m = 0; m < meshes.size(); ++m) {
        const nlohmann::json primitives = meshes[m].is_object() ? meshes[m].value("primitives", none) : none;
        for (const nlohmann::json& p : primitives) {
            const nlohmann::json attributes = p.is_object() ? p.value("attributes", nlohmann::json::object()) : nlohmann::json::object();
            for (const auto& [name, a] : attributes.items())
                if (a.is_number_unsigned() && a.get<uint64_t>() == index)
                    return " (" + name + " of mesh " + std::to_string(m) +
                           (meshes[m].contains("name") && meshes[m]["name"].is_string() ? " '" + meshes[m]["name"].get<std::string>() + "'" : "") + ")";
        }
    }
    for (size_t n = 0; n < anims.size(); ++n) {
        const nlohmann::json samplers = anims[n].is_object() ? anims[n].value("samplers", none) : none;
        for (const nlohmann::json& s : samplers)
            for (const char* key : {"input", "output"})
                if (s.is_object() && s.contains(key) && s[key].is_number_unsigned() && s[key].get<uint64_t>() == index)
                    return " (keys of animation " + std::to_string(n) + ")";
    }
    return {};
}

} // namespace

std::vector<uint8_t> embedBesideImages(std::span<const uint8_t> glb, const std::string& folder)
{
    const auto chunks = glbChunks(glb);
    if (!chunks)
        throw WriteError("not a .glb");
    ordered doc = parseJsonDocument<ordered>(bytesOf(chunks->json));
    ordered& buffers = doc["buffers"];
    if (!buffers.is_array())
        buffers = ordered::array();
    std::vector<uint8_t> bin;
    const bool hasBinBuffer = chunks->hasBin && !buffers.empty() && buffers[0].is_object() && !buffers[0].contains("uri");
    if (hasBinBuffer) {
        const uint64_t length = buffers[0].value("byteLength", uint64_t(0));
        bin.assign(chunks->bin.begin(), chunks->bin.begin() + std::ptrdiff_t(std::min<uint64_t>(length, chunks->bin.size())));
    } else {
        // The BIN chunk's buffer must be the first: every buffer index moves up by one.
        buffers.insert(buffers.begin(), ordered{{"byteLength", 0}});
        for (ordered& view : doc["bufferViews"]) {
            if (view.contains("buffer") && view["buffer"].is_number_unsigned())
                view["buffer"] = view["buffer"].get<uint64_t>() + 1;
            if (view.contains("extensions") && view["extensions"].contains("EXT_meshopt_compression")) {
                ordered& m = view["extensions"]["EXT_meshopt_compression"];
                if (m.contains("buffer") && m["buffer"].is_number_unsigned())
                    m["buffer"] = m["buffer"].get<uint64_t>() + 1;
            }
        }
    }
    if (!doc.contains("bufferViews"))
        doc["bufferViews"] = ordered::array();
    for (ordered& image : doc["images"]) {
        const std::string name = besideName(image);
        if (name.empty())
            continue;
        std::string why;
        const auto file = folder.empty() ? std::nullopt : readBesideFile(folder, name, why);
        if (!file)
            throw WriteError("the image \"" + name + "\" " + (folder.empty() ? "has no folder to be found in" : "cannot be read: " + why));
        const std::string mime = imageMime(file->bytes());
        if (mime.empty())
            throw WriteError("the image \"" + name + "\" is not a PNG, JPEG, WebP or KTX2 image");
        while (bin.size() % 4)
            bin.push_back(0);
        doc["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", bin.size()}, {"byteLength", file->bytes().size()}});
        bin.insert(bin.end(), file->bytes().begin(), file->bytes().end());
        image.erase("uri");
        image["bufferView"] = doc["bufferViews"].size() - 1;
        image["mimeType"] = mime;
    }
    buffers[0]["byteLength"] = bin.size();
    return glbContainer(doc.dump(), std::move(bin));
}

GlbPlacement placeGlb(const GltfExtra& source, const std::string& destination)
{
    GlbPlacement p;
    const auto chunks = glbChunks(*source.source);
    if (!chunks)
        return p;
    const ordered doc = parseJsonDocument<ordered>(bytesOf(chunks->json));
    for (const ordered& image : doc.value("images", ordered::array()))
        if (const std::string name = besideName(image); !name.empty())
            p.names.push_back(name);
    if (p.names.empty())
        return p;
    const std::string from = source.path.empty() ? std::string() : folderOf(source.path);
    // Where every name finds the same bytes (the source's own folder, or a copy of it), the file's
    // own bytes stand as they are.
    if (!destination.empty() && !from.empty()) {
        bool same = true;
        for (const std::string& name : p.names) {
            std::string why;
            const auto a = readBesideFile(from, name, why), b = readBesideFile(folderOf(destination), name, why);
            same = same && a && b && std::ranges::equal(a->bytes(), b->bytes());
        }
        if (same)
            return p;
    }
    try {
        p.embedded = embedBesideImages(*source.source, from);
        p.how = GlbPlacement::How::Embedded;
    } catch (const WriteError& e) {
        p.how = GlbPlacement::How::Fresh;
        p.why = e.what();
    }
    return p;
}

std::string placementLine(const GlbPlacement& p)
{
    std::string names;
    for (const std::string& n : p.names)
        names += (names.empty() ? "" : ", ") + n;
    switch (p.how) {
    case GlbPlacement::How::Embedded:
        return "the file names images beside itself (" + names + "), which would not be found beside the output: "
               "they are embedded in the .glb";
    case GlbPlacement::How::Fresh:
        return "the file names images beside itself (" + names + ") that cannot be embedded (" + p.why +
               "): the .glb is written anew from what Bonescope read, without the file's materials and images";
    case GlbPlacement::How::OwnBytes:
        break;
    }
    return {};
}

std::string nonFiniteAccessor(std::span<const uint8_t> glb)
{
    const auto chunks = glbChunks(glb);
    if (!chunks)
        return {};
    nlohmann::json doc = parseJsonDocument<nlohmann::json>(bytesOf(chunks->json));
    Buffers buffers = loadBuffers(doc, chunks->bin, chunks->hasBin, "");
    decodeMeshoptViews(doc, buffers); // compressed numbers are checked as they decode
    const auto& accessors = doc.value("accessors", nlohmann::json::array());
    for (size_t i = 0; i < accessors.size(); ++i) {
        if (!accessors[i].is_object() || accessors[i].value("componentType", 0) != 5126)
            continue;
        AccessorData data;
        try {
            data = readAccessor(doc, buffers, i);
        } catch (const ParseError&) {
            continue; // what cannot be read is not written differently either
        }
        for (size_t v = 0; v < data.values.size(); ++v)
            if (!std::isfinite(data.values[v]))
                return "accessor " + std::to_string(i) + usageOf(doc, i) + ", element " +
                       std::to_string(v / size_t(data.components)) + ", holds " + shortNumber(data.values[v]);
    }
    return {};
}

} // namespace bonescope::gltf
