#pragma once
// View > Onion skin and View > Motion paths: ghosts of the skeleton some frames before and after the
// current time, and the paths of the selected bones over the clip, handed to the Viewport. Both are
// sampled aside from playback (Document::samplePoseAside) and follow the time, the selection and
// edits. The ghosts' count, step and colours are remembered (QSettings).
#include <vector>

#include <QColor>
#include <QObject>
#include <glm/vec3.hpp>

class QAction;
class QMenu;
class QWidget;

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;

struct OnionSkin {
    int count = 2; // ghosts on each side
    int step = 1;  // frames between ghosts
    QColor before{80, 220, 110};
    QColor after{240, 90, 80};
    static constexpr int kMaxCount = 10, kMaxStep = 1000;
};

class MotionOverlay : public QObject {
    Q_OBJECT
public:
    MotionOverlay(Document* doc, render::Viewport* view, QWidget* window);

    // Adds "Onion skin", "Onion skin settings..." and "Motion paths" to `menu`.
    void addTo(QMenu* menu);

    bool onionShown() const { return onionOn_; }
    void setOnionShown(bool on);
    const OnionSkin& onion() const { return onion_; }
    void setOnion(const OnionSkin& settings); // clamped to the limits; not remembered
    bool pathsShown() const { return pathsOn_; }
    void setPathsShown(bool on);
    // The bones whose paths are drawn (the selection, in its order) and their samples (source space).
    const std::vector<int>& pathBones() const { return pathBones_; }
    const std::vector<std::vector<glm::vec3>>& pathPoints() const { return paths_; }

    // Opens the settings dialog; applies and remembers what the user accepts.
    void editOnion();

private:
    void refresh();           // ghosts, and the paths' current dots, for the current time
    void pathsChanged();      // the selection or the motion changed: paths are sampled again
    void syncActions();

    Document* doc_;
    render::Viewport* view_;
    QWidget* window_;
    OnionSkin onion_;
    bool onionOn_ = false, pathsOn_ = false;
    bool pathsStale_ = true;
    std::vector<int> pathBones_;
    std::vector<std::vector<glm::vec3>> paths_;
    QAction* onionAction_ = nullptr;
    QAction* pathsAction_ = nullptr;
};

} // namespace bonescope::gui
