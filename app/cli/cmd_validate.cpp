// `validate [--target NAME] FILE...`: read each file and report every problem found.
#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "formats/convert/upload_findings.h"
#include "formats/format.h"
#include "formats/registry.h"

namespace bonescope::cli {

int cmdValidate(const Args& a, Io io)
{
    if (a.positional.empty())
        return usageError(io, "validate takes one or more FILEs");
    const std::string target = a.get("--target");
    int status = Ok;
    for (const std::string& path : a.positional) {
        auto loaded = load(path, io);
        if (!loaded) {
            status = Invalid;
            continue;
        }
        // A target that names a format judges the content by that format's rules (what converting
        // the file to it would meet), whatever format the file is in.
        // Second Life's: the scene as the upload takes it (a BVH made for it through the uploader's rules).
        const Format* judge = Registry::instance().byId(target);
        const auto findings = target == "secondlife" ? uploadFindings(loaded->scene)
                                                     : (judge ? judge : loaded->format)->validate(loaded->scene, target);
        bool errors = false;
        for (const Finding& f : findings) {
            const bool isError = f.severity == Finding::Severity::Error;
            errors |= isError;
            io.err << path << ": ";
            if (f.offset != ~uint64_t(0))
                io.err << "at byte " << f.offset << ": ";
            io.err << (isError ? "error: " : "warning: ") << f.message << "\n";
        }
        if (errors)
            status = Invalid;
        else
            io.out << path << ": ok (" << loaded->format->displayName()
                   << (findings.empty() ? "" : ", with warnings") << ")\n";
    }
    return status;
}

} // namespace bonescope::cli
