#include "formats/gltf/gltf_format.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <utility>

#include "formats/gltf/gltf_extra.h"
#include "formats/gltf/gltf_json.h"
#include "formats/gltf/gltf_meshopt.h"
#include "formats/gltf/gltf_read.h"
#include "formats/parse_error.h"
#include "formats/confined_file.h"
#include "formats/gltf/gltf_standalone.h"
#include "formats/gltf/gltf_write.h"

namespace bonescope {

namespace {

// Read from a .glb and not changed since: its own bytes are what writing it means. A .gltf's are
// not: Bonescope writes .glb only (a .gltf's JSON in a .glb file would be neither).
bool unedited(const Scene& scene)
{
    const auto* x = scene.extra.as<gltf::GltfExtra>();
    return x && x->source && x->binary && x->fingerprint == gltf::sceneFingerprint(scene);
}

} // namespace

Capabilities GltfFormat::capabilities() const
{
    Capabilities c;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.multipleAnimations = true;
    c.curves = true;
    return c;
}

bool GltfFormat::detect(std::span<const uint8_t> head) const
{
    // glTF 1.0 (a .glb of version 1, or asset.version 1.x) is left to Assimp, which reads it.
    if (head.size() >= 4 && std::memcmp(head.data(), "glTF", 4) == 0)
        return head.size() < 8 || head[4] != 1;
    const std::string_view text(reinterpret_cast<const char*>(head.data()), head.size());
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || text[first] != '{')
        return false;
    const GltfJsonFacts facts = scanGltfJson(text);
    return facts.hasAsset && facts.version.rfind('1', 0) != 0;
}

Scene GltfFormat::readFrom(std::span<const uint8_t> bytes, const std::string& path) const
{
    const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
    // Only a .gltf names files beside it (its external buffers), and only when read from a folder.
    gltf::ReadResult r = gltf::readGltf(bytes, !binary && !path.empty() ? folderOf(path) : "");
    auto extra = std::make_unique<gltf::GltfExtra>();
    extra->source = std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end());
    extra->binary = binary;
    extra->path = path;
    extra->warnings = std::move(r.warnings);
    extra->fingerprint = gltf::sceneFingerprint(r.scene);
    r.scene.extra = std::move(extra);
    return std::move(r.scene);
}

FileSummary GltfFormat::summarizeFrom(std::span<const uint8_t> bytes, const std::string& path) const
{
    const Scene scene = readFrom(bytes, path);
    FileSummary s = summarizeScene(scene);
    if (const auto* x = scene.extra.as<gltf::GltfExtra>())
        for (const std::string& w : x->warnings)
            s.details.push_back("note: " + w);
    return s;
}

std::vector<uint8_t> GltfFormat::write(const Scene& scene) const
{
    std::vector<uint8_t> bytes;
    placeAt(scene, "").write([&bytes](std::span<const uint8_t> piece) { bytes.insert(bytes.end(), piece.begin(), piece.end()); });
    return bytes;
}

PlacedWrite GltfFormat::placeAt(const Scene& scene, const std::string& path) const
{
    if (!unedited(scene))
        return {{}, [&scene](const ByteSink& out) { out(gltf::writeGlb(scene)); }};
    const auto& x = *scene.extra.as<gltf::GltfExtra>();
    // Never a .glb the Khronos validator refuses, even as the file's own bytes.
    if (const std::string bad = gltf::nonFiniteAccessor(*x.source); !bad.empty())
        throw WriteError((x.path.empty() ? std::string("the file") : fileNameOf(x.path)) + ": " + bad +
                         "; glTF allows finite numbers only, so Bonescope does not write it (the program that made "
                         "it should write finite numbers, or leave the mesh out)");
    // Placed once: deciding whether the images can be embedded embeds them.
    auto placement = std::make_shared<gltf::GlbPlacement>(gltf::placeGlb(x, path));
    PlacedWrite placed;
    if (std::string line = gltf::placementLine(*placement); !line.empty())
        placed.report.push_back(std::move(line));
    placed.write = [&scene, &x, placement](const ByteSink& out) {
        switch (placement->how) {
        case gltf::GlbPlacement::How::OwnBytes:
            return out(*x.source);
        case gltf::GlbPlacement::How::Embedded:
            return out(placement->embedded);
        case gltf::GlbPlacement::How::Fresh:
            break;
        }
        out(gltf::writeGlb(scene));
    };
    return placed;
}

void GltfFormat::fromCommon(Scene& scene, Report& report) const
{
    if (unedited(scene))
        return; // written back as it was read, names and all
    for (std::string& line : gltf::glbWriteReport(scene))
        report.push_back(std::move(line));
    const auto* x = scene.extra.as<gltf::GltfExtra>();
    if (x && std::find(x->warnings.begin(), x->warnings.end(), gltf::kMeshoptNote) != x->warnings.end())
        report.push_back("the file's EXT_meshopt_compression data are written uncompressed (the extension is dropped)");
}

} // namespace bonescope
