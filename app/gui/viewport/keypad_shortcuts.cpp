#include "app/gui/viewport/keypad_shortcuts.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QWidget>

namespace bonescope::gui {

KeypadShortcuts::KeypadShortcuts(QWidget* window) : QObject(window), window_(window)
{
    qApp->installEventFilter(this);
}

bool KeypadShortcuts::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress)
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!(key->modifiers() & Qt::KeypadModifier) || !widget || widget->window() != window_ ||
        widget->testAttribute(Qt::WA_InputMethodEnabled))
        return false;
    const QKeySequence pressed(key->keyCombination());
    for (QAction* a : window_->findChildren<QAction*>())
        if (a->isEnabled() && a->shortcuts().contains(pressed)) {
            a->trigger();
            return true;
        }
    return false;
}

} // namespace bonescope::gui
