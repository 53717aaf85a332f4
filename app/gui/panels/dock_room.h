#pragma once
// The window's right dock column (Properties over Key) holds the bottom-right corner, so it runs the
// whole height beside the timeline. QMainWindow does not weigh the timeline's narrowest width against
// that column: resizeDocks(), a narrower window or a timeline that widens (a longer clip's frame
// counter) would push the timeline's right end (its last frames, the playhead on them) under the
// column. DockRoom narrows the column instead, and where that would leave it too narrow for a
// property's name and value, gives the corner back to the timeline (the column then stands above it).
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace bonescope::gui {

class DockRoom : public QObject {
    Q_OBJECT
public:
    // Watches `window` and its bottom dock `timeline`.
    DockRoom(QMainWindow* window, QDockWidget* timeline);

    // The narrowest the right column is let become beside the timeline.
    static constexpr int kNarrowestColumn = 240;

    // How wide the right column may be with the timeline at its narrowest beside it.
    int rightColumnRoom() const;
    // Gives the corner to the right column when rightColumnRoom() is at least kNarrowestColumn, else to
    // the timeline; narrows the column's docks wider than the room. Nothing while the timeline is not a
    // bottom dock.
    void keepTimelineWhole();

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    QMainWindow* window_;
    QDockWidget* timeline_;
};

} // namespace bonescope::gui
