#include "app/gui/graph/graph_widget.h"

#include <algorithm>
#include <cmath>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "core/playback/channel_access.h"

namespace bonescope::gui {

namespace {

constexpr int kHitPx = 6;   // how close a click must be to a dot
constexpr int kDragPx = 3;  // movement before a press becomes a drag
// Rotations are sampled (and dense keys drawn) every this many pixels; every 3 with many curves.
constexpr double kSamplePx = 2, kManySamplePx = 3;
constexpr size_t kManyCurves = 24; // more are drawn plain, with 1-pixel lines
constexpr int kLeftMargin = 52, kTopMargin = 18, kRightMargin = 8, kBottomMargin = 6;

std::set<KeyRef> refsOf(const std::set<GraphKey>& keys)
{
    std::set<KeyRef> out;
    for (const GraphKey& k : keys)
        out.insert(k.key);
    return out;
}

bool isFrameSelectedKey(const QKeyEvent* e)
{
    return (e->key() == Qt::Key_F && !(e->modifiers() & ~Qt::KeypadModifier)) ||
           (e->key() == Qt::Key_Period && (e->modifiers() & Qt::KeypadModifier));
}

} // namespace

GraphWidget::GraphWidget(Document* doc, DopeSheet* selection, QWidget* parent)
    : QWidget(parent), doc_(doc), sheet_(selection)
{
    setObjectName("graphEditor");
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 120);
    connect(doc_, &Document::sceneChanged, this, [this] {
        hidden_.clear();
        selected_.clear();
        curves_.setTracks(nullptr, {}, curves_.rotationDisplay());
        rebuildCurves();
        emit curvesChanged(); // the list's check boxes too (hidden curves are shown again)
        frameAll();
    });
    connect(doc_, &Document::edited, this, &GraphWidget::onEdited);
    connect(doc_, &Document::selectionChanged, this, &GraphWidget::rebuildCurves);
    connect(doc_, &Document::timeChanged, this, [this] { cursor_.moveTo(this, view_.xOf(doc_->time())); });
    if (sheet_)
        connect(sheet_, &DopeSheet::keySelectionChanged, this, &GraphWidget::onSheetSelection);
    layoutPlot();
    rebuildCurves();
}

void GraphWidget::layoutPlot()
{
    view_.setPlot(QRectF(kLeftMargin, kTopMargin, std::max(10, width() - kLeftMargin - kRightMargin),
                         std::max(10, height() - kTopMargin - kBottomMargin)));
}

void GraphWidget::resizeEvent(QResizeEvent*) { layoutPlot(); }

void GraphWidget::rebuildCurves() { updateCurves(true); }

void GraphWidget::updateCurves(bool frameOtherTracks)
{
    std::vector<int> tracks;
    const auto& trackOf = doc_->binding().trackOfBone;
    for (int bone : doc_->selection())
        if (bone >= 0 && bone < int(trackOf.size()) && trackOf[bone] >= 0)
            tracks.push_back(trackOf[bone]);
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    const bool other = tracks != curves_.tracks(); // other bones: their curves are framed
    const std::vector<CurveId> before = curves_.curves();
    curves_.setTracks(&doc_->animation(), std::move(tracks), curves_.rotationDisplay());
    const Animation& a = doc_->animation();
    std::erase_if(selected_, [&](const GraphKey& k) {
        return !std::binary_search(curves_.tracks().begin(), curves_.tracks().end(), k.key.track) || !readKey(a, k.key);
    });
    if (curves_.curves() != before)
        emit curvesChanged();
    if (other && frameOtherTracks)
        frameAll();
    update();
}

void GraphWidget::onEdited()
{
    // An edit may have given a selected bone its first keys (Insert key): its curves appear.
    updateCurves(false);
    // A clip made shorter or longer (Trim, Set duration, Time scale) is framed again: the axis kept
    // running to the old end.
    if (doc_->duration() != framedDuration_)
        frameAll();
    emit selectionChanged(); // values may have changed under the same references
}

void GraphWidget::onSheetSelection()
{
    if (publishing_ || drag_ == Drag::Keys)
        return;
    const std::set<KeyRef>& keys = sheet_->selectedKeys();
    if (keys == refsOf(selected_))
        return;
    std::set<GraphKey> s;
    for (const KeyRef& k : keys) {
        if (!std::binary_search(curves_.tracks().begin(), curves_.tracks().end(), k.track))
            continue;
        for (int c = 0; c < curveComponents(k.channel, curves_.rotationDisplay()); ++c)
            if (curveVisible({k.track, k.channel, c}))
                s.insert({k, c});
    }
    selected_ = std::move(s);
    update();
    emit selectionChanged();
}

void GraphWidget::publishSelection()
{
    if (sheet_) {
        publishing_ = true;
        sheet_->setSelectedKeys(refsOf(selected_));
        publishing_ = false;
    }
    update();
    emit selectionChanged();
}

void GraphWidget::setSelection(std::set<GraphKey> keys)
{
    selected_ = std::move(keys);
    publishSelection();
}

void GraphWidget::setNormalised(bool on)
{
    if (on == normalised_)
        return;
    normalised_ = on;
    frameAll();
}

void GraphWidget::setRotationDisplay(RotationDisplay r)
{
    if (r == curves_.rotationDisplay())
        return;
    // Rotation dots change curves: the selection keeps the keys, on their new curves.
    std::set<KeyRef> rotationKeys;
    for (const GraphKey& k : selected_)
        if (k.key.channel == ChannelKind::Rotation)
            rotationKeys.insert(k.key);
    std::erase_if(selected_, [](const GraphKey& k) { return k.key.channel == ChannelKind::Rotation; });
    curves_.setTracks(&doc_->animation(), curves_.tracks(), r);
    for (const KeyRef& k : rotationKeys)
        for (int c = 0; c < curveComponents(k.channel, r); ++c)
            selected_.insert({k, c});
    emit curvesChanged();
    frameAll();
    publishSelection();
}

void GraphWidget::setCurveVisible(const CurveId& c, bool visible)
{
    if (visible)
        hidden_.erase(c);
    else
        hidden_.insert(c);
    if (!visible && std::erase_if(selected_, [&](const GraphKey& k) { return k.curve() == c; }))
        publishSelection();
    update();
}

std::vector<CurveId> GraphWidget::visibleCurves() const
{
    std::vector<CurveId> out;
    for (const CurveId& c : curves_.curves())
        if (curveVisible(c))
            out.push_back(c);
    return out;
}

std::pair<int, int> GraphWidget::keysBetween(int track, ChannelKind c, double t0, double t1) const
{
    const Animation* a = curves_.animation();
    if (!a || track < 0 || track >= int(a->tracks.size()))
        return {0, 0};
    return withChannel(a->tracks[track], c, [&](const auto& ch) {
        auto before = [](const auto& k, double t) { return k.time < t; };
        auto after = [](double t, const auto& k) { return t < k.time; };
        const int first = int(std::lower_bound(ch.keys.begin(), ch.keys.end(), t0, before) - ch.keys.begin());
        const int last = int(std::upper_bound(ch.keys.begin(), ch.keys.end(), t1, after) - ch.keys.begin());
        return std::pair{first, std::max(first, last)};
    });
}

double GraphWidget::valueAt(const CurveId& c, double y) const
{
    return curves_.scale(c, normalised_).value(view_.valueAt(y));
}

std::optional<QPointF> GraphWidget::keyPosition(const GraphKey& k) const
{
    const CurveId c = k.curve();
    // A curve of a shown track, of a component its channel shows, not hidden (without searching the
    // curves: painting asks this for every selected dot).
    const auto& tracks = curves_.tracks();
    if (!curveVisible(c) || !std::binary_search(tracks.begin(), tracks.end(), c.track) ||
        c.channel == ChannelKind::Visibility || c.component >= curveComponents(c.channel, curves_.rotationDisplay()))
        return std::nullopt;
    if (!curves_.animation() || !readKey(*curves_.animation(), k.key))
        return std::nullopt;
    const double v = curves_.scale(c, normalised_).shown(curves_.keyValue(k));
    return QPointF(view_.xOf(curves_.keyTime(k.key)), view_.yOf(v));
}

std::optional<GraphKey> GraphWidget::dotAt(QPointF p) const
{
    std::optional<GraphKey> best;
    double bestD = kHitPx * kHitPx + 1;
    const double t0 = view_.timeAt(p.x() - kHitPx), t1 = view_.timeAt(p.x() + kHitPx);
    for (const CurveId& c : visibleCurves()) {
        const CurveScale s = curves_.scale(c, normalised_);
        const auto& values = curves_.keyValues(c.track, c.channel);
        const auto [first, last] = keysBetween(c.track, c.channel, t0, t1);
        for (int i = first; i < last && i < int(values.size()); ++i) {
            const KeyRef ref{c.track, c.channel, i};
            const QPointF d = QPointF(view_.xOf(curves_.keyTime(ref)), view_.yOf(s.shown(values[i][c.component]))) - p;
            const double dd = d.x() * d.x() + d.y() * d.y();
            if (dd < bestD) {
                bestD = dd;
                best = GraphKey{ref, c.component};
            }
        }
    }
    return best;
}

void GraphWidget::selectInRect(const QRectF& r, bool add)
{
    std::set<GraphKey> s = add ? selected_ : std::set<GraphKey>{};
    const double t0 = view_.timeAt(r.left()), t1 = view_.timeAt(r.right());
    for (const CurveId& c : visibleCurves()) {
        const CurveScale sc = curves_.scale(c, normalised_);
        const auto& values = curves_.keyValues(c.track, c.channel);
        const auto [first, last] = keysBetween(c.track, c.channel, t0, t1);
        for (int i = first; i < last && i < int(values.size()); ++i) {
            const double y = view_.yOf(sc.shown(values[i][c.component]));
            if (y >= r.top() && y <= r.bottom())
                s.insert({{c.track, c.channel, i}, c.component});
        }
    }
    setSelection(std::move(s));
}

void GraphWidget::frame(const std::vector<GraphKey>& keys, bool wholeClip)
{
    double t0 = HUGE_VAL, t1 = -HUGE_VAL, v0 = HUGE_VAL, v1 = -HUGE_VAL;
    if (wholeClip) {
        t0 = 0;
        t1 = doc_->duration();
        for (const CurveId& c : visibleCurves()) {
            const CurveScale s = curves_.scale(c, normalised_);
            const auto [lo, hi] = curves_.range(c);
            v0 = std::min(v0, s.shown(lo));
            v1 = std::max(v1, s.shown(hi));
        }
    }
    for (const GraphKey& k : keys) {
        const double t = curves_.keyTime(k.key), v = curves_.scale(k.curve(), normalised_).shown(curves_.keyValue(k));
        t0 = std::min(t0, t);
        t1 = std::max(t1, t);
        v0 = std::min(v0, v);
        v1 = std::max(v1, v);
    }
    if (!(t1 >= t0)) {
        t0 = 0;
        t1 = std::max(doc_->duration(), 1.0);
    }
    if (!(v1 >= v0)) {
        v0 = -1;
        v1 = 1;
    }
    view_.frame(t0, t1, v0, v1);
    update();
}

void GraphWidget::frameAll()
{
    framedDuration_ = doc_->duration();
    // Hidden (the dock closed), the curves are not worked out until they are shown.
    if (!isVisible()) {
        frameOnShow_ = true;
        return;
    }
    frame({}, true);
}

void GraphWidget::showEvent(QShowEvent*)
{
    if (frameOnShow_) {
        frameOnShow_ = false;
        frameAll();
    }
}

void GraphWidget::frameSelected()
{
    if (selected_.empty())
        frameAll();
    else
        frame({selected_.begin(), selected_.end()}, false);
}

namespace {

// A key's stored value after each of its curves in `components` takes shown(component, old shown).
template <class F>
glm::dvec4 withShown(const GraphCurves& curves, const KeyRef& k, glm::dvec4 value, glm::dvec4 shown,
                     const std::vector<int>& components, F&& newShown)
{
    for (int c : components) {
        shown[c] = newShown(c, shown[c]);
        value = keyValueWithComponent(k.channel, curves.rotationDisplay(), value, shown, c, shown[c]);
    }
    return value;
}

} // namespace

void GraphWidget::setSelectedValue(double shown, quint64 mergeKey)
{
    if (selected_.empty() || !curves_.animation())
        return;
    std::vector<KeyRef> keys;
    std::vector<glm::dvec4> values;
    for (auto it = selected_.begin(); it != selected_.end();) {
        const KeyRef k = it->key;
        std::vector<int> comps;
        for (; it != selected_.end() && it->key == k; ++it)
            comps.push_back(it->component);
        const auto stored = readKey(*curves_.animation(), k);
        if (!stored)
            continue;
        keys.push_back(k);
        values.push_back(withShown(curves_, k, stored->value, curves_.keyValues(k.track, k.channel)[k.index], comps,
                                   [&](int, double) { return shown; }));
    }
    moveKeysAndValuesEdit(doc_, doc_->scene(), keys, values, 0, 0, mergeKey);
}

void GraphWidget::dragTo(QPointF p, Qt::KeyboardModifiers m)
{
    // Within a few pixels of the press on one axis, that axis stays: a drag up keeps the keys' times
    // (no snapping of keys off the frame grid) and a drag sideways their values.
    auto beyond = [](double d) { return std::abs(d) < kDragPx ? 0.0 : d; };
    const double dx = beyond(p.x() - pressPos_.x()), dy = beyond(p.y() - pressPos_.y());
    // At the scale of the press: a dock that resizes during the drag does not change what a pixel is worth.
    const double dt = dx * dragSecondsPerPixel_;
    const double dShown = -dy * dragValuePerPixel_;
    std::vector<glm::dvec4> values = dragValues_;
    if (dy != 0)
        for (size_t i = 0; i < dragKeys_.size(); ++i) {
            const KeyRef& k = dragKeys_[i];
            values[i] = withShown(curves_, k, dragValues_[i], dragShown_[i], dragComponents_[i], [&](int c, double old) {
                // In the curve's own units: a normalised curve's pixels are worth its half range.
                return old + dShown * dragScales_[i][c];
            });
        }
    const bool free = m & (Qt::ShiftModifier | Qt::AltModifier);
    const std::vector<KeyRef> moved =
        moveKeysAndValuesEdit(doc_, base_.scene(), dragKeys_, values, dt, free ? 0 : doc_->fps(), mergeKey_);
    std::set<GraphKey> s;
    for (size_t i = 0; i < moved.size() && i < dragComponents_.size(); ++i)
        for (int c : dragComponents_[i])
            s.insert({moved[i], c});
    selected_ = std::move(s);
    publishSelection();
}

void GraphWidget::mousePressEvent(QMouseEvent* e)
{
    setFocus();
    pressPos_ = lastPos_ = e->position();
    moved_ = false;
    drag_ = Drag::None;
    if (e->button() == Qt::MiddleButton) {
        drag_ = Drag::Pan;
        return;
    }
    if (e->button() != Qt::LeftButton)
        return;
    if (e->position().y() < view_.plot().top()) {
        drag_ = Drag::Scrub; // the frame numbers: set the current time, as on the ruler
        scrubTo(e->position().x(), e->modifiers());
        return;
    }
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    pressed_ = dotAt(e->position());
    if (!pressed_) {
        drag_ = Drag::Band;
        band_ = QRectF(pressPos_, pressPos_);
        if (!shift)
            setSelection({});
        return;
    }
    if (shift) {
        std::set<GraphKey> s = selected_;
        if (!s.erase(*pressed_))
            s.insert(*pressed_);
        setSelection(std::move(s));
        if (!selected_.count(*pressed_))
            return; // toggled off: nothing to drag
    } else if (!selected_.count(*pressed_)) {
        setSelection({*pressed_});
    }
    // The drag: every selected key once, with its selected curves and values at the start.
    drag_ = Drag::Keys;
    dragSecondsPerPixel_ = view_.secondsPerPixel();
    dragValuePerPixel_ = view_.valuePerPixel();
    mergeKey_ = newMergeKey();
    dragKeys_.clear();
    dragComponents_.clear();
    dragValues_.clear();
    dragShown_.clear();
    dragScales_.clear();
    for (const GraphKey& k : selected_) {
        if (dragKeys_.empty() || dragKeys_.back() != k.key) {
            const auto stored = readKey(doc_->animation(), k.key);
            if (!stored)
                continue;
            dragKeys_.push_back(k.key);
            dragComponents_.emplace_back();
            dragValues_.push_back(stored->value);
            dragShown_.push_back(curves_.keyValues(k.key.track, k.key.channel)[k.key.index]);
            dragScales_.emplace_back(glm::dvec4(1.0));
        }
        dragComponents_.back().push_back(k.component);
        dragScales_.back()[k.component] = curves_.scale(k.curve(), normalised_).half;
    }
    base_.startForKeys(doc_, dragKeys_);
}

void GraphWidget::mouseMoveEvent(QMouseEvent* e)
{
    const QPointF p = e->position();
    if (drag_ == Drag::Pan) {
        view_.pan(p - lastPos_);
        lastPos_ = p;
        update();
        return;
    }
    if (drag_ == Drag::Scrub) {
        scrubTo(p.x(), e->modifiers());
        return;
    }
    if (!moved_ && (p - pressPos_).manhattanLength() < kDragPx)
        return;
    moved_ = true;
    if (drag_ == Drag::Keys && !dragKeys_.empty()) {
        dragTo(p, e->modifiers());
    } else if (drag_ == Drag::Band) {
        band_ = QRectF(pressPos_, p).normalized();
        update();
    }
}

void GraphWidget::scrubTo(double x, Qt::KeyboardModifiers m)
{
    const double t = view_.timeAt(x);
    doc_->setTime(m & Qt::ShiftModifier ? t : doc_->timeOfFrame(std::llround(t * doc_->fps()))); // as the ruler
}

void GraphWidget::mouseReleaseEvent(QMouseEvent* e)
{
    if (drag_ == Drag::Band && moved_)
        selectInRect(band_, e->modifiers() & Qt::ShiftModifier);
    else if (drag_ == Drag::Keys && !moved_ && pressed_ && !(e->modifiers() & Qt::ShiftModifier))
        setSelection({*pressed_}); // a click in a selection keeps just the clicked dot
    drag_ = Drag::None;
    base_.end();
    band_ = QRectF();
    update();
}

void GraphWidget::wheelEvent(QWheelEvent* e)
{
    const QPoint d = e->angleDelta();
    const double notches = (d.y() ? d.y() : d.x()) / 120.0;
    if (e->modifiers() & Qt::ControlModifier)
        view_.zoomValue(e->position().y(), std::pow(1.25, notches));
    else if ((e->modifiers() & Qt::ShiftModifier) || (d.x() && !d.y()))
        view_.pan({notches * view_.plot().width() / 10, 0});
    else
        view_.zoomTime(e->position().x(), std::pow(1.25, notches));
    update();
}

bool GraphWidget::event(QEvent* e)
{
    // Home and F frame the graph while it has the focus (elsewhere: first frame, frame the viewport).
    if (e->type() == QEvent::ShortcutOverride) {
        auto* k = static_cast<QKeyEvent*>(e);
        if ((k->key() == Qt::Key_Home && !(k->modifiers() & ~Qt::KeypadModifier)) || isFrameSelectedKey(k)) {
            e->accept();
            return true;
        }
    }
    return QWidget::event(e);
}

void GraphWidget::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Home && !(e->modifiers() & ~Qt::KeypadModifier))
        frameAll();
    else if (isFrameSelectedKey(e))
        frameSelected();
    else if ((e->matches(QKeySequence::Delete) || e->key() == Qt::Key_Backspace) && sheet_)
        sheet_->deleteSelected();
    else
        QWidget::keyPressEvent(e);
}

void GraphWidget::paintGrid(QPainter& p) const
{
    const QRectF plot = view_.plot();
    const double fps = doc_->fps() > 0 ? doc_->fps() : 30;
    p.setPen(QColor(150, 150, 155));
    // Frames across, labelled above the plot.
    const double frames = gridStep((view_.endTime() - view_.startTime()) * fps, plot.width(), 70);
    const double step = std::max(1.0, std::round(frames));
    for (double f = std::ceil(view_.startTime() * fps / step) * step; f <= view_.endTime() * fps; f += step) {
        const double x = view_.xOf(f / fps);
        p.setPen(QColor(48, 50, 56));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(QColor(150, 150, 155));
        p.drawText(QRectF(x - 40, 0, 80, kTopMargin), Qt::AlignCenter, QString::number(f, 'f', 0));
    }
    // Values up, labelled on the left (normalised: -1..1 of each curve).
    const double vs = gridStep(view_.highValue() - view_.lowValue(), plot.height(), 28);
    for (double v = std::ceil(view_.lowValue() / vs) * vs; v <= view_.highValue(); v += vs) {
        const double y = view_.yOf(v);
        p.setPen(std::abs(v) < vs / 2 ? QColor(70, 72, 80) : QColor(48, 50, 56));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(QColor(150, 150, 155));
        p.drawText(QRectF(0, y - 8, kLeftMargin - 4, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(std::abs(v) < vs / 2 ? 0.0 : v, 'g', 5));
    }
}

void GraphWidget::paintCurve(QPainter& p, const CurveId& c, const CurveScale& s, double left, double right, bool many) const
{
    const auto& samples = curves_.samples(c.track, c.channel, view_.startTime(), view_.endTime(),
                                          view_.secondsPerPixel() * (many ? kManySamplePx : kSamplePx));
    // Only the samples in the repainted strip (and one either side).
    const double ta = view_.timeAt(left), tb = view_.timeAt(right);
    auto first = std::lower_bound(samples.begin(), samples.end(), ta,
                                  [](const ChannelSample& x, double t) { return x.time < t; });
    auto last = std::upper_bound(first, samples.end(), tb, [](double t, const ChannelSample& x) { return t < x.time; });
    if (first != samples.begin())
        --first;
    if (last != samples.end())
        ++last;
    // Few curves: 1.5 px, antialiased; many: the 1-pixel cosmetic pen, which the raster engine draws
    // without stroking.
    p.setPen(QPen(GraphCurves::colour(c), many ? 0 : 1.5));
    QPolygonF line;
    line.reserve(int(last - first));
    auto flush = [&] {
        if (line.size() > 1)
            p.drawPolyline(line);
        line.clear();
    };
    for (auto it = first; it != last; ++it) {
        const double y = view_.yOf(s.shown(it->value[c.component]));
        if (!it->applies || !std::isfinite(y)) { // a gap (a damaged file's NaN key too)
            flush();
            continue;
        }
        line << QPointF(view_.xOf(it->time), std::clamp(y, -1e6, 1e6));
    }
    flush();
}

void GraphWidget::paintDots(QPainter& p, const CurveId& c, const CurveScale& s, double left, double right) const
{
    // Keys closer than a few pixels on average over the view are the curve itself: only selected ones
    // get dots (judged over the whole view, so a repaint of the cursor's strip draws the same).
    const auto [viewFirst, viewLast] = keysBetween(c.track, c.channel, view_.startTime(), view_.endTime());
    if (viewLast - viewFirst > view_.plot().width() / 4)
        return;
    const auto [first, last] = keysBetween(c.track, c.channel, view_.timeAt(left - 4), view_.timeAt(right + 4));
    const auto& values = curves_.keyValues(c.track, c.channel);
    p.setPen(QColor(15, 15, 15));
    p.setBrush(GraphCurves::colour(c).lighter(140));
    for (int i = first; i < last && i < int(values.size()); ++i) {
        const KeyRef ref{c.track, c.channel, i};
        if (selected_.count({ref, c.component}))
            continue;
        p.drawEllipse(QPointF(view_.xOf(curves_.keyTime(ref)), view_.yOf(s.shown(values[i][c.component]))), 3, 3);
    }
}

void GraphWidget::setOverlayAnimation(const Animation* overlay)
{
    overlay_ = overlay;
    update();
}

std::vector<ChannelSample> GraphWidget::overlaySamples(const CurveId& c, double t0, double t1, double step) const
{
    const Animation* a = curves_.animation();
    if (!overlay_ || !a || c.track < 0 || c.track >= int(a->tracks.size()))
        return {};
    const int t = overlay_->findTrack(a->tracks[size_t(c.track)].name);
    if (t < 0)
        return {};
    const Track& track = overlay_->tracks[size_t(t)];
    const RotationDisplay r = curves_.rotationDisplay();
    return sampleCurve(track, c.channel, r, keyCurveValues(track, c.channel, r), t0, t1, step);
}

void GraphWidget::paintOverlayCurve(QPainter& p, const CurveId& c, const CurveScale& s) const
{
    // Dashed, in the curve's colour lightened: the same channel of the other file, on this curve's scale.
    const auto samples = overlaySamples(c, view_.startTime(), view_.endTime(), view_.secondsPerPixel() * kManySamplePx);
    QPen pen(GraphCurves::colour(c).lighter(160), 1.2, Qt::DashLine);
    p.setPen(pen);
    QPolygonF line;
    auto flush = [&] {
        if (line.size() > 1)
            p.drawPolyline(line);
        line.clear();
    };
    for (const ChannelSample& x : samples) {
        const double y = view_.yOf(s.shown(x.value[c.component]));
        if (!x.applies || !std::isfinite(y)) {
            flush();
            continue;
        }
        line << QPointF(view_.xOf(x.time), std::clamp(y, -1e6, 1e6));
    }
    flush();
}

void GraphWidget::paintEvent(QPaintEvent* e)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(30, 32, 36));
    const QRectF plot = view_.plot();
    if (curves_.curves().empty()) {
        p.setPen(QColor(170, 170, 175));
        p.drawText(rect(), Qt::AlignCenter,
                   doc_->selection().empty() ? tr("Select bones (in the tree or the viewport) to see their curves")
                                             : tr("The selected bones have no keys"));
        return;
    }
    paintGrid(p);
    p.setClipRect(plot);
    const double left = std::max<double>(e->rect().left() - 2, plot.left());
    const double right = std::min<double>(e->rect().right() + 2, plot.right());
    const std::vector<CurveId> shown = visibleCurves();
    // Antialiased lines while there are few; hundreds of curves are drawn plain (and fast).
    const bool many = shown.size() > kManyCurves;
    p.setRenderHint(QPainter::Antialiasing, !many);
    if (overlay_)
        for (const CurveId& c : shown)
            paintOverlayCurve(p, c, curves_.scale(c, normalised_));
    for (const CurveId& c : shown)
        paintCurve(p, c, curves_.scale(c, normalised_), left, right, many);
    for (const CurveId& c : shown)
        paintDots(p, c, curves_.scale(c, normalised_), left, right);
    p.setPen(QColor(15, 15, 15));
    p.setBrush(QColor(255, 170, 40));
    for (const GraphKey& k : selected_)
        if (const auto at = keyPosition(k); at && at->x() >= left - 5 && at->x() <= right + 5)
            p.drawEllipse(*at, 4, 4);
    p.setClipping(false);

    const double x = view_.xOf(doc_->time());
    cursor_.paint(p, x, plot.top(), plot.bottom(), x >= plot.left() && x <= plot.right());
    if (drag_ == Drag::Band)
        paintSelectionBand(p, band_);
}

} // namespace bonescope::gui
