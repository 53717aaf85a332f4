#pragma once
// The dope sheet: under the timeline ruler and on its time axis, a notes row, then one row per track
// (its keys at their real times) that expands into one row per channel (translation, rotation,
// scale, visibility). Click, Shift+click and rubber-band select keys; dragging moves them (one undo
// step, snapped to the frame grid unless Shift or Alt is held); Delete, Ctrl+C, Ctrl+V (at the
// current time) and I (insert a key from the current pose of the selected bones). Note markers drag
// like keys. Ctrl+wheel zooms the shared time axis, Shift+wheel and middle drag scroll it.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <QWidget>

#include "app/gui/commands/drag_base.h"
#include "app/gui/timeline/cursor_repaint.h"
#include "app/gui/timeline/row_keys.h"

#include "core/editing/key_editing.h"
#include "core/model/scene.h"

class QScrollBar;

namespace bonescope::gui {

class Document;
class TimelineRuler;

class DopeSheet : public QWidget {
    Q_OBJECT
public:
    static constexpr int kNameWidth = 160; // the ruler leaves this much room on its left
    static constexpr int kRowHeight = 18;
    static constexpr double kRunSpacing = 2.0; // keys closer than this (pixels) draw as one mark

    // `axis`: the ruler whose time axis the sheet shares (null: the sheet's own, same mapping).
    DopeSheet(Document* doc, TimelineRuler* axis, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {600, 160}; }

    const std::set<KeyRef>& selectedKeys() const { return selected_; }
    void setSelectedKeys(std::set<KeyRef> keys);
    void setExpanded(int track, bool expanded);
    // Scrolls the bone's track row into view when it is not (follows the bone selection).
    void scrollToBone(int bone);
    // Whether the track's row is fully in view.
    bool trackRowVisible(int track) const;
    // Widget positions, for tests and the key editor: a key's diamond, a track's row centre, a note.
    std::optional<QPoint> keyPosition(const KeyRef& key) const;
    std::optional<QPoint> notePosition(int index) const;
    double xOf(double time) const;
    double timeAt(double x) const;
    const KeyClipboard& clipboard() const { return clipboard_; }

public slots:
    void deleteSelected();
    void copySelected();
    void paste();
    void insertKey();

signals:
    void keySelectionChanged();
    void message(const QString& text); // for the status bar: why a gesture did nothing

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    struct Row {
        int track = -1;                      // -1: the notes row
        std::optional<ChannelKind> channel;  // none: the track's summary row
    };
    void rebuildRows();
    void onEdited();
    void rememberSelectedTimes();
    void reportReplacedKeys(); // after a drag of keys: says how many keys they replaced, if any
    int rowAt(int y) const;
    int rowTop(int row) const;
    int trackRow(int track) const; // the track's own row, or -1
    // The row's keys by time (a summary row's group stands for every channel's key at that time),
    // made when the row is first needed after a change.
    const RowKeys& rowKeys(int row) const;
    // The row's groups whose mark lies in [left, right] pixels: [first, last).
    std::pair<size_t, size_t> groupsBetween(const RowKeys& keys, double left, double right) const;
    std::vector<KeyRef> keysUnder(QPoint p) const;
    int noteUnder(QPoint p) const;
    void selectInRect(const QRect& r, bool add);
    int boneOfTrack(int track) const;
    double snapped(double t, Qt::KeyboardModifiers m) const;

    Document* doc_;
    TimelineRuler* axis_;
    QScrollBar* scroll_;
    std::vector<Row> rows_;
    mutable std::vector<std::unique_ptr<RowKeys>> rowKeys_; // per row, cleared with the rows
    std::set<int> expanded_;
    std::set<KeyRef> selected_;
    std::map<KeyRef, double> selectedAt_; // each selected key's time when it was selected
    KeyClipboard clipboard_;

    // The gesture in progress.
    enum class Drag { None, Keys, Note, Band } drag_ = Drag::None;
    QPoint pressPos_;
    QRect band_;
    bool moved_ = false;
    DragBase base_; // the scene when the drag started
    std::vector<KeyRef> dragKeys_;
    std::vector<KeyRef> pressed_; // the keys under the press
    int dragNote_ = -1;
    quint64 mergeKey_ = 0;
    CursorRepaint cursor_;
    double panX_ = 0; // the middle drag's last x
};

} // namespace bonescope::gui
