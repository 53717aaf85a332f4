// `dump FILE`: the whole animation as JSON (docs/dump-json.md).
#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "formats/dump_json.h"

namespace bonescope::cli {

int cmdDump(const Args& a, Io io)
{
    if (a.positional.size() != 1)
        return usageError(io, "dump takes one FILE");
    auto loaded = load(a.positional[0], io);
    if (!loaded)
        return Invalid;
    const int index = selectAnimation(loaded->scene, a, io);
    if (index < 0 && !loaded->scene.animations.empty())
        return Invalid;
    std::vector<std::string> warnings;
    writeAnimationJson(io.out, loaded->scene, index, a.has("--compact") ? -1 : 1, &warnings);
    io.out << "\n";
    for (const std::string& w : warnings)
        io.err << "warning: " << w << "\n";
    return Ok;
}

} // namespace bonescope::cli
