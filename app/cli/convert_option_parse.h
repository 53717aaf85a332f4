#pragma once
// The conversion options as the command line spells them: the library's ConvertOptions
// (formats/convert/convert_options.h) know nothing of how a person gives them.
#include <string>
#include <vector>

#include "formats/convert/convert_options.h"

namespace bonescope::cli {

// Sets one option from its command-line spelling ("--fps", "--scale", "--up", "--tolerance",
// "--bone-map", "--skeleton", "--base", "--base-weight": after "--base", "--mirror" and "--optimize":
// flags, "--target": only secondlife, "--smd-flavour": source or goldsrc; retargeting:
// "--retarget-mode", "--root-motion", "--source-pose", "--target-pose", and the flags "--leg-ik",
// "--arm-ik", "--foot-lock") and value; files are loaded here. Returns false with `error` set when
// the value is wrong or a file cannot be read; `usage` says which of the two it was.
bool setConvertOption(ConvertOptions& options, const std::string& name, const std::string& value,
                      std::string& error, bool& usage);

// The option names setConvertOption() understands.
const std::vector<std::string>& convertOptionNames();

} // namespace bonescope::cli
