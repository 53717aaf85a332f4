#pragma once
// Shortcuts on the numpad (Qt::KeypadModifier, e.g. View > Camera's) reach their actions from a real
// keyboard: Qt 6.4's X11 shortcut map drops the keypad modifier from the keys it matches, so such a
// shortcut never fires there. The key press then goes to the focused widget; this filter catches it
// in the window (outside text fields, which take digits) and triggers the window's enabled action
// with that exact shortcut. Where the shortcut map does match, the action fires there first and the
// press never arrives here.
#include <QObject>

class QWidget;

namespace bonescope::gui {

class KeypadShortcuts : public QObject {
public:
    explicit KeypadShortcuts(QWidget* window); // installs itself on the application
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* window_;
};

} // namespace bonescope::gui
