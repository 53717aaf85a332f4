#pragma once
// The Retarget dialog's preview: the source clip and its retargeted result playing side by side,
// each in a view framed on its own rig (the two may differ in size, place and up axis), driven by
// one time slider and one play button so that a limb can be compared frame by frame before the
// retarget is accepted.
#include <memory>
#include <vector>

#include <QWidget>

#include "core/model/animation.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"

class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace bonescope {
class Sampler;
}
namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class RetargetPreview : public QWidget {
    Q_OBJECT
public:
    explicit RetargetPreview(QWidget* parent = nullptr);
    ~RetargetPreview() override;

    void setSource(const Skeleton& skeleton, const Animation& clip);
    // The result of the current map and choices; cleared (the target shown at rest) when the
    // retarget cannot be done.
    void setResult(const Skeleton& skeleton, const Animation& clip);
    void clearResult(const Skeleton& target);

    void setTime(double seconds); // both sides, and the slider
    double time() const { return time_; }
    void setPlaying(bool on);
    bool playing() const;

    render::Viewport* sourceView() const { return source_.view; }
    render::Viewport* resultView() const { return result_.view; }
    QSlider* slider() const { return slider_; }
    QPushButton* playButton() const { return play_; }

private:
    struct Side {
        Skeleton skeleton;
        Animation clip;
        std::unique_ptr<Sampler> sampler;
        std::vector<int> order;
        std::vector<LocalTransform> locals;
        Pose pose;
        render::Viewport* view = nullptr;
        int motionBone = -1;       // motionRoot(): the bone whose travel the camera follows (the hips)
        glm::vec3 motionStart{0};  // where it is at the start: the camera follows its travel from there
    };
    void load(Side& side, const Skeleton& skeleton, const Animation& clip);
    void show(Side& side);
    double duration() const;

    Side source_, result_;
    QSlider* slider_;
    QPushButton* play_;
    QLabel* clock_;
    QTimer* timer_;
    double time_ = 0;
};

} // namespace bonescope::gui
