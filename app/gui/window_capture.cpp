#include "app/gui/window_capture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPainter>
#include <QThread>

#include "app/gui/main_window.h"
#include "render/viewport.h"

namespace bonescope::gui {

bool waitForViewportFrame(MainWindow& window, int timeoutMs)
{
    render::Viewport* v = window.viewport();
    const quint64 before = v->framesPainted();
    v->update();
    QElapsedTimer clock;
    clock.start();
    while (v->framesPainted() == before) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(1);
    }
    return true;
}

QImage captureWindow(MainWindow& window)
{
    QImage image = window.grab().toImage().convertToFormat(QImage::Format_RGB32);
    render::Viewport* v = window.viewport();
    const QImage gl = v->grabFramebuffer();
    QPainter p(&image);
    const qreal dpr = image.devicePixelRatio();
    p.drawImage(QRectF(QPointF(v->mapTo(&window, QPoint(0, 0))), QSizeF(v->size())), gl,
                QRectF(0, 0, gl.width(), gl.height()));
    Q_UNUSED(dpr);
    return image;
}

} // namespace bonescope::gui
