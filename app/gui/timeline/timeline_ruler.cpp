#include "app/gui/timeline/timeline_ruler.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include "app/gui/document/document.h"

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

double TimelineRuler::xOf(double time) const
{
    const double d = doc_->duration();
    const double w = std::max(1, width() - 2 * kMargin - inset_);
    return inset_ + kMargin + (d > 0 ? time / d : 0) * w;
}

double TimelineRuler::timeAt(double x) const
{
    const double w = std::max(1, width() - 2 * kMargin - inset_);
    return std::clamp((x - kMargin - inset_) / w, 0.0, 1.0) * doc_->duration();
}

void TimelineRuler::scrubTo(double x, bool snap)
{
    const double t = timeAt(x);
    doc_->setTime(snap ? doc_->timeOfFrame(std::llround(t * doc_->fps())) : t);
}

void TimelineRuler::mousePressEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton)
        return;
    emit scrubStarted();
    scrubTo(e->position().x(), !(e->modifiers() & Qt::ShiftModifier));
}

void TimelineRuler::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton)
        scrubTo(e->position().x(), !(e->modifiers() & Qt::ShiftModifier));
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

    if (a.loopRange && a.loopRange->out >= a.loopRange->in) {
        const double x0 = xOf(a.loopRange->in), x1 = xOf(a.loopRange->out);
        p.fillRect(QRectF(x0, 0, std::max(2.0, x1 - x0), h), QColor(70, 110, 70, 110));
        p.setPen(QColor(120, 200, 120));
        p.drawLine(QPointF(x0, 0), QPointF(x0, h));
        p.drawLine(QPointF(x1, 0), QPointF(x1, h));
        p.drawText(QPointF(x0 + 3, h - 4), tr("loop"));
    }

    // Frame ticks, with a number every `labelEvery` frames so that labels never overlap.
    const long long last = doc_->lastFrame();
    const double pxPerFrame = (width() - 2.0 * kMargin - inset_) / double(std::max<long long>(1, last));
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

    const double x = xOf(doc_->time());
    p.setPen(QPen(QColor(255, 90, 70), 2));
    p.drawLine(QPointF(x, 0), QPointF(x, h));
    cursor_.drawnAt(x);
}

} // namespace bonescope::gui
