#include "app/gui/saving/export_destination.h"

#include <algorithm>

#include <QObject>

#include "app/gui/saving/export_target.h"
#include "core/model/scene.h"
#include "formats/registry.h"
#include "formats/smd/smd_extra.h"

namespace bonescope::gui {

namespace {

ExportDestination made(std::string id, const QString& name, const char* formatId, ConvertOptions options = {})
{
    return {std::move(id), name, Registry::instance().byId(formatId), std::move(options)};
}

// The places a file goes, with the options convert gives for them.
std::vector<ExportDestination> places()
{
    ConvertOptions upload;
    upload.forSecondLife = true; // root hip, the uploader's joints, inches, its frame 0 reference
    ConvertOptions optimized;
    optimized.optimize = true; // static joints out, keys the viewer interpolates out
    ConvertOptions source, goldSrc;
    source.smdFlavour = smd::Flavour::Source;
    goldSrc.smdFlavour = smd::Flavour::GoldSrc;
    std::vector<ExportDestination> out = {
        made("sl-upload-bvh", QObject::tr("Second Life upload (BVH)"), "bvh", upload),
        made("secondlife", QObject::tr("Second Life .anim"), "secondlife"),
        made("sl-anim-optimized", QObject::tr("Second Life .anim, optimised for upload"), "secondlife", optimized),
        made("psa", QObject::tr("Unreal (PSA)"), "psa"),
        made("smd-source", QObject::tr("Source (SMD)"), "smd", source),
        made("smd-goldsrc", QObject::tr("GoldSrc (SMD)"), "smd", goldSrc),
    };
    // A build without one of these formats offers the others.
    std::erase_if(out, [](const ExportDestination& d) { return !d.format || !d.format->capabilities().write; });
    return out;
}

// Whether `d` offers the whole of `f`: the format as it is, or SMD's flavours (one place each).
bool coversFormat(const ExportDestination& d, const Format& f)
{
    return d.format == &f && (!d.options.any() || d.options.smdFlavour);
}

} // namespace

ExportDestination plainDestination(const Format& format)
{
    return {format.id(), QString::fromStdString(format.displayName()), &format, {}};
}

std::vector<ExportDestination> exportDestinations()
{
    std::vector<ExportDestination> out = places();
    for (const Format* f : writableFormats()) {
        // A place that is the format as it is ("Unreal (PSA)") stands for it, and so do places that
        // between them choose everything the format's writer would (Source and GoldSrc SMD: a third
        // entry, "Valve SMD", would be one of them under a name a newcomer cannot tell apart).
        if (!std::any_of(out.begin(), out.end(), [&](const ExportDestination& d) { return coversFormat(d, *f); }))
            out.push_back(plainDestination(*f));
    }
    return out;
}

ExportDestination destinationById(const std::string& id)
{
    for (ExportDestination& d : exportDestinations())
        if (d.id == id)
            return std::move(d);
    // A format covered by places (a name typed as .smd while another type was picked): its writer
    // as it is, which keeps the file's own flavour.
    if (const Format* f = Registry::instance().byId(id); f && f->capabilities().write && f->id() == id)
        return plainDestination(*f);
    return {};
}

std::string destinationFor(const Scene& scene)
{
    const Registry& reg = Registry::instance();
    const Format* own = reg.writerOf(reg.byId(scene.format));
    if (!own || !own->capabilities().write)
        return {};
    const std::vector<ExportDestination> offered = exportDestinations();
    if (std::any_of(offered.begin(), offered.end(), [&](const ExportDestination& d) { return d.id == own->id(); }))
        return own->id();
    // An SMD: the place of its own flavour.
    if (const auto* smd = scene.extra.as<SmdExtra>())
        return smd->flavour() == smd::Flavour::GoldSrc ? "smd-goldsrc" : "smd-source";
    const auto first = std::find_if(offered.begin(), offered.end(), [&](const ExportDestination& d) { return d.format == own; });
    return first != offered.end() ? first->id : std::string();
}

bool isSecondLifeDestination(const ExportDestination& d)
{
    return d.format && (d.format->id() == "secondlife" || d.options.forSecondLife);
}

QString destinationFilter(const ExportDestination& d)
{
    return QString("%1 (*.%2)").arg(d.name, QString::fromStdString(d.format->writtenExtension()));
}

} // namespace bonescope::gui
