#pragma once
// The graph editor's plot: the curves of the selected bones' channels over time (graph_curves.h),
// drawn as the sampler plays them, keys as dots, the current time as a line. Click, Shift+click
// and box-select key dots; dragging a selected dot moves every selected key in time (snapped to
// frames unless Shift or Alt is held) and each selected dot in value on its own curve, as one undo
// step. Wheel: zoom time around the mouse; Ctrl+wheel: zoom values; Shift+wheel: scroll time; middle
// drag: pan both axes; Home: frame all; F or keypad '.': frame the selected keys; Delete deletes
// them. Clicking or dragging on the frame numbers above the plot sets the current time. The key selection is the dope sheet's (so the Key dock types values of keys picked here):
// the graph keeps which curves of each key are picked.
#include <optional>
#include <set>
#include <vector>

#include <QWidget>

#include "app/gui/commands/drag_base.h"
#include "app/gui/graph/graph_curves.h"
#include "app/gui/graph/graph_view.h"
#include "app/gui/timeline/cursor_repaint.h"
#include "core/model/scene.h"

namespace bonescope::gui {

class Document;
class DopeSheet;

class GraphWidget : public QWidget {
    Q_OBJECT
public:
    GraphWidget(Document* doc, DopeSheet* selection, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {700, 300}; }

    const GraphCurves& curves() const { return curves_; }
    const GraphView& view() const { return view_; }
    const std::set<GraphKey>& selection() const { return selected_; }
    void setSelection(std::set<GraphKey> keys);
    bool normalised() const { return normalised_; }
    void setNormalised(bool on);
    void setRotationDisplay(RotationDisplay r);
    bool curveVisible(const CurveId& c) const { return !hidden_.count(c); }
    void setCurveVisible(const CurveId& c, bool visible);
    // Sets the shown value of every selected key dot: one undo step, or merged into the last one
    // pushed with the same non-zero mergeKey (scrubbing a field).
    void setSelectedValue(double shown, quint64 mergeKey = 0);
    // Where a key's dot is drawn on one of its curves (none when the curve is not shown).
    std::optional<QPointF> keyPosition(const GraphKey& k) const;
    // Another animation whose channels of the same bone names are drawn dashed under each curve, on
    // the curve's scale (File > Compare with...: the compared file's); null: none. It must outlive
    // the next call.
    void setOverlayAnimation(const Animation* overlay);
    const Animation* overlayAnimation() const { return overlay_; }
    // The overlay's samples for curve `c` over [t0, t1] every `step` seconds (empty when the overlay
    // has no such channel).
    std::vector<ChannelSample> overlaySamples(const CurveId& c, double t0, double t1, double step) const;
    // Shown value of a curve at y, and y of a shown value, with the curve's normalisation.
    double valueAt(const CurveId& c, double y) const;

public slots:
    void frameAll();
    void frameSelected();

signals:
    void curvesChanged();    // other curves (bones selected, rotation display)
    void selectionChanged(); // the key dots selected, or their values

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    bool event(QEvent* e) override;

private:
    void rebuildCurves();
    // The curves of the selected bones' tracks (framed when other tracks and `frameOtherTracks`).
    void updateCurves(bool frameOtherTracks);
    void onEdited();
    void onSheetSelection();
    void publishSelection();
    void layoutPlot();
    std::vector<CurveId> visibleCurves() const;
    // Keys of a channel with time in [t0, t1]: [first, last).
    std::pair<int, int> keysBetween(int track, ChannelKind c, double t0, double t1) const;
    std::optional<GraphKey> dotAt(QPointF p) const;
    void selectInRect(const QRectF& r, bool add);
    void frame(const std::vector<GraphKey>& keys, bool wholeClip);
    void dragTo(QPointF p, Qt::KeyboardModifiers m);
    void scrubTo(double x, Qt::KeyboardModifiers m); // the current time, snapped to frames unless Shift
    void paintGrid(QPainter& p) const;
    void paintCurve(QPainter& p, const CurveId& c, const CurveScale& s, double left, double right, bool many) const;
    void paintDots(QPainter& p, const CurveId& c, const CurveScale& s, double left, double right) const;
    void paintOverlayCurve(QPainter& p, const CurveId& c, const CurveScale& s) const;

    Document* doc_;
    DopeSheet* sheet_;
    GraphCurves curves_;
    GraphView view_;
    double framedDuration_ = -1; // the clip length the view was last framed for (a trim refits it)
    std::set<GraphKey> selected_;
    std::set<CurveId> hidden_;
    bool normalised_ = false;
    const Animation* overlay_ = nullptr;
    bool publishing_ = false; // setting the dope sheet's selection from here
    bool frameOnShow_ = false;  // frameAll() asked while hidden
    CursorRepaint cursor_;

    // The gesture in progress.
    enum class Drag { None, Keys, Band, Pan, Scrub } drag_ = Drag::None;
    QPointF pressPos_, lastPos_;
    QRectF band_;
    bool moved_ = false;
    std::optional<GraphKey> pressed_;
    DragBase base_; // the scene when the drag started
    std::vector<KeyRef> dragKeys_;        // the selected keys, once each
    std::vector<std::vector<int>> dragComponents_; // per drag key: its selected curves
    std::vector<glm::dvec4> dragValues_, dragShown_; // per drag key: stored and shown values at the start
    std::vector<glm::dvec4> dragScales_; // per drag key and curve: the value of one shown unit at the start
    double dragSecondsPerPixel_ = 0, dragValuePerPixel_ = 0; // the view's at the press
    quint64 mergeKey_ = 0;
};

} // namespace bonescope::gui
