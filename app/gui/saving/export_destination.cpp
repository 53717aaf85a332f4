#include "app/gui/saving/export_destination.h"

#include <algorithm>

#include <QObject>

#include "app/gui/saving/export_target.h"
#include "formats/registry.h"

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

} // namespace

ExportDestination plainDestination(const Format& format)
{
    return {format.id(), QString::fromStdString(format.displayName()), &format, {}};
}

std::vector<ExportDestination> exportDestinations()
{
    std::vector<ExportDestination> out = places();
    for (const Format* f : writableFormats()) {
        // A place that is the format as it is ("Unreal (PSA)") stands for it.
        const bool offered = std::any_of(out.begin(), out.end(), [&](const ExportDestination& d) {
            return d.format == f && !d.options.any();
        });
        if (!offered)
            out.push_back(plainDestination(*f));
    }
    return out;
}

ExportDestination destinationById(const std::string& id)
{
    for (ExportDestination& d : exportDestinations())
        if (d.id == id)
            return std::move(d);
    return {};
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
