#pragma once
// During playback the time cursor moves every frame: repainting only the strips where it was drawn
// and where it goes keeps a wide timeline or dope sheet from being redrawn whole 60 times a second.
#include <cmath>

#include <QColor>
#include <QPainter>
#include <QRect>
#include <QWidget>

namespace bonescope::gui {

class CursorRepaint {
public:
    // Call from paintEvent with the x the cursor was drawn at.
    void drawnAt(double x) { drawnX_ = x; }
    // Paints the cursor line at x from top to bottom (when `shown`) and remembers where.
    void paint(QPainter& p, double x, double top, double bottom, bool shown)
    {
        p.setPen(QPen(QColor(255, 90, 70), 2));
        if (shown)
            p.drawLine(QPointF(x, top), QPointF(x, bottom));
        drawnAt(x);
    }
    // Call when the time changes, with the cursor's new x.
    void moveTo(QWidget* w, double x) const
    {
        if (std::isnan(drawnX_)) {
            w->update();
            return;
        }
        w->update(strip(drawnX_, w->height()));
        w->update(strip(x, w->height()));
    }
    // The half-width around the cursor line that a repaint covers (its 2-pixel pen, antialiasing).
    static constexpr int kHalfWidth = 3;

private:
    static QRect strip(double x, int height)
    {
        const int left = int(std::floor(x)) - kHalfWidth;
        return {left, 0, 2 * kHalfWidth + 2, height};
    }
    double drawnX_ = NAN;
};

// The rubber band of a box selection in progress.
inline void paintSelectionBand(QPainter& p, const QRectF& band)
{
    if (!band.isValid())
        return;
    p.setPen(QColor(255, 200, 90));
    p.setBrush(QColor(255, 200, 90, 40));
    p.drawRect(band);
}

} // namespace bonescope::gui
