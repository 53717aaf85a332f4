#include "app/gui/panels/dock_room.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QStyle>

namespace bonescope::gui {

DockRoom::DockRoom(QMainWindow* window, QDockWidget* timeline) : QObject(window), window_(window), timeline_(timeline)
{
    window_->installEventFilter(this);
    timeline_->installEventFilter(this);
}

int DockRoom::rightColumnRoom() const
{
    const int separator = window_->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, window_);
    return window_->width() - timeline_->minimumSizeHint().width() - separator;
}

void DockRoom::keepTimelineWhole()
{
    if (timeline_->isFloating() || !timeline_->isVisible() || window_->dockWidgetArea(timeline_) != Qt::BottomDockWidgetArea)
        return;
    const int room = rightColumnRoom();
    const Qt::DockWidgetArea corner = room >= kNarrowestColumn ? Qt::RightDockWidgetArea : Qt::BottomDockWidgetArea;
    if (window_->corner(Qt::BottomRightCorner) != corner)
        window_->setCorner(Qt::BottomRightCorner, corner);
    if (corner != Qt::RightDockWidgetArea)
        return;
    QList<QDockWidget*> docks;
    QList<int> widths;
    for (QDockWidget* d : window_->findChildren<QDockWidget*>())
        if (d->isVisible() && !d->isFloating() && window_->dockWidgetArea(d) == Qt::RightDockWidgetArea &&
            d->width() > room) {
            docks << d;
            widths << room;
        }
    if (!docks.isEmpty())
        window_->resizeDocks(docks, widths, Qt::Horizontal);
}

bool DockRoom::eventFilter(QObject* watched, QEvent* e)
{
    // Qt hands a widget's resize and layout requests to its layout before its event filters: the docks
    // are placed by now, and any change is laid out before the next paint.
    if ((e->type() == QEvent::Resize || e->type() == QEvent::LayoutRequest) && (watched == window_ || watched == timeline_))
        keepTimelineWhole();
    return QObject::eventFilter(watched, e);
}

} // namespace bonescope::gui
