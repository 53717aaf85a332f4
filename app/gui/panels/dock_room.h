#pragma once
// The window's right dock column (Properties over Key) holds the bottom-right corner, so it runs the
// whole height beside the timeline. QMainWindow does not weigh the timeline's narrowest width against
// that column: resizeDocks(), a narrower window or a timeline that widens (a longer clip's frame
// counter) would push the timeline's right end (its last frames, the playhead on them) under the
// column. DockRoom narrows the column instead.
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace bonescope::gui {

class DockRoom : public QObject {
    Q_OBJECT
public:
    // Watches `window` and its bottom dock `timeline`.
    DockRoom(QMainWindow* window, QDockWidget* timeline);

    // How wide the right column may be with the timeline at its narrowest beside it.
    int rightColumnRoom() const;
    // Narrows the right column's docks that are wider than rightColumnRoom(); nothing when the
    // timeline is not a bottom dock below it or the column is not in the way.
    void keepTimelineWhole();

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    QMainWindow* window_;
    QDockWidget* timeline_;
    bool pending_ = false;
};

} // namespace bonescope::gui
