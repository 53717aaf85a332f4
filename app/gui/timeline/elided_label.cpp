#include "app/gui/timeline/elided_label.h"

#include <QPainter>
#include <QStyle>

namespace bonescope::gui {

void ElidedLabel::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QRect room = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideMiddle, room.width());
    // Shortened, it fills the room: from the left, so that it reads from its start.
    const Qt::Alignment align = shown == text() ? alignment() : (alignment() & Qt::AlignVertical_Mask) | Qt::AlignLeft;
    style()->drawItemText(&p, room, int(align), palette(), isEnabled(), shown, foregroundRole());
}

} // namespace bonescope::gui
