#include "app/gui/field_focus.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPointer>
#include <QTimer>

namespace bonescope::gui {

FieldFocus::FieldFocus(QWidget* window) : QObject(window), window_(window) { qApp->installEventFilter(this); }

bool FieldFocus::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress)
        return false;
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key != Qt::Key_Return && key != Qt::Key_Enter)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || qobject_cast<QDialog*>(widget->window()))
        return false;
    // In the window or one of its docks, floating ones too (windows of their own, still its children).
    const QObject* up = widget;
    while (up && up != window_)
        up = up->parent();
    if (!up)
        return false;
    // A spin box's text is a line edit inside it: the field is the spin box.
    QWidget* field = qobject_cast<QAbstractSpinBox*>(widget->parentWidget()) ? widget->parentWidget() : widget;
    if (!qobject_cast<QAbstractSpinBox*>(field) && !qobject_cast<QLineEdit*>(field))
        return false;
    // After the field has taken the Enter (and committed its value).
    QTimer::singleShot(0, field, [field = QPointer<QWidget>(field)] {
        if (field && field->hasFocus())
            field->clearFocus();
    });
    return false;
}

} // namespace bonescope::gui
