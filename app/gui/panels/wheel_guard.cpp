#include "app/gui/panels/wheel_guard.h"
#include "app/gui/app_event_filter.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>

namespace bonescope::gui {

namespace {

// The spin box or drop-down list a widget is (or is part of: a spin box's line edit), or null.
QWidget* valueField(QObject* o)
{
    for (auto* w = qobject_cast<QWidget*>(o); w; w = w->parentWidget()) {
        if (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w))
            return w;
        if (w->isWindow())
            break;
    }
    return nullptr;
}

class WheelGuard : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override
    {
        // A spin box or drop-down list takes the focus from a wheel turned over it (Qt::WheelFocus)
        // before any filter sees the wheel, so the check below would find it focused and let the
        // wheel change it: a real mouse did, where tests' synthesised wheels did not. Clicked or
        // tabbed into, as the rule says.
        if (e->type() == QEvent::Polish) {
            auto* w = qobject_cast<QWidget*>(watched);
            if (w && w->focusPolicy() == Qt::WheelFocus && (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w)))
                w->setFocusPolicy(Qt::StrongFocus);
            return QObject::eventFilter(watched, e);
        }
        if (e->type() != QEvent::Wheel)
            return QObject::eventFilter(watched, e);
        QWidget* field = valueField(watched);
        if (!field || field->hasFocus() || field->isAncestorOf(QApplication::focusWidget()))
            return QObject::eventFilter(watched, e);
        // The panel scrolls instead, when it can; the field never sees the wheel.
        for (QWidget* w = field->parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QApplication::sendEvent(area->verticalScrollBar(), e);
                break;
            }
        return true;
    }
};

} // namespace

void keepWheelForFocusedFields()
{
    installAppFilterOnce<WheelGuard>("wheelGuard");
}

} // namespace bonescope::gui
