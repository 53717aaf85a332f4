#include "app/gui/timeline/timeline_ruler.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>

#include "app/gui/document/document.h"
#include "app/gui/timeline/playback_controller.h"

namespace bonescope::gui {

namespace {
constexpr int kMargin = 12;
}

TimelineRuler::TimelineRuler(Document* doc, QWidget* parent) : QWidget(parent), doc_(doc)
{
    setObjectName("timelineRuler");
    setMinimumHeight(56);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(doc_, &Document::sceneChanged, this, &TimelineRuler::refreshKeys);
    connect(doc_, &Document::sceneChanged, this, &TimelineRuler::frameAllInTime);
    // An edit may shorten the animation: the view stays inside it.
    connect(doc_, &Document::edited, this, [this] { setView(zoom_, viewStart_); });
    connect(doc_, &Document::selectionChanged, this, &TimelineRuler::refreshKeys);
    connect(doc_, &Document::edited, this, &TimelineRuler::refreshKeys);
    connect(doc_, &Document::timeChanged, this, [this] { cursor_.moveTo(this, xOf(doc_->time())); });
    refreshKeys();
}

void TimelineRuler::refreshKeys()
{
    keys_ = doc_->keyTimes(doc_->selection());
    update();
}

void TimelineRuler::setLeftInset(int px)
{
    inset_ = px;
    update();
}

void TimelineRuler::setPlayback(PlaybackController* playback)
{
    playback_ = playback;
    connect(playback_, &PlaybackController::previewRangeChanged, this, [this] {
        update();
        emit viewChanged(); // the dope sheet dims outside the range too
    });
    update();
}

std::optional<std::pair<double, double>> TimelineRuler::previewRange() const
{
    return playback_ ? playback_->previewRange() : std::nullopt;
}

double TimelineRuler::axisWidth() const { return std::max(1, width() - 2 * kMargin - inset_); }

double TimelineRuler::xOf(double time) const
{
    // At zoom 1 from 0 this is time / d * w exactly: the unzoomed axis paints as it always did.
    const double d = doc_->duration();
    return inset_ + kMargin + (d > 0 ? (time - viewStart_) / (d / zoom_) : 0) * axisWidth();
}

void TimelineRuler::setMarks(std::vector<double> times)
{
    marks_ = std::move(times);
    update();
}

double TimelineRuler::timeAt(double x) const
{
    const double d = doc_->duration();
    return std::clamp(viewStart_ + (x - kMargin - inset_) / axisWidth() * (d / zoom_), 0.0, d);
}

// At most four frames across the axis (and never past what a double resolves).
double TimelineRuler::maxZoom() const { return std::clamp(doc_->duration() * doc_->fps() / 4, 1.0, 1e9); }

void TimelineRuler::setView(double zoom, double start)
{
    const double d = std::max(0.0, doc_->duration());
    zoom = std::clamp(zoom, 1.0, maxZoom());
    start = zoom == 1.0 ? 0.0 : std::clamp(start, 0.0, d - d / zoom);
    if (zoom == zoom_ && start == viewStart_)
        return;
    zoom_ = zoom;
    viewStart_ = start;
    update();
    emit viewChanged();
}

void TimelineRuler::zoomAt(double x, double factor)
{
    const double d = doc_->duration();
    if (d <= 0 || !(factor > 0))
        return;
    const double u = (x - kMargin - inset_) / axisWidth();
    const double t = viewStart_ + u * (d / zoom_);
    const double zoom = std::clamp(zoom_ * factor, 1.0, maxZoom());
    setView(zoom, t - u * (d / zoom));
}

void TimelineRuler::scrollBy(double px) { setView(zoom_, viewStart_ + px / axisWidth() * (doc_->duration() / zoom_)); }

void TimelineRuler::frameAllInTime() { setView(1.0, 0.0); }

void TimelineRuler::wheelAt(double x, QPoint angleDelta, Qt::KeyboardModifiers mods, bool plainZooms)
{
    const double notches = (angleDelta.y() ? angleDelta.y() : angleDelta.x()) / 120.0;
    if (angleDelta.x() && !angleDelta.y())
        scrollBy(-notches * axisWidth() / 10); // a horizontal wheel or swipe
    else if (mods & Qt::ShiftModifier)
        scrollBy(-notches * axisWidth() / 10);
    else if ((mods & Qt::ControlModifier) || plainZooms)
        zoomAt(x, std::pow(1.25, notches));
}

void TimelineRuler::wheelEvent(QWheelEvent* e) { wheelAt(e->position().x(), e->angleDelta(), e->modifiers(), true); }

void TimelineRuler::scrubTo(double x, bool snap)
{
    const double t = timeAt(x);
    doc_->setTime(snap ? doc_->timeOfFrame(std::llround(t * doc_->fps())) : t);
}

void TimelineRuler::mousePressEvent(QMouseEvent* e)
{
    panX_ = e->position().x();
    if (e->button() != Qt::LeftButton)
        return;
    emit scrubStarted();
    scrubTo(e->position().x(), !(e->modifiers() & Qt::ShiftModifier));
}

void TimelineRuler::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton)
        scrubTo(e->position().x(), !(e->modifiers() & Qt::ShiftModifier));
    else if (e->buttons() & Qt::MiddleButton) {
        scrollBy(panX_ - e->position().x()); // the time under the mouse follows it
        panX_ = e->position().x();
    }
}

void TimelineRuler::paintEvent(QPaintEvent* e)
{
    QPainter p(this);
    // Only what can reach the repainted area is drawn (labels reach about 40 pixels to either side).
    const double left = e->rect().left() - 40, right = e->rect().right() + 40;
    p.fillRect(rect(), QColor(36, 38, 42));
    const Animation& a = doc_->animation();
    const int h = height();
    const int tickTop = 18, keyTop = 30;
    // Zoomed, times before the view would reach into the dope sheet's name column. (Unzoomed, a loop
    // range that starts before 0 is drawn there, as it always was.)
    if (zoom_ != 1.0)
        p.setClipRect(QRect(inset_, 0, width() - inset_, h));

    // The loop band only while the clip loops: a file that keeps loop points but does not loop (or a
    // user who unchecks Looping) shows none.
    if (a.looping && a.loopRange && a.loopRange->out >= a.loopRange->in) {
        const double x0 = xOf(a.loopRange->in), x1 = xOf(a.loopRange->out);
        p.fillRect(QRectF(x0, 0, std::max(2.0, x1 - x0), h), QColor(70, 110, 70, 110));
        p.setPen(QColor(120, 200, 120));
        p.drawLine(QPointF(x0, 0), QPointF(x0, h));
        p.drawLine(QPointF(x1, 0), QPointF(x1, h));
        p.drawText(QPointF(x0 + 3, h - 4), tr("loop"));
    }

    // Frame ticks, with a number every `labelEvery` frames so that labels never overlap.
    const long long last = doc_->lastFrame();
    const double pxPerFrame = (width() - 2.0 * kMargin - inset_) * zoom_ / double(std::max<long long>(1, last));
    // The steps (1, 2, 5 times a power of ten) and the first tick are computed, never stepped to: a
    // file may declare 1e15 frames, and only the ticks inside the repainted area are visited.
    // Labels at least 40 px apart, and wider than the longest number.
    const double labelPx = std::max(40, fontMetrics().horizontalAdvance(QString::number(last)) + 8);
    long long labelEvery = 1, decade = 1;
    for (int m = 0; labelEvery * pxPerFrame < labelPx && decade < (1LL << 58);) {
        if (++m == 3) {
            m = 0;
            decade *= 10;
        }
        labelEvery = (m == 0 ? 1 : m == 1 ? 2 : 5) * decade;
    }
    const long long tickEvery = pxPerFrame >= 4 ? 1 : std::max<long long>(1, labelEvery / 5);
    const double leftTick = std::min(std::floor(timeAt(left) * doc_->fps()), double(last)) / double(tickEvery);
    const long long first = std::max<long long>(0, (long long)leftTick - 1) * tickEvery;
    p.setPen(QColor(110, 112, 118));
    for (long long f = first; f <= last; f += tickEvery) {
        const double x = xOf(doc_->timeOfFrame(f));
        if (x > right)
            break;
        if (x < left)
            continue;
        const bool major = f % labelEvery == 0;
        p.drawLine(QPointF(x, major ? tickTop - 6 : tickTop - 2), QPointF(x, tickTop));
        if (major) {
            // Right of the tick, or left of it where the widget ends (the last frames' numbers).
            const QString label = QString::number(f);
            const int w = p.fontMetrics().horizontalAdvance(label);
            p.drawText(QPointF(x + 2 + w <= width() ? x + 2 : x - 2 - w, 11), label);
        }
    }

    // Key times are sorted and the axis is monotonic: start at the first key that reaches the area.
    p.setPen(QColor(240, 200, 90));
    const auto firstKey = std::partition_point(keys_.begin(), keys_.end(), [&](double t) { return xOf(t) < left; });
    for (auto it = firstKey; it != keys_.end(); ++it) {
        const double x = xOf(*it);
        if (x > right)
            break;
        p.drawLine(QPointF(x, keyTop), QPointF(x, keyTop + 8));
    }

    p.setPen(QColor(120, 190, 255));
    for (const Note& n : a.notes) {
        const double x = xOf(n.time);
        p.drawLine(QPointF(x, keyTop + 10), QPointF(x, h)); // named in the dope sheet's Notes row
    }

    // Marked times (a comparison's worst frames): a magenta triangle at the top and a thin line.
    p.setRenderHint(QPainter::Antialiasing);
    for (double t : marks_) {
        const double mx = xOf(t);
        p.setPen(QPen(QColor(255, 50, 215), 1));
        p.drawLine(QPointF(mx, 0), QPointF(mx, h));
        p.setBrush(QColor(255, 50, 215));
        p.drawPolygon(QPolygonF{QPointF(mx - 5, 0), QPointF(mx + 5, 0), QPointF(mx, 8)});
    }
    p.setRenderHint(QPainter::Antialiasing, false);

    if (const auto range = previewRange()) {
        // Outside the preview range is dimmed; its ends are orange lines.
        const double x0 = xOf(range->first), x1 = xOf(range->second);
        p.fillRect(QRectF(inset_, 0, std::max(0.0, x0 - inset_), h), QColor(0, 0, 0, 120));
        p.fillRect(QRectF(x1, 0, std::max(0.0, width() - x1), h), QColor(0, 0, 0, 120));
        p.setPen(QColor(240, 150, 60));
        p.drawLine(QPointF(x0, 0), QPointF(x0, h));
        p.drawLine(QPointF(x1, 0), QPointF(x1, h));
    }

    const double x = xOf(doc_->time());
    p.setPen(QPen(QColor(255, 90, 70), 2));
    p.drawLine(QPointF(x, 0), QPointF(x, h));
    cursor_.drawnAt(x);
}

} // namespace bonescope::gui
