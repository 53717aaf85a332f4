#pragma once
// Waiting for the viewport to paint and grabbing the whole window with the GL image included.
#include <QImage>

namespace bonescope::gui {

class MainWindow;

// Processes events until the viewport has painted a new frame (false after `timeoutMs`).
bool waitForViewportFrame(MainWindow& window, int timeoutMs = 5000);
// The window as shown, with the viewport's framebuffer composited in its place.
QImage captureWindow(MainWindow& window);

} // namespace bonescope::gui
