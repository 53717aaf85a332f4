#include "formats/psk/psk_format.h"

#include <cstring>

#include "formats/psk/psk_extra.h"
#include "formats/psk/psk_model.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

bool startsWith(std::span<const uint8_t> head, const char* magic)
{
    const size_t n = std::strlen(magic);
    return head.size() >= psk::HeaderBytes && std::memcmp(head.data(), magic, n) == 0 && head[n] == 0;
}

// Names longer than a char[64] holds are shortened on writing.
void reportLongNames(const Scene& s, Report& out)
{
    size_t n = 0;
    for (const Bone& b : s.skeleton.bones)
        n += b.name.size() >= psk::NameBytes;
    for (const Animation& a : s.animations)
        n += a.name.size() >= psk::NameBytes;
    if (n)
        out.push_back(counted(n, "name") + " of 64 bytes or more" + agree(n, " is", " are") + " shortened (first 30 bytes, \"____\", "
                      "last 29), as UE Viewer does");
}

} // namespace

Capabilities PskFormat::capabilities() const
{
    Capabilities c;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.translation = c.rotation = c.scale = false; // a model: no keys at all
    return c;
}

bool PskFormat::detect(std::span<const uint8_t> head) const { return startsWith(head, "ACTRHEAD"); }
Scene PskFormat::read(std::span<const uint8_t> bytes) const { return psk::readPsk(bytes); }
std::vector<uint8_t> PskFormat::write(const Scene& scene) const { return psk::writePsk(scene); }

FileSummary PskFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    const auto* x = scene.extra.as<PskExtra>();
    s.details.push_back("points: " + std::to_string(x->points) + ", wedges: " + std::to_string(x->wedges) +
                        ", faces: " + std::to_string(x->faces) + (x->wideFaces ? " (FACE3200)" : ""));
    s.details.push_back("materials: " + std::to_string(x->materials));
    if (x->morphTargets)
        s.details.push_back("morph targets: " + std::to_string(x->morphTargets) + " (kept as bytes)");
    if (x->extraUvSets || x->vertexColors)
        s.details.push_back("extra UV sets: " + std::to_string(x->extraUvSets) +
                            (x->vertexColors ? ", vertex colours (kept as bytes)" : " (kept as bytes)"));
    return s;
}

Report PskFormat::conversionLoss(const Scene& scene) const
{
    Report out = Format::conversionLoss(scene); // keys, notes, loops: none kept
    if (!scene.animations.empty())
        out.push_back(counted(scene.animations.size(), "animation") + agree(scene.animations.size(), " is", " are") + " not written: a PSK holds the "
                      "skeleton and the mesh only (write the animations as a .psa)");
    if (!scene.mesh.empty() && scene.skeleton.empty())
        out.push_back("the scene has no skeleton: the PSK's REFSKELT is empty (a static mesh)");
    reportLongNames(scene, out);
    return out;
}

Capabilities PsaFormat::capabilities() const
{
    Capabilities c;
    c.embeddedSkeleton = true; // BONENAMES: names, hierarchy and rest pose
    c.multipleAnimations = true;
    c.framed = true;
    c.everyFrame = true; // ANIMKEYS: every bone at every frame
    c.scale = true; // in the optional SCALEKEYS chunk
    return c;
}

bool PsaFormat::detect(std::span<const uint8_t> head) const { return startsWith(head, "ANIMHEAD"); }
Scene PsaFormat::read(std::span<const uint8_t> bytes) const { return psk::readPsa(bytes); }
std::vector<uint8_t> PsaFormat::write(const Scene& scene) const { return psk::writePsa(scene); }

FileSummary PsaFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    const auto* x = scene.extra.as<PskExtra>();
    s.details.push_back("sequences: " + std::to_string(scene.animations.size()));
    s.details.push_back("bones: " + std::to_string(x->namesRead.size()) +
                        (scene.skeleton.empty() ? " (no hierarchy in the file: play it on the PSK it was made for)" : ""));
    const auto* ax = scene.animations.empty() ? nullptr : scene.animations.front().extra.as<PsaSequenceExtra>();
    s.details.push_back(std::string("scale keys: ") + (ax && ax->hadScaleKeys ? "yes" : "no"));
    return s;
}

Report PsaFormat::conversionLoss(const Scene& scene) const
{
    Report out = Format::conversionLoss(scene);
    bool scaled = false;
    for (const Animation& a : scene.animations)
        for (const Track& t : a.tracks)
            for (const auto& k : t.scale.keys)
                scaled = scaled || k.value != glm::dvec3(1.0);
    if (scaled)
        out.push_back("scale is written in the optional SCALEKEYS chunk, which UE3's importer reads only from files "
                      "whose header TypeFlag is at least 20090127 (Bonescope writes 20100422) and older tools ignore");
    if (scene.format != "psa" && !scene.animations.empty())
        out.push_back("keys are written on every frame of every bone (a PSA has no sparse keys)");
    reportLongNames(scene, out);
    return out;
}

} // namespace bonescope
