#pragma once
// The graph editor's mapping between (time, value) and widget pixels: a time range and a value range
// shown in a plot rectangle, zoomed around a point and panned on either axis, and framed on a box of
// times and values with a margin. Values grow upwards.
#include <QPointF>
#include <QRectF>

namespace bonescope::gui {

class GraphView {
public:
    void setPlot(const QRectF& plot) { plot_ = plot; }
    const QRectF& plot() const { return plot_; }

    double xOf(double time) const { return plot_.left() + (time - t0_) / (t1_ - t0_) * plot_.width(); }
    double timeAt(double x) const { return t0_ + (x - plot_.left()) / plot_.width() * (t1_ - t0_); }
    double yOf(double value) const { return plot_.bottom() - (value - v0_) / (v1_ - v0_) * plot_.height(); }
    double valueAt(double y) const { return v0_ + (plot_.bottom() - y) / plot_.height() * (v1_ - v0_); }
    double secondsPerPixel() const { return (t1_ - t0_) / plot_.width(); }
    double valuePerPixel() const { return (v1_ - v0_) / plot_.height(); }

    double startTime() const { return t0_; }
    double endTime() const { return t1_; }
    double lowValue() const { return v0_; }
    double highValue() const { return v1_; }

    // factor > 1 zooms in, keeping the time at x (the value at y) where it is.
    void zoomTime(double x, double factor);
    void zoomValue(double y, double factor);
    // Moves the content by `pixels` (it follows the mouse).
    void pan(QPointF pixels);
    // Shows [t0, t1] x [v0, v1] with a margin; an empty span is widened around its centre.
    void frame(double t0, double t1, double v0, double v1);

private:
    void setTimes(double t0, double t1);
    void setValues(double v0, double v1);

    QRectF plot_{0, 0, 100, 100};
    double t0_ = 0, t1_ = 1, v0_ = -1, v1_ = 1;
};

// A round step (1, 2 or 5 times a power of ten) for grid lines about `pixels` apart on an axis
// showing `span` units over `length` pixels.
double gridStep(double span, double length, double pixels);

} // namespace bonescope::gui
