#include "formats/dash/dash_format.h"

#include <cmath>
#include <cstring>

#include "formats/dash/dash_binary_layout.h"
#include "formats/dash/dash_json.h"
#include "formats/text_encoding.h"

namespace bonescope {

using namespace dash;

std::string DashFormat::id() const
{
    switch (v_) {
    case Variant::Dmf15: return "dash15";
    case Variant::Dmf15Json: return "dash15-json";
    case Variant::Dmx20: return "dmx";
    case Variant::Dmx20Json: return "dmx-json";
    }
    return {};
}

std::string DashFormat::displayName() const { return variantName(v_); }

std::vector<std::string> DashFormat::extensions() const
{
    return {isV2(v_) ? "dmx" : "dmf"};
}

Capabilities DashFormat::capabilities() const
{
    Capabilities c;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.multipleAnimations = true;
    return c;
}

bool DashFormat::detect(std::span<const uint8_t> head) const
{
    switch (v_) {
    case Variant::Dmf15: return head.size() >= 4 && std::memcmp(head.data(), "DASH", 4) == 0;
    case Variant::Dmx20: return head.size() >= 4 && std::memcmp(head.data(), "DMX\0", 4) == 0;
    case Variant::Dmf15Json: return looksLikeJson(head, false);
    case Variant::Dmx20Json: return looksLikeJson(head, true);
    }
    return false;
}

Scene DashFormat::read(std::span<const uint8_t> bytes) const
{
    DashDoc doc = isJson(v_) ? readJson(bytes, isV2(v_)) : readBinary(bytes, isV2(v_));
    return toScene(std::move(doc), id());
}

std::vector<uint8_t> DashFormat::write(const Scene& scene) const
{
    checkWriteLimits(scene, writeLimits(v_));
    const DashDoc doc = fromScene(scene, v_);
    if (isJson(v_))
        return writeJson(doc, isV2(v_));
    std::vector<uint8_t> bytes = writeBinary(doc, isV2(v_));
    for (const DocAnimation& a : doc.animations) // the binary reader checks each stored duration
        checkWrittenFrames(double(float(a.duration)) * playbackFps(a.raw), bytes.size(), writeLimits(v_).format,
                           "animation '" + validUtf8(a.name) + "' duration");
    return bytes;
}

FileSummary DashFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    const DashExtra* x = scene.extra.as<DashExtra>();
    s.details.push_back(std::string("variant: ") + variantName(v_));
    s.details.push_back("textures: " + std::to_string(x->textures.size()));
    s.details.push_back("materials: " + std::to_string(x->materials.size()));
    s.details.push_back("faces: " + std::to_string(x->faces.size()));
    return s;
}

std::vector<Finding> DashFormat::validate(const Scene& scene, const std::string& target) const
{
    std::vector<Finding> out = Format::validate(scene, target);
    auto name = [&](const std::string& what, const std::string& n) {
        if (n.size() >= NameBytes)
            out.push_back({Finding::Severity::Warning,
                           what + " '" + n + "' is longer than 31 bytes; the spec's names end in a NUL within 32"});
    };
    for (const Bone& b : scene.skeleton.bones)
        name("bone", b.name);
    for (const Animation& a : scene.animations)
        name("animation", a.name);
    const Mesh& m = scene.mesh;
    for (size_t i = 0; i < m.weights.size(); ++i) {
        const glm::vec4& w = m.weights[i];
        const float sum = w.x + w.y + w.z + w.w;
        if (std::abs(sum - 1.f) > 1e-3f) {
            out.push_back({Finding::Severity::Warning,
                           "vertex " + std::to_string(i) + ": skin weights sum to " + std::to_string(sum) + ", not 1"});
            break;
        }
    }
    return out;
}

Report DashFormat::conversionLoss(const Scene& scene) const
{
    Report out = Format::conversionLoss(scene);
    for (std::string& m : dashLoss(scene, v_))
        out.push_back(std::move(m));
    return out;
}

std::vector<std::unique_ptr<Format>> dashFormats()
{
    std::vector<std::unique_ptr<Format>> out;
    for (Variant v : {Variant::Dmf15, Variant::Dmf15Json, Variant::Dmx20, Variant::Dmx20Json})
        out.push_back(std::make_unique<DashFormat>(v));
    return out;
}

} // namespace bonescope
