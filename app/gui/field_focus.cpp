#include "app/gui/field_focus.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QTextEdit>
#include <QTimer>

namespace bonescope::gui {

namespace {

// A spin box's text is a line edit inside it: the field is the spin box.
QWidget* fieldOf(QWidget* widget)
{
    return qobject_cast<QAbstractSpinBox*>(widget->parentWidget()) ? widget->parentWidget() : widget;
}

bool movesWithUpDown(const QWidget* field)
{
    return qobject_cast<const QAbstractItemView*>(field) || qobject_cast<const QAbstractSpinBox*>(field) ||
           qobject_cast<const QTextEdit*>(field) || qobject_cast<const QPlainTextEdit*>(field);
}

} // namespace

FieldFocus::FieldFocus(QWidget* window) : QObject(window), window_(window) { qApp->installEventFilter(this); }

bool FieldFocus::inWindow(const QWidget* widget) const
{
    if (!widget || qobject_cast<QDialog*>(widget->window()))
        return false;
    // In the window or one of its docks, floating ones too (windows of their own, still its children).
    const QObject* up = widget;
    while (up && up != window_)
        up = up->parent();
    return up != nullptr;
}

bool FieldFocus::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return false;
    auto* keyEvent = static_cast<QKeyEvent*>(event);
    const int key = keyEvent->key();
    auto* widget = qobject_cast<QWidget*>(watched);
    if (event->type() == QEvent::ShortcutOverride) {
        // Up / Down without modifiers are the only window shortcuts among the keys a list moves with.
        if ((key != Qt::Key_Up && key != Qt::Key_Down) || (keyEvent->modifiers() & ~Qt::KeypadModifier) ||
            !inWindow(widget) || !movesWithUpDown(fieldOf(widget)))
            return false;
        event->accept();
        return true;
    }
    if ((key != Qt::Key_Return && key != Qt::Key_Enter) || !inWindow(widget))
        return false;
    QWidget* field = fieldOf(widget);
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
