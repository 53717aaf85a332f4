#include "render/offscreen_gl_widget.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>
#include <QPainter>
#include <QSurfaceFormat>

namespace bonescope::render {

OffscreenGlWidget::OffscreenGlWidget(QWidget* parent) : QWidget(parent)
{
    // Every pixel comes from the rendered image: nothing to clear underneath.
    setAttribute(Qt::WA_OpaquePaintEvent);
}

OffscreenGlWidget::~OffscreenGlWidget()
{
    // The framebuffer is deleted with its context current; subclasses release their own objects
    // in their destructors, which run first.
    if (context_ && surface_ && context_->makeCurrent(surface_.get())) {
        fbo_.reset();
        context_->doneCurrent();
    }
}

bool OffscreenGlWidget::ensureGl()
{
    if (context_)
        return context_->isValid() && surface_->isValid();
    context_ = std::make_unique<QOpenGLContext>();
    context_->setFormat(QSurfaceFormat::defaultFormat());
    surface_ = std::make_unique<QOffscreenSurface>(nullptr, this);
    if (!context_->create()) {
        error_ = tr("No OpenGL context could be created.");
        return false;
    }
    surface_->setFormat(context_->format());
    surface_->create();
    if (!surface_->isValid()) {
        error_ = tr("No offscreen OpenGL surface could be created.");
        return false;
    }
    return true;
}

bool OffscreenGlWidget::makeCurrent()
{
    if (!ensureGl() || !context_->makeCurrent(surface_.get()))
        return false;
    if (fbo_)
        fbo_->bind();
    return true;
}

void OffscreenGlWidget::doneCurrent()
{
    if (context_)
        context_->doneCurrent();
}

bool OffscreenGlWidget::renderFrame()
{
    if (!makeCurrent())
        return false;
    const qreal dpr = devicePixelRatioF();
    const QSize pixels = (QSizeF(size()) * dpr).toSize().expandedTo(QSize(1, 1));
    if (!fbo_ || fbo_->size() != pixels) {
        fbo_ = std::make_unique<QOpenGLFramebufferObject>(pixels, QOpenGLFramebufferObject::CombinedDepthStencil);
        if (!fbo_->isValid()) {
            fbo_.reset();
            error_ = tr("No OpenGL framebuffer of %1x%2 pixels.").arg(pixels.width()).arg(pixels.height());
            return false;
        }
        fbo_->bind();
    }
    if (!initialized_) {
        initialized_ = true;
        initializeGL();
        fbo_->bind(); // initializeGL may have bound other framebuffers
    }
    paintGL();
    // BGRA bytes are QImage's 32-bit layout on little-endian machines: a plain copy, no conversion.
    // OpenGL's rows run bottom-up.
    if (frame_.size() != pixels)
        frame_ = QImage(pixels, QImage::Format_RGB32);
    context_->functions()->glReadPixels(0, 0, pixels.width(), pixels.height(), GL_BGRA, GL_UNSIGNED_BYTE,
                                        frame_.bits());
    frame_ = std::move(frame_).mirrored(); // in place: the image is not shared
    frame_.setDevicePixelRatio(dpr);
    return true;
}

QImage OffscreenGlWidget::grabFramebuffer()
{
    if (!renderFrame())
        return {};
    QImage image = frame_.copy();
    QPainter p(&image);
    paintOverlay(p);
    return image;
}

void OffscreenGlWidget::paintEvent(QPaintEvent*)
{
    const bool ok = renderFrame();
    QPainter p(this);
    if (!ok) {
        p.fillRect(rect(), QColor(40, 42, 46));
        p.setPen(QColor(230, 120, 110));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("The 3D view needs OpenGL 3.3: %1").arg(error_));
        return;
    }
    p.drawImage(QPoint(0, 0), frame_);
    paintOverlay(p);
}

} // namespace bonescope::render
