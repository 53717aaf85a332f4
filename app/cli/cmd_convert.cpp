// `convert IN OUT [--format NAME] [options]`: read IN, make it mean the same in OUT's (or NAME's)
// format, say what that format cannot hold, and write OUT atomically. With --to / --out-dir: batch.
#include <algorithm>
#include <memory>

#include "app/cli/batch_convert.h"
#include "app/cli/cli.h"
#include "app/cli/clip_outputs.h"
#include "app/cli/load.h"
#include "app/cli/report_words.h"
#include "formats/convert/convert_file.h"
#include "formats/convert/retarget_report_json.h"
#include "formats/parse_error.h"
#include "formats/registry.h"

namespace bonescope::cli {

namespace {

// Each animation of a file SMD cannot hold whole, as OUT-<animation>.smd; an existing file is kept
// unless --overwrite.
int convertClips(LoadedScene& loaded, const Format& target, const ConvertOptions& options, const Args& a,
                 const std::string& outPath, Io io)
{
    int status = Ok;
    for (const ClipOutput& clip : clipOutputs(outPath, loaded.scene)) {
        Scene scene = loaded.scene;
        scene.current = clip.animation;
        try {
            std::vector<std::string> report;
            const ConvertedFile converted = convertInWords(std::move(scene), target, options, report);
            for (const std::string& line : report)
                io.err << "warning: " << clip.path << ": " << line << "\n";
            const PlacedWrite placed = converted.placeAt(clip.path);
            for (const std::string& line : placed.report)
                io.err << "warning: " << clip.path << ": " << line << "\n";
            const uint64_t size = writeFileAtomic(clip.path, placed.write,
                                                  a.has("--overwrite") ? Replace::Allowed : Replace::Never);
            io.out << "wrote " << clip.path << " (" << target.displayName() << ", " << size << " bytes)\n";
        } catch (const FileExistsError&) {
            io.err << clip.path << ": exists; use --overwrite or another OUT\n";
            status = Invalid;
        } catch (const std::exception& e) {
            io.err << clip.path << ": " << cliWords(e) << "\n";
            status = Invalid;
        }
    }
    return status;
}

} // namespace

int cmdConvert(const Args& a, Io io)
{
    if (a.has("--to") || a.has("--out-dir"))
        return cmdBatchConvert(a, io);
    if (a.positional.size() != 2)
        return usageError(io, "convert takes IN and OUT");
    const std::string& outPath = a.positional[1];
    const Registry& reg = Registry::instance();
    const Format* target = a.has("--format") ? reg.byId(a.get("--format")) : reg.byExtension(outPath);
    if (!target)
        return usageError(io, a.has("--format") ? "unknown format '" + a.get("--format") + "'"
                                                : "cannot tell the format from '" + outPath + "'; give --format");
    ConvertOptions options;
    if (const int status = parseConvertOptions(a, options, io); status != Ok)
        return status;
    if (a.has("--json"))
        options.retargetReports = std::make_shared<std::vector<RetargetReport>>();
    auto loaded = load(a.positional[0], io);
    if (!loaded)
        return Invalid;
    // Several formats can share an extension (binary and JSON forms): keep the input's own format
    // (its writer) when it claims OUT's extension too.
    if (!a.has("--format") && loaded->format) {
        const auto exts = loaded->format->extensions();
        if (std::find(exts.begin(), exts.end(), extensionOf(outPath)) != exts.end())
            target = loaded->format;
    }
    if (!target->capabilities().write)
        return usageError(io, target->displayName() + " is read-only");
    // A name the format reads but does not write (Assimp: .fbx, .dae, .gltf) would hold bytes of another
    // kind than it says.
    if (target->readOnlyExtension(extensionOf(outPath)))
        return usageError(io, "'" + outPath + "': " + target->displayName() + " is written as ." +
                                  target->writtenExtension() + " only; name the output ." + target->writtenExtension());
    if (!a.has("--format"))
        target = reg.writerOf(target); // a .glb from an FBX or COLLADA is Bonescope's own
    if (const auto why = optionsConflict(options, *target))
        return usageError(io, cliWords(*why));
    if (!a.has("--animation") && writesClipPerFile(loaded->scene, *target))
        return convertClips(*loaded, *target, options, a, outPath, io);
    const int index = selectAnimation(loaded->scene, a, io);
    if (index < 0 && !loaded->scene.animations.empty())
        return Invalid;
    loaded->scene.current = index;
    ConvertedFile converted;
    try {
        std::vector<std::string> report, measures;
        converted = convertInWords(std::move(loaded->scene), *target, options, report, &measures);
        for (const std::string& line : report)
            io.err << "warning: " << line << "\n";
        for (const std::string& line : measures) // how well the limbs follow: not a warning
            io.err << line << "\n";
    } catch (const std::exception& e) {
        io.err << outPath << ": " << cliWords(e) << "\n";
        return Invalid;
    }
    // The output goes to the file as the writer makes it (a big SEAnim is never whole in memory).
    uint64_t size = 0;
    try {
        const PlacedWrite placed = converted.placeAt(outPath);
        for (const std::string& line : placed.report)
            io.err << "warning: " << line << "\n";
        size = writeFileAtomic(outPath, placed.write);
    } catch (const WriteError& e) {
        io.err << outPath << ": " << e.what() << "\n";
        return Invalid;
    } catch (const std::exception& e) {
        io.err << e.what() << "\n"; // the file's messages start with the path
        return Invalid;
    }
    io.out << "wrote " << outPath << " (" << target->displayName() << ", " << size << " bytes)\n";
    if (converted.optimized)
        io.out << outPath << ": " << describe(*converted.optimized) << "\n";
    if (converted.reduced)
        io.out << outPath << ": " << cliWords(*converted.reduced) << "\n";
    if (options.retargetReports)
        io.out << retargetReportJson(*options.retargetReports) << "\n";
    return Ok;
}

} // namespace bonescope::cli
