#pragma once
// View > Camera: Blender's numpad views (1 front, 3 right, 7 top, with Ctrl the opposite side),
// 5 orthographic / perspective, and looking through the file's animated camera or through any bone.
#include <QObject>

class QAction;
class QMenu;

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class BoneCamera;
class CameraTrack;
class Document;

class CameraMenu : public QObject {
    Q_OBJECT
public:
    // `parent`: the main window, whose numpad keys reach the actions (KeypadShortcuts).
    CameraMenu(Document* doc, render::Viewport* view, CameraTrack* track, QObject* parent);
    void addTo(QMenu* view);
    BoneCamera* boneCamera() const { return bone_; }

private:
    void stopLooking(QAction* except); // a preset or the other look-through leaves the camera view

    Document* doc_;
    render::Viewport* view_;
    CameraTrack* track_;
    BoneCamera* bone_;
    QAction* lookCamera_ = nullptr;
    QAction* lookBone_ = nullptr;
};

} // namespace bonescope::gui
