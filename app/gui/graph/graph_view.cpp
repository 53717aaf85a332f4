#include "app/gui/graph/graph_view.h"

#include <algorithm>
#include <cmath>

namespace bonescope::gui {

namespace {
constexpr double kMinSpan = 1e-6;
constexpr double kMaxSpan = 1e9;
} // namespace

namespace {
// [lo, hi] with its span kept between kMinSpan and kMaxSpan around its middle; unchanged when not finite.
void setRange(double& a, double& b, double lo, double hi)
{
    const double span = std::clamp(hi - lo, kMinSpan, kMaxSpan), mid = (lo + hi) / 2;
    if (!std::isfinite(mid))
        return;
    a = mid - span / 2;
    b = mid + span / 2;
}
} // namespace

void GraphView::setTimes(double t0, double t1) { setRange(t0_, t1_, t0, t1); }

void GraphView::setValues(double v0, double v1) { setRange(v0_, v1_, v0, v1); }

void GraphView::zoomTime(double x, double factor)
{
    if (!(factor > 0))
        return;
    const double t = timeAt(x);
    setTimes(t - (t - t0_) / factor, t + (t1_ - t) / factor);
}

void GraphView::zoomValue(double y, double factor)
{
    if (!(factor > 0))
        return;
    const double v = valueAt(y);
    setValues(v - (v - v0_) / factor, v + (v1_ - v) / factor);
}

void GraphView::pan(QPointF pixels)
{
    const double dt = pixels.x() * secondsPerPixel(), dv = pixels.y() * valuePerPixel();
    setTimes(t0_ - dt, t1_ - dt);
    setValues(v0_ + dv, v1_ + dv);
}

void GraphView::frame(double t0, double t1, double v0, double v1)
{
    if (t1 - t0 < 1e-3) {
        t0 -= 0.5;
        t1 += 0.5;
    }
    if (v1 - v0 < 1e-3) {
        v0 -= 1;
        v1 += 1;
    }
    const double mt = (t1 - t0) * 0.05, mv = (v1 - v0) * 0.1;
    setTimes(t0 - mt, t1 + mt);
    setValues(v0 - mv, v1 + mv);
}

double gridStep(double span, double length, double pixels)
{
    if (!(span > 0) || !(length > 0))
        return 1;
    const double raw = span / std::max(1.0, length / pixels);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * p >= raw)
            return m * p;
    return 10 * p;
}

} // namespace bonescope::gui
