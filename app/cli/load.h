#pragma once
// Opening inputs for the commands: errors become one line on stderr and exit status 1.
#include <optional>
#include <string>

#include "app/cli/cli.h"
#include "formats/file_io.h"

namespace bonescope::cli {

// What `info` shows of an input: the file (read in pieces where its format can), or standard input
// when the path is "-".
LoadedSummary summarizeInput(const std::string& path);
// How messages name an input ("standard input" for "-").
std::string inputName(const std::string& path);

// The input read whole into the model, likewise; errors go to io.err.
std::optional<LoadedScene> load(const std::string& path, Io io);
// Picks the animation named by --animation (index or name); writes an error and returns -1 when
// there is no such animation.
int selectAnimation(const Scene& scene, const Args& a, Io io);

} // namespace bonescope::cli
