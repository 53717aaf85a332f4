#pragma once
// File > Compare with...: a second file's animation (B) measured against the document's (A) as
// `bonescope-cli diff` measures them (formats/compare/compare_scenes.h) and played with it: B as an
// overlay skeleton in its own colour in the viewport (render/overlay_skeleton.h), each bone's largest
// difference in the bone tree's Difference column, B's curves under A's in the graph editor, and the
// frames where the bones differ most marked on the timeline. An edit of A measures again; another
// file opened, or File > End comparison, ends it.
#include <memory>
#include <vector>

#include <QObject>
#include <QString>
#include <glm/vec4.hpp>

#include "formats/compare/compare_scenes.h"

namespace bonescope {
class Sampler;
}
namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class BoneTreePanel;
class Document;
class GraphWidget;
class TimelineRuler;

class CompareSession : public QObject {
    Q_OBJECT
public:
    // B's colour: far from the bones' grey-blue, the selection's orange and the mesh's skin tone.
    static constexpr glm::vec4 kColor{1.f, 0.2f, 0.85f, 1.f};
    // At most this many frames are marked on the timeline.
    static constexpr int kMarkedFrames = 5;

    CompareSession(Document* doc, render::Viewport* view, BoneTreePanel* tree, GraphWidget* graph, TimelineRuler* ruler,
                   QObject* parent = nullptr);
    ~CompareSession() override;

    // Reads B and starts (or replaces) the comparison; false with `error` set (naming the file) when
    // B does not read or the two cannot be compared.
    bool start(const QString& pathB, QString& error);
    void end();
    bool active() const { return b_ != nullptr; }
    QString pathB() const { return pathB_; }
    // The last measure (null when not active).
    const SceneComparison* comparison() const { return active() ? &result_ : nullptr; }
    // B's animation and skeleton in A's frame (the document's axes): what is drawn and graphed.
    const Animation* animationB() const;
    int overlayId() const { return overlay_; }
    // The marked frames' times (the worst, at most kMarkedFrames).
    const std::vector<double>& markedTimes() const { return marked_; }
    // A one-line summary for the status bar.
    QString summary() const;

signals:
    void changed(); // started, measured again or ended

private:
    struct B;
    void measure();
    void showPose();
    void showDifferences();

    Document* doc_;
    render::Viewport* view_;
    BoneTreePanel* tree_;
    GraphWidget* graph_;
    TimelineRuler* ruler_;
    std::unique_ptr<B> b_;
    QString pathB_;
    SceneComparison result_;
    std::vector<double> marked_;
    int overlay_ = -1;
};

} // namespace bonescope::gui
