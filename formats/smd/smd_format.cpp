#include "formats/smd/smd_format.h"

#include <cmath>

#include "formats/convert/name_list.h"
#include "formats/short_number.h"
#include "formats/smd/smd_extra.h"
#include "formats/smd/smd_parse.h"
#include "formats/smd/smd_text.h"
#include "formats/counted.h"

namespace bonescope {

Capabilities SmdFormat::capabilities() const
{
    Capabilities c;
    c.scale = false;
    c.visibility = false;
    c.notes = false;
    c.embeddedSkeleton = true;
    c.mesh = true;
    c.multipleAnimations = false; // one clip per file: convert writes OUT-<clip>.smd for each
    c.framed = true;
    c.everyFrame = true; // the writer bakes every node into every frame
    return c;
}

bool SmdFormat::detect(std::span<const uint8_t> head) const
{
    // The first statement, past blank and comment lines (Crowbar heads its files with one), is
    // `version <number>`.
    smd::Lines lines(head);
    smd::Line l;
    while (lines.next(l)) {
        if (l.text.find_first_not_of(" \t") == std::string_view::npos || smd::isComment(l.text))
            continue;
        const auto t = smd::tokens(l.text);
        return t.size() == 2 && smd::equalsWord(t[0], "version") && smd::isInteger(t[1]);
    }
    return false;
}

Scene SmdFormat::read(std::span<const uint8_t> bytes) const
{
    return smd::parse(bytes);
}

std::vector<Finding> SmdFormat::validate(const Scene& scene, const std::string& target) const
{
    std::vector<Finding> out = Format::validate(scene, target);
    if (const auto* x = scene.extra.as<SmdExtra>())
        for (const SmdWarning& w : x->warnings)
            out.push_back({Finding::Severity::Warning, w.message, w.offset});
    return out;
}

FileSummary SmdFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    if (const auto* x = scene.extra.as<SmdExtra>()) {
        s.details.push_back(std::string("flavour: ") +
                            (x->fileFlavour ? smd::flavourName(*x->fileFlavour) : "none (no triangles)"));
        if (!x->triangleMaterials.empty())
            s.details.push_back("triangles: " + std::to_string(x->triangleMaterials.size()) + " (" +
                                counted(x->materialNames.size(), "material") + ")");
        if (!x->vertexAnimation.empty())
            s.details.push_back("vertexanimation: " + std::to_string(x->vertexAnimation.size()) + " bytes, kept");
        for (const SmdWarning& w : x->warnings)
            s.details.push_back("warning: " + w.message);
    }
    return s;
}

namespace {
// Vertices a GoldSrc file would give one bone where the mesh has several.
size_t multiBoneVertices(const Mesh& mesh)
{
    size_t n = 0;
    for (const glm::vec4& w : mesh.weights)
        n += (w[1] > 0 ? 1 : 0);
    return n;
}
} // namespace

Report SmdFormat::conversionLoss(const Scene& scene) const
{
    Report report = Format::conversionLoss(scene);
    // Said as data: where the rate goes (a QC line) and what a reference file is, each front end says.
    if (const Animation* a = scene.currentAnimation(); a && std::abs(a->fps - smd::DefaultFps) > 1e-9) {
        const std::string fps = shortNumber(a->fps);
        report.push_back({ReportItem::Code::SmdFrameRateNotKept,
                          "SMD stores no frame rate: the " + fps + " fps frames are written one per frame and read at " +
                              shortNumber(smd::DefaultFps) + " fps",
                          {fps}});
    }
    if (const Animation* a = scene.currentAnimation(); a && !scene.mesh.empty() && a->frameCount() > 1) {
        const std::string vertices = std::to_string(scene.mesh.positions.size());
        report.push_back({ReportItem::Code::SmdMeshNotWritten,
                          "the mesh (" + vertices + " vertices) is not written: an SMD of more than one frame holds no mesh",
                          {vertices}});
    }
    return report;
}

void setSmdFlavour(Scene& scene, smd::Flavour flavour, Report& report)
{
    SmdExtra* x = scene.extra.as<SmdExtra>();
    if (!x) {
        scene.extra = ExtraPtr(std::make_unique<SmdExtra>());
        x = scene.extra.as<SmdExtra>();
    }
    x->writeFlavour = flavour;
    if (flavour == smd::Flavour::GoldSrc)
        if (const size_t n = multiBoneVertices(scene.mesh))
            report.push_back("GoldSrc SMD gives each vertex one bone: " + std::to_string(n) +
                             " vertices weighted to several keep only their strongest");
}

} // namespace bonescope
