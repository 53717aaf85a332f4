#pragma once
// Which keys a focused field of the window keeps and which are the window's shortcuts.
// Entering a typed value in one of the window's fields gives the keyboard back to the window. A
// focused field keeps the keys it edits text with, and those include window shortcuts: Ctrl+Z undid
// the field's typing instead of the edit just entered, Ctrl+E moved to the line's end instead of
// exporting. After Enter in a dock's field they are the window's again, as in the timeline's frame
// field.
// Up and Down are the window's next / previous key, but a focused list, tree, table, spin box or
// multi-line text moves in itself with them (the clip list, the Bones tree): they are its while it
// has the focus. A one-line field has no use for them and leaves them to the window.
// Fields of dialogs are left alone.
#include <QObject>

class QWidget;

namespace bonescope::gui {

class FieldFocus : public QObject {
public:
    // Watches every field of `window` (installed on the application: docks create fields as files open).
    explicit FieldFocus(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // `widget` is in the window or one of its docks, not in a dialog.
    bool inWindow(const QWidget* widget) const;
    QWidget* window_;
};

} // namespace bonescope::gui
