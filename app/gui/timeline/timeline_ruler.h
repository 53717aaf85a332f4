#pragma once
// The time strip under the viewport: frame ticks and numbers, key ticks of the selected bones,
// notes, the loop range and the current time. Dragging scrubs (snapped to frames; Shift: free).
#include <vector>

#include <QWidget>

#include "app/gui/timeline/cursor_repaint.h"

namespace bonescope::gui {

class Document;

class TimelineRuler : public QWidget {
    Q_OBJECT
public:
    explicit TimelineRuler(Document* doc, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {600, 64}; }
    double timeAt(double x) const;
    double xOf(double time) const;
    // Room left of the time axis (the dope sheet's name column, so both share one axis).
    void setLeftInset(int px);

signals:
    void scrubStarted();

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    void refreshKeys();
    void scrubTo(double x, bool snap);

    Document* doc_;
    std::vector<double> keys_;
    int inset_ = 0;
    CursorRepaint cursor_;
};

} // namespace bonescope::gui
