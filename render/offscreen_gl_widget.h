#pragma once
// A widget drawn with OpenGL into an offscreen framebuffer, read back and shown as an image.
//
// Why not QOpenGLWidget: a QOpenGLWidget switches its whole top-level window to OpenGL composition,
// so every frame redraws the entire window (docks, timeline) as textured quads. On software OpenGL
// (Mesa llvmpipe) that composition alone took 15-20 ms per frame in a 1280x800 window; rendering the
// viewport offscreen and copying its pixels into the normal raster backing store costs about 1 ms.
// The window stays an ordinary widget window: focus, shortcuts, drag and drop and QWidget::grab()
// behave as for any other widget.
#include <memory>

#include <QImage>
#include <QWidget>

class QOpenGLContext;
class QOffscreenSurface;
class QOpenGLFramebufferObject;
class QPainter;

namespace bonescope::render {

class OffscreenGlWidget : public QWidget {
    Q_OBJECT
public:
    explicit OffscreenGlWidget(QWidget* parent = nullptr);
    ~OffscreenGlWidget() override;

    // Makes the widget's context current on its offscreen surface with its framebuffer bound. False
    // when OpenGL could not be set up (the reason is in glError()).
    bool makeCurrent();
    void doneCurrent();
    QOpenGLContext* context() const { return context_.get(); }
    QString glError() const { return error_; }
    // Renders a frame now and returns it as shown on screen (the overlay included).
    QImage grabFramebuffer();

protected:
    // Called with the context current and the framebuffer bound, as in QOpenGLWidget.
    virtual void initializeGL() {}
    virtual void paintGL() {}
    // Drawn over the rendered image with a raster painter in widget coordinates (labels, messages).
    virtual void paintOverlay(QPainter&) {}
    void paintEvent(QPaintEvent* e) override;

private:
    bool ensureGl();
    bool renderFrame(); // paintGL into the framebuffer, then its pixels into frame_

    std::unique_ptr<QOpenGLContext> context_;
    std::unique_ptr<QOffscreenSurface> surface_;
    std::unique_ptr<QOpenGLFramebufferObject> fbo_;
    QImage frame_;
    bool initialized_ = false;
    QString error_;
};

} // namespace bonescope::render
