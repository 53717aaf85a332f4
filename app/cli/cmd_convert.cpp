// `convert IN OUT [--format NAME]`: read IN, write OUT atomically in OUT's (or NAME's) format, and
// say what the target format cannot hold.
#include <algorithm>

#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "formats/registry.h"

namespace bonescope::cli {

int cmdConvert(const Args& a, Io io)
{
    if (a.positional.size() != 2)
        return usageError(io, "convert takes IN and OUT");
    const std::string& outPath = a.positional[1];
    const Registry& reg = Registry::instance();
    const Format* target = a.has("--format") ? reg.byId(a.get("--format")) : reg.byExtension(outPath);
    if (!target)
        return usageError(io, a.has("--format") ? "unknown format '" + a.get("--format") + "'"
                                                : "cannot tell the format from '" + outPath + "'; give --format");
    auto loaded = load(a.positional[0], io);
    if (!loaded)
        return Invalid;
    // Several formats can share an extension (binary and JSON forms): keep the input's own format
    // when it claims OUT's extension too.
    if (!a.has("--format") && loaded->format) {
        const auto exts = loaded->format->extensions();
        if (std::find(exts.begin(), exts.end(), extensionOf(outPath)) != exts.end())
            target = loaded->format;
    }
    if (!target->capabilities().write)
        return usageError(io, target->displayName() + " is read-only");
    const int index = selectAnimation(loaded->scene, a, io);
    if (index < 0 && !loaded->scene.animations.empty())
        return Invalid;
    loaded->scene.current = index;
    try {
        const auto bytes = target->write(loaded->scene);
        for (const std::string& loss : target->conversionLoss(loaded->scene))
            io.err << "warning: " << loss << "\n";
        writeFileAtomic(outPath, bytes);
        io.out << "wrote " << outPath << " (" << target->displayName() << ", " << bytes.size() << " bytes)\n";
    } catch (const std::exception& e) {
        io.err << outPath << ": " << e.what() << "\n";
        return Invalid;
    }
    return Ok;
}

} // namespace bonescope::cli
