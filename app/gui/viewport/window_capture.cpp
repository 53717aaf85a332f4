#include "app/gui/viewport/window_capture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include "app/gui/main_window.h"
#include "render/viewport.h"

namespace bonescope::gui {

bool waitForViewportFrame(MainWindow& window, int timeoutMs)
{
    // Layout first: a change that grows a panel (a longer clip's frame field widens the timeline, and
    // the right column gives it room) posts its relayout, and a frame painted before it is at a size
    // about to change. A relayout can ask for another (a dock resized to make room), hence the rounds.
    for (int round = 0; round < 4; ++round)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
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
