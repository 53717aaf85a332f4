// `merge IN... -o OUT [--format NAME] [--overwrite]`: the clips of several files in one file of a
// format that holds several (formats/convert/merge_clips.h). Every input is read and checked against
// the first before OUT is written; OUT is never written over without --overwrite.
#include <filesystem>

#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "app/cli/report_words.h"
#include "formats/convert/merge_clips.h"
#include "formats/platform/utf8_path.h"
#include "formats/registry.h"
#include "formats/counted.h"

namespace fs = std::filesystem;

namespace bonescope::cli {

int cmdMerge(const Args& a, Io io)
{
    // -o OUT arrives among the positional arguments (options are spelled --x); --out OUT also works.
    std::vector<std::string> inputs;
    std::string out = a.get("--out");
    for (size_t i = 0; i < a.positional.size(); ++i) {
        if (a.positional[i] == "-o") {
            if (i + 1 >= a.positional.size())
                return usageError(io, "-o needs a value");
            if (!out.empty())
                return usageError(io, "give OUT once");
            out = a.positional[++i];
        } else {
            inputs.push_back(a.positional[i]);
        }
    }
    if (out.empty())
        return usageError(io, "merge needs -o OUT");
    if (inputs.size() < 2)
        return usageError(io, "merge takes two or more IN files");
    const Registry& reg = Registry::instance();
    const Format* target = a.has("--format") ? reg.byId(a.get("--format")) : reg.byExtension(out);
    if (!target)
        return usageError(io, a.has("--format") ? "unknown format '" + a.get("--format") + "'"
                                                : "cannot tell the format from '" + out + "'; give --format");
    if (!target->capabilities().write || target->readOnlyExtension(extensionOf(out)))
        return usageError(io, "'" + out + "': Bonescope does not write " + (target->capabilities().write ? "." + extensionOf(out) : target->displayName()) +
                                  (target->capabilities().write ? "; name the output ." + target->writtenExtension() : ""));
    std::error_code ec;
    const fs::path outPath = platform::utf8Path(out);
    for (const std::string& in : inputs)
        if (in != "-" && fs::equivalent(outPath, platform::utf8Path(in), ec))
            return usageError(io, out + " is one of the inputs; give another -o");
    if (fs::exists(outPath, ec) && !a.has("--overwrite")) {
        io.err << out << ": exists; use --overwrite or another -o (nothing written)\n";
        return Invalid;
    }
    std::vector<ClipSource> sources;
    for (const std::string& in : inputs) {
        auto loaded = load(in, io);
        if (!loaded)
            return Invalid;
        sources.push_back({inputName(in), std::move(loaded->scene)});
    }
    Report report;
    Scene merged;
    std::vector<uint8_t> bytes;
    try {
        merged = mergeClips(std::move(sources), *target, report);
        bytes = target->write(merged);
    } catch (const std::exception& e) {
        io.err << "not merged: " << cliWords(e) << "\n";
        return Invalid;
    }
    for (const std::string& line : cliWords(report))
        io.err << "warning: " << line << "\n";
    try {
        writeFileAtomic(out, bytes, a.has("--overwrite") ? Replace::Allowed : Replace::Never);
    } catch (const FileExistsError&) {
        io.err << out << ": exists; use --overwrite or another -o\n";
        return Invalid;
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return Invalid;
    }
    io.out << "wrote " << out << " (" << target->displayName() << ", " << bytes.size() << " bytes): " 
           << counted(merged.animations.size(), "animation");
    for (size_t i = 0; i < merged.animations.size(); ++i)
        io.out << (i ? ", '" : " '") << merged.animations[i].name << "'";
    io.out << "\n";
    return Ok;
}

} // namespace bonescope::cli
