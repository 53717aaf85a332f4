#include "app/gui/video/frame_render.h"

#include <QCoreApplication>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/video/frame_sink.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

// Gives the viewport the logical size of `pixels` while it lives, and its own size back after.
class ViewportAtSize {
public:
    ViewportAtSize(render::Viewport& view, QSize pixels) : view_(view), shown_(view.size())
    {
        const qreal dpr = view.devicePixelRatioF();
        view.resize((QSizeF(pixels) / dpr).toSize().expandedTo(QSize(1, 1)));
    }
    ~ViewportAtSize() { view_.resize(shown_); }
    ViewportAtSize(const ViewportAtSize&) = delete;
    ViewportAtSize& operator=(const ViewportAtSize&) = delete;

private:
    render::Viewport& view_;
    QSize shown_;
};

QString tr(const char* text) { return QCoreApplication::translate("renderOut", text); }

} // namespace

QString checkFrameRange(const Document& doc, FrameRange range)
{
    if (range.from < 0 || range.to < 0)
        return tr("frame numbers start at 0");
    if (range.to > doc.lastFrame())
        return tr("frame %1 is past the last frame (%2)").arg(range.to).arg(doc.lastFrame());
    if (range.from > range.to)
        return tr("the first frame (%1) comes after the last (%2)").arg(range.from).arg(range.to);
    return {};
}

QImage renderViewport(render::Viewport& view, QSize pixels)
{
    QImage image;
    {
        ViewportAtSize sized(view, pixels);
        image = view.grabFramebuffer();
    }
    if (image.isNull())
        return {};
    // A fractional device pixel ratio can miss the size by a pixel: the exact size is what a video needs.
    if (image.size() != pixels)
        image = image.scaled(pixels, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    image.setDevicePixelRatio(1);
    return image.convertToFormat(QImage::Format_RGB32);
}

void frameViewportFor(render::Viewport& view, QSize pixels)
{
    ViewportAtSize sized(view, pixels);
    view.frameAll();
}

RenderResult renderFrames(MainWindow& window, FrameRange range, QSize pixels, FrameSink& sink,
                          const std::function<bool(long long)>& progress)
{
    Document* doc = window.document();
    const double shownTime = doc->time();
    RenderResult result;
    for (long long f = range.from; f <= range.to; ++f) {
        doc->setTime(doc->timeOfFrame(f)); // poses the viewport at once (direct connections)
        const QImage image = renderViewport(*window.viewport(), pixels);
        if (image.isNull()) {
            result = {RenderStatus::Failed, tr("the viewport did not render (no OpenGL 3.3?): %1").arg(window.viewport()->glError())};
            break;
        }
        if (QString why = sink.add(image, f); !why.isEmpty()) {
            result = {RenderStatus::Failed, why};
            break;
        }
        if (progress && !progress(f - range.from + 1)) {
            result = {RenderStatus::Cancelled, {}};
            break;
        }
    }
    if (result.status == RenderStatus::Done)
        if (QString why = sink.finish(); !why.isEmpty())
            result = {RenderStatus::Failed, why};
    doc->setTime(shownTime);
    return result;
}

} // namespace bonescope::gui
