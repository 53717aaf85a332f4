#pragma once
// View > Look through bone: any bone as the camera (first-person weapon animations move a camera
// bone), following playback. The bone's world transform gives the eye (its position) and the view
// direction along one of its axes, chosen because files differ: -Z with +Y up (cameras in glTF, FBX
// and Blender), +Z with +Y up (a glTF character's head: it faces +Z), +Y with +Z up (along a Blender
// bone), or +X with +Z up (Call of Duty's tag_camera).
#include <optional>

#include <QObject>

#include "core/model/pose.h"
#include "render/camera.h"

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;

enum class BoneForward { MinusZ, PlusZ, PlusY, PlusX };

// The camera a bone's world matrix gives (source space), or nothing for a degenerate matrix.
std::optional<render::CameraPose> boneCameraPose(const glm::mat4& world, BoneForward forward);

class BoneCamera : public QObject {
    Q_OBJECT
public:
    BoneCamera(Document* doc, render::Viewport* view, QObject* parent = nullptr);

    int bone() const { return bone_; } // -1: not looking through a bone
    BoneForward forward() const { return forward_; }

public slots:
    // Looks through `bone` (false when it is not a bone of the skeleton); -1 stops.
    bool lookThrough(int bone);
    void setForward(BoneForward forward);

signals:
    void stopped(); // another skeleton was loaded: the bone is gone

private:
    void refresh();

    Document* doc_;
    render::Viewport* view_;
    int bone_ = -1;
    BoneForward forward_ = BoneForward::MinusZ;
};

} // namespace bonescope::gui
