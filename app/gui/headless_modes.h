#pragma once
// The non-interactive modes: --screenshot, --render-frames / --video, --benchmark-playback and
// --benchmark-open.
// Each returns the exit status.
#include <QElapsedTimer>

#include "app/gui/command_line.h"

namespace bonescope::gui {

// `sinceStart` runs from the start of main(), for the time to the first frame.
int runScreenshot(const Options& o);
// --render-frames and --video: frames --from to --to of the viewport at --size.
int runRenderOut(const Options& o);
int runBenchmark(const Options& o, const QElapsedTimer& sinceStart);

} // namespace bonescope::gui
