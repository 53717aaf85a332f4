#pragma once
// --reduce-keys [--max-error MM] [--units m|cm|mm|in], shared by convert and edit, checked before any
// file is read or written.
#include <optional>

#include "app/cli/cli.h"
#include "formats/convert/reduce_keys.h"

namespace bonescope::cli {

// Sets `out` when --reduce-keys is given; Ok, or Usage after writing the message (a bound that is not
// a positive number of millimetres, an unknown unit, --max-error or --units without --reduce-keys).
int parseKeyReduction(const Args& a, std::optional<KeyReductionRequest>& out, Io io);

} // namespace bonescope::cli
