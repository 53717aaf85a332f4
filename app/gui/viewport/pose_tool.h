#pragma once
// Posing in the viewport, Blender style: with a bone selected and the mouse over the view, R turns
// the current bone about the view axis and G moves it in the view plane as the mouse moves; a left
// click (or Enter) keeps the pose as a key at the current time (one undo step), Esc or a right click
// cancels and leaves nothing to undo or redo. R and G are the window's shortcuts (Edit menu), so they
// work wherever the keyboard is, as long as the mouse is over the view; the gesture then takes the
// keyboard. Watches the viewport through an event filter; the math is in render/gizmo.
#include <QObject>
#include <QPoint>

#include "app/gui/commands/drag_base.h"
#include "core/model/pose.h"
#include "core/model/scene.h"

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;

class PoseTool : public QObject {
    Q_OBJECT
public:
    enum class Mode { None, Rotate, Move };
    PoseTool(Document* doc, render::Viewport* view, QObject* parent = nullptr);

    Mode mode() const { return mode_; }
    // R / G: starts at the mouse when it is over the view (false, and nothing starts, when it is not
    // or no bone is selected).
    bool beginAtMouse(Mode mode);
    // The gesture without events (tests, menus): start at a widget position, follow it, finish.
    bool begin(Mode mode, QPoint cursor);
    void follow(QPoint cursor);
    void finish(bool keep);

signals:
    // The gesture ended: kept as a key (true) or cancelled. The window says so where it said how.
    void finished(bool kept);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    Document* doc_;
    render::Viewport* view_;
    Mode mode_ = Mode::None;
    int bone_ = -1;
    QPoint start_;
    DragBase base_; // the scene when the drag started
    LocalTransform baseLocal_;
    quint64 mergeKey_ = 0;
    bool pushed_ = false;
};

} // namespace bonescope::gui
