#include "app/cli/reduce_option.h"

namespace bonescope::cli {

int parseKeyReduction(const Args& a, std::optional<KeyReductionRequest>& out, Io io)
{
    if (!a.has("--reduce-keys")) {
        for (const char* o : {"--max-error", "--units", "--curves"})
            if (a.has(o))
                return usageError(io, std::string(o) + " goes with --reduce-keys");
        return Ok;
    }
    KeyReductionRequest r;
    if (a.has("--max-error")) {
        double mm = 0;
        // Up to a metre: beyond, nothing of a character's motion would be left to bound.
        if (!parseNumber(a.get("--max-error"), mm) || !(mm > 0) || mm > 1000)
            return usageError(io, "--max-error takes a positive number of millimetres (up to 1000), not '" +
                                      a.get("--max-error") + "'");
        r.maxErrorMm = mm;
    }
    if (a.has("--units")) {
        r.metresPerUnit = parseUnits(a.get("--units"));
        if (!r.metresPerUnit)
            return usageError(io, "--units takes m, cm, mm or in (what one unit of the file is), not '" + a.get("--units") + "'");
    }
    r.curves = a.has("--curves");
    out = r;
    return Ok;
}

} // namespace bonescope::cli
