#pragma once
// Rendering the window's animation frame by frame into images of a chosen size, for frame sequences
// and videos: the viewport alone (no docks or menus), at the pixel size asked for, whatever its size
// on screen.
#include <functional>

#include <QImage>
#include <QSize>
#include <QString>

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;
class FrameSink;
class MainWindow;

// Frames `from` to `to` of the animation, both included.
struct FrameRange {
    long long from = 0;
    long long to = 0;
    long long count() const { return to - from + 1; }
};

// Empty when `range` lies within the document's frames, else why not (naming the option's frame).
QString checkFrameRange(const Document& doc, FrameRange range);

// The viewport drawn now at exactly `pixels` (device pixel ratio 1), the bone labels included; null
// when OpenGL is not available. The widget takes that size only for the time of the call, so the
// window on screen does not change.
QImage renderViewport(render::Viewport& view, QSize pixels);
// Frames the whole clip as the viewport would at `pixels` (the camera fits that aspect ratio).
void frameViewportFor(render::Viewport& view, QSize pixels);

enum class RenderStatus { Done, Cancelled, Failed };
struct RenderResult {
    RenderStatus status = RenderStatus::Done;
    QString error; // when Failed
};

// Renders each frame of `range` in the window's viewport at `pixels` into `sink`, in order, and then
// finishes it. `progress(framesDone)` is called after each frame and cancels when it returns false.
// The document's time comes back to where it was; nothing else of the document changes.
RenderResult renderFrames(MainWindow& window, FrameRange range, QSize pixels, FrameSink& sink,
                          const std::function<bool(long long framesDone)>& progress = {});

} // namespace bonescope::gui
