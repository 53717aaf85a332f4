#pragma once
// The non-interactive modes: --screenshot, --benchmark-playback and --benchmark-open.
// Each returns the exit status.
#include <QElapsedTimer>

#include "app/gui/command_line.h"

namespace bonescope::gui {

// `sinceStart` runs from the start of main(), for the time to the first frame.
int runScreenshot(const Options& o);
int runBenchmark(const Options& o, const QElapsedTimer& sinceStart);

} // namespace bonescope::gui
