#include "app/gui/viewport/window_capture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
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
    // The viewport is an ordinary widget: grabbing the window renders it too.
    return window.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

} // namespace bonescope::gui
