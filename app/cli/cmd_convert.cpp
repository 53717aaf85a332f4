// `convert IN OUT [--format NAME]`: read IN, write OUT atomically in OUT's (or NAME's) format.
#include "app/cli/batch_convert.h"
#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"

namespace bonescope::cli {

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
    if (!target->capabilities().write)
        return usageError(io, target->displayName() + " is read-only");
    ConvertOptions options;
    if (const int status = parseConvertOptions(a, options, io); status != Ok)
        return status;
    auto loaded = load(a.positional[0], io);
    if (!loaded)
        return Invalid;
    const int index = selectAnimation(loaded->scene, a, io);
    if (index < 0 && !loaded->scene.animations.empty())
        return Invalid;
    loaded->scene.current = index;
    try {
        std::vector<std::string> report;
        const Scene prepared = prepareForTarget(loaded->scene, *target, options, report);
        for (const std::string& line : report)
            io.err << outPath << ": " << line << "\n";
        const auto bytes = target->write(prepared);
        writeFileAtomic(outPath, bytes);
        io.out << "wrote " << outPath << " (" << target->displayName() << ", " << bytes.size() << " bytes)\n";
    } catch (const std::exception& e) {
        io.err << outPath << ": " << e.what() << "\n";
        return Invalid;
    }
    return Ok;
}

} // namespace bonescope::cli
