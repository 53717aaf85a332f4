#include "app/gui/timeline/dope_sheet_widget.h"

#include <algorithm>
#include <cmath>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "app/gui/counted_words.h"

namespace bonescope::gui {

namespace {

constexpr int kMargin = 12;   // as the ruler's, on the right of the name column
constexpr int kHitPx = 5;     // how close a click must be to a key
constexpr int kDragPx = 3;    // movement before a press becomes a drag
constexpr ChannelKind kChannels[] = {ChannelKind::Translation, ChannelKind::Rotation, ChannelKind::Scale,
                                     ChannelKind::Visibility};

QString channelName(ChannelKind c)
{
    switch (c) {
    case ChannelKind::Translation: return DopeSheet::tr("translation");
    case ChannelKind::Rotation: return DopeSheet::tr("rotation");
    case ChannelKind::Scale: return DopeSheet::tr("scale");
    case ChannelKind::Visibility:
    default: return DopeSheet::tr("visibility");
    }
}

} // namespace

DopeSheet::DopeSheet(Document* doc, TimelineRuler* axis, QWidget* parent)
    : QWidget(parent), doc_(doc), axis_(axis), scroll_(new QScrollBar(Qt::Vertical, this))
{
    setObjectName("dopeSheet");
    setFocusPolicy(Qt::StrongFocus);
    setMinimumHeight(3 * kRowHeight);
    connect(scroll_, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    connect(doc_, &Document::sceneChanged, this, [this] {
        expanded_.clear();
        selected_.clear();
        selectedAt_.clear();
        rebuildRows();
        emit keySelectionChanged();
    });
    connect(doc_, &Document::edited, this, &DopeSheet::onEdited);
    connect(doc_, &Document::timeChanged, this, [this] { cursor_.moveTo(this, xOf(doc_->time())); });
    if (axis_) {
        connect(axis_, &TimelineRuler::viewChanged, this, qOverload<>(&QWidget::update));
    }
    connect(doc_, &Document::selectionChanged, this, [this] {
        scrollToBone(doc_->currentBone());
        update();
    });
    rebuildRows();
}

void DopeSheet::rebuildRows()
{
    rows_.clear();
    rowKeys_.clear();
    rows_.push_back({});
    const Animation& a = doc_->animation();
    for (int t = 0; t < int(a.tracks.size()); ++t) {
        rows_.push_back({t, std::nullopt});
        if (expanded_.count(t))
            for (ChannelKind c : kChannels)
                if (channelSize(a.tracks[t], c))
                    rows_.push_back({t, c});
    }
    rowKeys_.resize(rows_.size());
    scroll_->setRange(0, std::max(0, int(rows_.size()) * kRowHeight - height()));
    scroll_->setPageStep(height());
    update();
}

int DopeSheet::trackRow(int track) const
{
    for (int r = 0; r < int(rows_.size()); ++r)
        if (rows_[r].track == track && !rows_[r].channel)
            return r;
    return -1;
}

bool DopeSheet::trackRowVisible(int track) const
{
    const int r = trackRow(track);
    return r >= 0 && rowTop(r) >= 0 && rowTop(r) + kRowHeight <= height();
}

void DopeSheet::scrollToBone(int bone)
{
    const auto& trackOf = doc_->binding().trackOfBone;
    if (bone < 0 || bone >= int(trackOf.size()) || trackOf[bone] < 0 || trackRowVisible(trackOf[bone]))
        return;
    if (const int r = trackRow(trackOf[bone]); r >= 0)
        scroll_->setValue(r * kRowHeight - (height() - kRowHeight) / 2); // centred, clamped by the bar
}

void DopeSheet::onEdited()
{
    // A reference is an index into a channel's keys: after an undo removed a key, the same index
    // names the next one (undoing Insert key selected the key after it, which Delete then removed).
    // A key that is gone or no longer at the time it was selected at leaves the selection; edits
    // that move the selected keys select them again where they went.
    const Animation& a = doc_->animation();
    std::erase_if(selected_, [&](const KeyRef& k) {
        const auto at = selectedAt_.find(k);
        return !readKey(a, k) || at == selectedAt_.end() || keyTime(a, k) != at->second;
    });
    rememberSelectedTimes();
    std::erase_if(expanded_, [&](int t) { return t >= int(a.tracks.size()); });
    rebuildRows();
    emit keySelectionChanged(); // values may have changed under the same references too
}

void DopeSheet::setSelectedKeys(std::set<KeyRef> keys)
{
    selected_ = std::move(keys);
    rememberSelectedTimes();
    update();
    emit keySelectionChanged();
}

void DopeSheet::rememberSelectedTimes()
{
    selectedAt_.clear();
    const Animation& a = doc_->animation();
    for (const KeyRef& k : selected_)
        if (readKey(a, k))
            selectedAt_.emplace(k, keyTime(a, k));
}

void DopeSheet::setExpanded(int track, bool expanded)
{
    if (expanded)
        expanded_.insert(track);
    else
        expanded_.erase(track);
    rebuildRows();
}

void DopeSheet::resizeEvent(QResizeEvent*)
{
    scroll_->setGeometry(0, 0, 10, height()); // on the name column's left edge: the time axis stays the ruler's
    rebuildRows();
}

double DopeSheet::xOf(double time) const
{
    if (axis_)
        return axis_->xOf(time) + mapFromGlobal(axis_->mapToGlobal(QPointF(0, 0))).x();
    const double d = doc_->duration();
    const double w = std::max(1, width() - kNameWidth - 2 * kMargin);
    return kNameWidth + kMargin + (d > 0 ? time / d : 0) * w;
}

double DopeSheet::timeAt(double x) const
{
    if (axis_)
        return axis_->timeAt(axis_->mapFromGlobal(mapToGlobal(QPointF(x, 0))).x());
    const double w = std::max(1, width() - kNameWidth - 2 * kMargin);
    return std::clamp((x - kNameWidth - kMargin) / w, 0.0, 1.0) * doc_->duration();
}

int DopeSheet::rowTop(int row) const { return row * kRowHeight - scroll_->value(); }

int DopeSheet::rowAt(int y) const
{
    const int r = (y + scroll_->value()) / kRowHeight;
    return y >= 0 && r < int(rows_.size()) ? r : -1;
}

const RowKeys& DopeSheet::rowKeys(int row) const
{
    if (!rowKeys_[row])
        rowKeys_[row] = std::make_unique<RowKeys>(doc_->animation(), rows_[row].track, rows_[row].channel);
    return *rowKeys_[row];
}

std::pair<size_t, size_t> DopeSheet::groupsBetween(const RowKeys& keys, double left, double right) const
{
    // The axis is linear in time: one mapping, then a binary search for the first time in range.
    const auto& times = keys.times();
    const double x0 = xOf(0.0), d = doc_->duration();
    const double pxPerSecond = d > 0 ? (xOf(d) - x0) / d : 0;
    auto x = [&](size_t g) { return x0 + times[g] * pxPerSecond; };
    if (pxPerSecond <= 0)
        return x0 >= left && x0 <= right ? std::pair<size_t, size_t>{0, times.size()} : std::pair<size_t, size_t>{0, 0};
    size_t first = keys.firstAtOrAfter((left - x0) / pxPerSecond);
    while (first > 0 && x(first - 1) >= left) // rounding at the edge
        --first;
    while (first < times.size() && x(first) < left)
        ++first;
    size_t last = first;
    while (last < times.size() && x(last) <= right)
        ++last;
    return {first, last};
}

std::vector<KeyRef> DopeSheet::keysUnder(QPoint p) const
{
    const int r = rowAt(p.y());
    if (r < 0 || p.x() < kNameWidth)
        return {};
    const RowKeys& keys = rowKeys(r);
    const auto [first, last] = groupsBetween(keys, p.x() - kHitPx, p.x() + kHitPx);
    double best = kHitPx + 1;
    size_t bestGroup = last;
    for (size_t g = first; g < last; ++g) {
        const double d = std::abs(xOf(keys.times()[g]) - p.x());
        if (d < best) {
            best = d;
            bestGroup = g;
        }
    }
    if (bestGroup == last)
        return {};
    const auto refs = keys.keysOf(bestGroup);
    return {refs.begin(), refs.end()};
}

int DopeSheet::noteUnder(QPoint p) const
{
    const int r = rowAt(p.y());
    if (r < 0 || rows_[r].track >= 0 || p.x() < kNameWidth)
        return -1;
    const auto& notes = doc_->animation().notes;
    int best = -1;
    double bestD = kHitPx + 1;
    for (int i = 0; i < int(notes.size()); ++i) {
        const double d = std::abs(xOf(notes[i].time) - p.x());
        if (d < bestD) {
            bestD = d;
            best = i;
        }
    }
    return best;
}

std::optional<QPoint> DopeSheet::keyPosition(const KeyRef& key) const
{
    const Animation& a = doc_->animation();
    if (!readKey(a, key))
        return std::nullopt;
    // The channel's row when expanded, else the track's summary row.
    for (int r = 0; r < int(rows_.size()); ++r)
        if (rows_[r].track == key.track && rows_[r].channel == key.channel)
            return QPoint(int(std::lround(xOf(keyTime(a, key)))), rowTop(r) + kRowHeight / 2);
    for (int r = 0; r < int(rows_.size()); ++r)
        if (rows_[r].track == key.track && !rows_[r].channel)
            return QPoint(int(std::lround(xOf(keyTime(a, key)))), rowTop(r) + kRowHeight / 2);
    return std::nullopt;
}

std::optional<QPoint> DopeSheet::notePosition(int index) const
{
    const auto& notes = doc_->animation().notes;
    if (index < 0 || index >= int(notes.size()))
        return std::nullopt;
    return QPoint(int(std::lround(xOf(notes[index].time))), rowTop(0) + kRowHeight / 2);
}

int DopeSheet::boneOfTrack(int track) const
{
    const auto& map = doc_->binding().trackOfBone;
    const auto it = std::find(map.begin(), map.end(), track);
    return it == map.end() ? -1 : int(it - map.begin());
}

double DopeSheet::snapped(double t, Qt::KeyboardModifiers m) const
{
    if (m & (Qt::ShiftModifier | Qt::AltModifier))
        return t;
    return std::llround(t * doc_->fps()) / doc_->fps();
}

void DopeSheet::selectInRect(const QRect& rect, bool add)
{
    std::set<KeyRef> s = add ? selected_ : std::set<KeyRef>{};
    for (int r = 0; r < int(rows_.size()); ++r) {
        const int y = rowTop(r) + kRowHeight / 2;
        if (y < rect.top() || y > rect.bottom())
            continue;
        const RowKeys& keys = rowKeys(r);
        const auto [first, last] = groupsBetween(keys, rect.left(), rect.right());
        for (size_t g = first; g < last; ++g)
            for (const KeyRef& k : keys.keysOf(g))
                s.insert(k);
    }
    setSelectedKeys(std::move(s));
}

void DopeSheet::mousePressEvent(QMouseEvent* e)
{
    panX_ = e->position().x();
    if (e->button() != Qt::LeftButton)
        return;
    setFocus();
    const QPoint p = e->position().toPoint();
    const bool shift = e->modifiers() & Qt::ShiftModifier;
    pressPos_ = p;
    moved_ = false;
    drag_ = Drag::None;
    const int r = rowAt(p.y());

    if (p.x() < kNameWidth) {
        // The name column: the arrow expands a track, the name selects its bone.
        if (r <= 0)
            return;
        const int track = rows_[r].track;
        if (p.x() < 28 && !rows_[r].channel) {
            setExpanded(track, !expanded_.count(track));
            return;
        }
        const int bone = boneOfTrack(track);
        if (bone >= 0) {
            if (e->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier))
                doc_->toggleBone(bone);
            else
                doc_->setSelection({bone}, bone);
        }
        return;
    }

    if (const int note = noteUnder(p); note >= 0) {
        drag_ = Drag::Note;
        dragNote_ = note;
        base_.start(doc_);
        mergeKey_ = newMergeKey();
        return;
    }

    pressed_ = keysUnder(p);
    if (!pressed_.empty()) {
        const bool allSelected = std::all_of(pressed_.begin(), pressed_.end(), [&](const KeyRef& k) { return selected_.count(k); });
        if (shift) {
            std::set<KeyRef> s = selected_;
            for (const KeyRef& k : pressed_)
                allSelected ? (void)s.erase(k) : (void)s.insert(k);
            setSelectedKeys(std::move(s));
        } else if (!allSelected) {
            setSelectedKeys({pressed_.begin(), pressed_.end()});
        }
        drag_ = Drag::Keys;
        dragKeys_.assign(selected_.begin(), selected_.end());
        base_.startForKeys(doc_, dragKeys_);
        mergeKey_ = newMergeKey();
        return;
    }

    drag_ = Drag::Band;
    band_ = QRect(p, p);
    if (!shift)
        setSelectedKeys({});
}

void DopeSheet::mouseMoveEvent(QMouseEvent* e)
{
    const QPoint p = e->position().toPoint();
    if (axis_ && (e->buttons() & Qt::MiddleButton) && !(e->buttons() & Qt::LeftButton)) {
        axis_->scrollBy(panX_ - e->position().x()); // the time under the mouse follows it
        panX_ = e->position().x();
        return;
    }
    if (!moved_ && (p - pressPos_).manhattanLength() < kDragPx)
        return;
    moved_ = true;
    switch (drag_) {
    case Drag::Keys: {
        if (dragKeys_.empty())
            return;
        const double dt = timeAt(p.x()) - timeAt(pressPos_.x());
        const bool free = e->modifiers() & (Qt::ShiftModifier | Qt::AltModifier);
        const auto moved = moveKeysEdit(doc_, base_.scene(), dragKeys_, dt, free ? 0 : doc_->fps(), mergeKey_);
        setSelectedKeys({moved.begin(), moved.end()});
        break;
    }
    case Drag::Note:
        moveNoteEdit(doc_, base_.scene(), dragNote_, snapped(timeAt(p.x()), e->modifiers()), mergeKey_);
        break;
    case Drag::Band:
        band_ = QRect(pressPos_, p).normalized();
        update();
        break;
    case Drag::None: break;
    }
}

void DopeSheet::mouseReleaseEvent(QMouseEvent* e)
{
    if (drag_ == Drag::Band && moved_)
        selectInRect(band_, e->modifiers() & Qt::ShiftModifier);
    else if (drag_ == Drag::Keys && !moved_ && !(e->modifiers() & Qt::ShiftModifier))
        setSelectedKeys({pressed_.begin(), pressed_.end()}); // a click in a selection keeps just the clicked key
    else if (drag_ == Drag::Keys && moved_)
        reportReplacedKeys();
    drag_ = Drag::None;
    base_.end();
    band_ = QRect();
    update();
}

void DopeSheet::reportReplacedKeys()
{
    // Keys dropped onto other keys' times replace them (one key per time in a channel): said, since
    // nothing on screen shows a key that is gone.
    const Animation* before = base_.scene().currentAnimation();
    const Animation& after = doc_->animation();
    std::set<std::pair<int, ChannelKind>> channels;
    for (const KeyRef& k : dragKeys_)
        channels.insert({k.track, k.channel});
    size_t replaced = 0;
    for (const auto& [track, channel] : channels)
        if (before && track < int(before->tracks.size()) && track < int(after.tracks.size()))
            replaced += channelSize(before->tracks[size_t(track)], channel) - channelSize(after.tracks[size_t(track)], channel);
    if (replaced > 0)
        emit message(tr("%1 at the times the moved keys landed on %2 replaced (Ctrl+Z takes the move back)")
                         .arg(countedWords(replaced, "key"), agreeWords(replaced, "was", "were")));
}

void DopeSheet::keyPressEvent(QKeyEvent* e)
{
    if (e->matches(QKeySequence::Delete) || e->key() == Qt::Key_Backspace)
        deleteSelected();
    else if (e->matches(QKeySequence::Copy))
        copySelected();
    else if (e->matches(QKeySequence::Paste))
        paste();
    else if (e->key() == Qt::Key_I && !(e->modifiers() & ~Qt::KeypadModifier))
        insertKey();
    else
        QWidget::keyPressEvent(e);
}

void DopeSheet::wheelEvent(QWheelEvent* e)
{
    // Ctrl, Shift and a horizontal wheel go to the time axis; the plain wheel scrolls the rows.
    if (axis_ && ((e->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier)) || (e->angleDelta().x() && !e->angleDelta().y()))) {
        axis_->wheelAt(axis_->mapFromGlobal(mapToGlobal(e->position())).x(), e->angleDelta(), e->modifiers(), false);
        return;
    }
    scroll_->setValue(scroll_->value() - e->angleDelta().y() / 120 * kRowHeight * 3);
}

void DopeSheet::deleteSelected()
{
    if (selected_.empty())
        return;
    const std::vector<KeyRef> keys(selected_.begin(), selected_.end());
    selected_.clear();
    selectedAt_.clear();
    deleteKeysEdit(doc_, keys);
    emit keySelectionChanged();
}

void DopeSheet::copySelected()
{
    // Said either way: a copy that took nothing looked the same as one that worked.
    if (selected_.empty()) {
        emit message(tr("No keys selected to copy: click keys in the dope sheet (Shift or a drag for more), then Ctrl+C"));
        return;
    }
    clipboard_ = copyKeys(doc_->animation(), {selected_.begin(), selected_.end()});
    emit message(tr("Copied %1: Ctrl+V pastes them at the current frame").arg(countedWords(qint64(selected_.size()), "key")));
}

void DopeSheet::paste()
{
    const auto pasted = pasteKeysEdit(doc_, clipboard_, doc_->time());
    if (pasted.empty()) {
        emit message(tr("Nothing to paste: copy keys first (select them in the dope sheet, then Ctrl+C)"));
        return;
    }
    setSelectedKeys({pasted.begin(), pasted.end()});
    emit message(tr("Pasted %1 at frame %2").arg(countedWords(qint64(pasted.size()), "key")).arg(doc_->frame()));
}

void DopeSheet::insertKey()
{
    if (doc_->selection().empty()) {
        emit message(tr("No bone selected: select the bones to key (in the tree or the viewport), then press I"));
        return;
    }
    const auto keys = insertPoseKeysEdit(doc_, doc_->selection());
    if (!keys.empty())
        setSelectedKeys({keys.begin(), keys.end()});
}

void DopeSheet::paintEvent(QPaintEvent* e)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(30, 32, 36));
    // The axis is the ruler's: one mapping per paint, not one per key. Keys whose diamond cannot
    // reach the repainted area are skipped (playback repaints only the cursor's strips).
    const double x0 = xOf(0.0), pxPerSecond = doc_->duration() > 0 ? (xOf(doc_->duration()) - x0) / doc_->duration() : 0;
    // Zoomed, keys before the view would reach into the name column: their diamonds (5 px) stay right of it.
    const double left = std::max(e->rect().left() - 6.0, kNameWidth + 5.0), right = e->rect().right() + 6;
    const bool namesShown = e->rect().left() < kNameWidth;
    const Animation& a = doc_->animation();
    const auto& boneSel = doc_->selection();
    for (int r = 0; r < int(rows_.size()); ++r) {
        const int y = rowTop(r);
        if (y + kRowHeight < 0 || y > height())
            continue;
        const Row& row = rows_[r];
        const int bone = row.track >= 0 ? boneOfTrack(row.track) : -1;
        const bool boneSelected = bone >= 0 && std::binary_search(boneSel.begin(), boneSel.end(), bone);
        p.fillRect(QRect(0, y, width(), kRowHeight), r % 2 ? QColor(36, 38, 43) : QColor(32, 34, 38));
        if (namesShown) {
            p.fillRect(QRect(0, y, kNameWidth, kRowHeight), boneSelected ? QColor(60, 80, 120) : QColor(44, 46, 52));
            p.setPen(QColor(210, 210, 215));
            QString label;
            if (row.track < 0)
                label = tr("Notes");
            else if (row.channel)
                label = "      " + channelName(*row.channel);
            else
                label = QString(expanded_.count(row.track) ? "▾ " : "▸ ") + QString::fromStdString(a.tracks[row.track].name);
            p.drawText(QRect(14, y, kNameWidth - 16, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                       p.fontMetrics().elidedText(label, Qt::ElideRight, kNameWidth - 16));
        }

        const double cy = y + kRowHeight / 2.0;
        if (row.track < 0) {
            p.setPen(QColor(120, 190, 255));
            for (const Note& n : a.notes) {
                const double x = xOf(n.time);
                if (x < kNameWidth)
                    continue;
                p.drawLine(QPointF(x, y + 2), QPointF(x, y + kRowHeight - 2));
                // Right of the mark, or left of it where the sheet ends (a note on the last frame).
                const QString name = QString::fromStdString(n.name);
                const int w = p.fontMetrics().horizontalAdvance(name);
                p.drawText(QPointF(x + 3 + w <= width() ? x + 3 : x - 3 - w, cy + 4), name);
            }
            continue;
        }
        // Only the keys in the repainted range are visited. Keys closer than kRunSpacing pixels
        // to the one before, in the same selection state, are one mark: a diamond stretched from the
        // first to the last of them (diamonds drawn every fraction of a pixel left only their dark
        // outlines, and a row of a long clip read as a black band with no keys).
        const RowKeys& rowKeyIndex = rowKeys(r);
        const auto [first, last] = groupsBetween(rowKeyIndex, left, right);
        const double s = row.channel ? 4 : 5;
        // Selected marks go on top, after the rest: a selected key inside a dense run would
        // otherwise lie under the next mark.
        std::vector<std::pair<double, double>> selectedRuns;
        const auto drawMark = [&](double from, double to, bool sel) {
            p.setPen(QColor(20, 20, 20));
            p.setBrush(sel ? QColor(255, 170, 40) : row.channel ? QColor(190, 190, 200) : QColor(230, 230, 235));
            if (to - from < 0.5) {
                const QPointF diamond[4] = {{from, cy - s}, {from + s, cy}, {from, cy + s}, {from - s, cy}};
                p.drawPolygon(diamond, 4);
            } else {
                const QPointF bar[6] = {{from - s, cy}, {from, cy - s}, {to, cy - s}, {to + s, cy}, {to, cy + s}, {from, cy + s}};
                p.drawPolygon(bar, 6);
            }
        };
        double runStart = 0, runEnd = -1e300;
        bool runSel = false, inRun = false;
        const auto endRun = [&] {
            if (inRun && runSel)
                selectedRuns.emplace_back(runStart, runEnd);
            else if (inRun)
                drawMark(runStart, runEnd, false);
        };
        for (size_t g = first; g < last; ++g) {
            const double x = x0 + rowKeyIndex.times()[g] * pxPerSecond;
            const auto keys = rowKeyIndex.keysOf(g);
            const bool sel = std::all_of(keys.begin(), keys.end(), [&](const KeyRef& k) { return selected_.count(k); });
            if (inRun && sel == runSel && x - runEnd < kRunSpacing) {
                runEnd = x;
                continue;
            }
            endRun();
            runStart = runEnd = x;
            runSel = sel;
            inRun = true;
        }
        endRun();
        for (const auto& [from, to] : selectedRuns)
            drawMark(from, to, true);
    }
    if (const auto range = axis_ ? axis_->previewRange() : std::nullopt) {
        // Outside the preview range is dimmed, as on the ruler.
        const double x0 = std::max<double>(kNameWidth, xOf(range->first)), x1 = std::max<double>(kNameWidth, xOf(range->second));
        p.fillRect(QRectF(kNameWidth, 0, x0 - kNameWidth, height()), QColor(0, 0, 0, 100));
        p.fillRect(QRectF(x1, 0, std::max(0.0, width() - x1), height()), QColor(0, 0, 0, 100));
    }
    const double x = xOf(doc_->time());
    cursor_.paint(p, x, 0, height(), x >= kNameWidth);
    if (drag_ == Drag::Band)
        paintSelectionBand(p, band_);
}

} // namespace bonescope::gui
