#pragma once
// `convert --to FORMAT --out-dir DIR FILE_OR_FOLDER...`: many files at once on every core, and the
// conversion options shared with single-file `convert`.
#include "app/cli/cli.h"
#include "formats/convert/convert_options.h"

namespace bonescope::cli {

// Fills `options` from --fps, --scale, --up, --tolerance, --bone-map, --skeleton. Returns Ok, or Usage
// / Invalid after writing the message.
int parseConvertOptions(const Args& a, ConvertOptions& options, Io io);

int cmdBatchConvert(const Args& a, Io io);

} // namespace bonescope::cli
