#pragma once
// The time strip under the viewport: frame ticks and numbers, key ticks of the selected bones,
// notes, the loop range, the preview range (shaded outside) and the current time. Dragging scrubs
// (snapped to frames; Shift: free). The axis zooms in time (wheel, around the mouse) and scrolls
// when zoomed (Shift+wheel, middle drag); the dope sheet shares it, zoom included.
#include <optional>
#include <utility>
#include <vector>

#include <QWidget>

#include "app/gui/timeline/cursor_repaint.h"

namespace bonescope::gui {

class Document;
class PlaybackController;

class TimelineRuler : public QWidget {
    Q_OBJECT
public:
    explicit TimelineRuler(Document* doc, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {600, 64}; }
    double timeAt(double x) const;
    double xOf(double time) const;
    // Room left of the time axis (the dope sheet's name column, so both share one axis).
    void setLeftInset(int px);
    // The playback whose preview range is shown; none: not shown.
    void setPlayback(PlaybackController* playback);
    std::optional<std::pair<double, double>> previewRange() const;
    // Times marked in magenta over the axis (File > Compare with...: the frames that differ most).
    void setMarks(std::vector<double> times);
    const std::vector<double>& marks() const { return marks_; }

    double zoom() const { return zoom_; } // 1: the whole animation in view
    double viewStart() const { return viewStart_; } // seconds at the axis's left end
    // Zooms by `factor` keeping the time under widget x where it is (1 <= zoom, a few frames at most).
    void zoomAt(double x, double factor);
    // Scrolls by `px` pixels of the axis (positive: later times come into view).
    void scrollBy(double px);
    // The wheel's gestures, also sent here by the dope sheet: zoom around x (Ctrl or plain), scroll (Shift
    // or a horizontal wheel).
    void wheelAt(double x, QPoint angleDelta, Qt::KeyboardModifiers mods, bool plainZooms);

public slots:
    void frameAllInTime();

signals:
    void scrubStarted();
    void viewChanged(); // zoomed, scrolled or a new preview range: views on this axis repaint whole

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;

private:
    void refreshKeys();
    void scrubTo(double x, bool snap);
    double axisWidth() const;
    double maxZoom() const;
    void setView(double zoom, double start);

    Document* doc_;
    PlaybackController* playback_ = nullptr;
    double zoom_ = 1.0;
    double viewStart_ = 0.0;
    double panX_ = 0.0; // the middle drag's last x
    std::vector<double> keys_;
    std::vector<double> marks_;
    int inset_ = 0;
    CursorRepaint cursor_;
};

} // namespace bonescope::gui
