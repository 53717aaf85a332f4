#pragma once
// The 3D view: a skeleton pose as solid bones, an optional skinned mesh, a ground grid and axes,
// an orbit camera, CPU picking and name labels. It is given core data (skeleton, pose, mesh) and
// reports clicks; it knows nothing of documents or files.
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QOpenGLExtraFunctions>
#include <QPointF>
#include <QRectF>
#include <glm/mat4x4.hpp>

#include "core/model/mesh.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"
#include "render/bone_renderer.h"
#include "render/camera.h"
#include "render/display_axes.h"
#include "render/line_renderer.h"
#include "render/mesh_renderer.h"
#include "render/offscreen_gl_widget.h"
#include "render/overlay_skeleton.h"
#include "render/scene_geometry.h"

namespace bonescope::render {

class Viewport : public OffscreenGlWidget, protected QOpenGLExtraFunctions {
    Q_OBJECT
public:
    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    // The bones' names and parents (copied). Clears the selection and resizes joints on next pose.
    void setSkeleton(const Skeleton& skeleton);
    // The pose of that skeleton and, for root-motion handling, how far the root has moved across the
    // ground since the start (source space).
    void setPose(const Pose& pose, const glm::vec3& rootTravel = glm::vec3(0.f));
    // A skinned mesh (null: none) and the world matrix of each of its joints for the current pose.
    void setMesh(std::shared_ptr<const Mesh> mesh);
    void setMeshJoints(const std::vector<glm::mat4>& jointWorld);
    void setSelection(const std::vector<int>& bones, int current);
    // Polylines or single points in source space (e.g. an animated camera path).
    void setPaths(std::vector<Polyline> paths);
    const std::vector<Polyline>& paths() const { return paths_; }
    // Onion-skin ghosts (joints in source space, in this skeleton's order), drawn translucent under
    // the current pose whether or not the bones are shown; and motion paths, drawn over everything.
    void setGhosts(std::vector<Ghost> ghosts);
    const std::vector<Ghost>& ghosts() const { return ghosts_; }
    void setMotionPaths(std::vector<MotionPath> paths);
    const std::vector<MotionPath>& motionPaths() const { return motionPaths_; }
    // Overlay skeletons (render/overlay_skeleton.h: how to use them): another skeleton drawn with
    // this one in one colour, posed each frame by setOverlayPose(), optionally moved aside. Ids are
    // never reused; calls with an unknown id do nothing.
    int addOverlaySkeleton(const Skeleton& skeleton, const glm::vec4& color, const glm::vec3& offset = glm::vec3(0.f));
    // `pose.world` of that skeleton (one matrix per bone), in this skeleton's source space.
    void setOverlayPose(int id, const Pose& pose);
    void setOverlayColor(int id, const glm::vec4& color);
    void setOverlayOffset(int id, const glm::vec3& offset);
    // Which of its bones are drawn (1) or not (0), one per bone; by default all but helpers.
    void setOverlayDrawn(int id, std::vector<uint8_t> drawn);
    void removeOverlaySkeleton(int id);
    void clearOverlaySkeletons();
    const OverlaySkeleton* overlaySkeleton(int id) const; // null for an unknown id
    // Where an overlay's joint appears in widget coordinates (its offset included), or (-1, -1).
    QPointF overlayJointOnScreen(int id, int bone) const;
    // Where a point in source space appears in widget coordinates, or (-1, -1) when behind the eye.
    QPointF pointOnScreen(const glm::vec3& source) const;
    // The colour of the dot on a motion path where its bone is now.
    static constexpr glm::vec4 kPathNowColor{1.f, 1.f, 1.f, 1.f};
    // Look through a camera given by the data (source space) instead of the orbit camera; nothing:
    // back to the orbit camera.
    void setLookThrough(std::optional<CameraPose> pose);
    bool lookingThrough() const { return lookThrough_.has_value(); }
    const std::optional<CameraPose>& lookThroughPose() const { return lookThrough_; }

    void setUpAxis(UpAxis up);
    UpAxis upAxis() const { return up_; }
    void setRootMotion(RootMotion mode);
    void setShowMesh(bool on);
    void setShowBones(bool on);
    void setShowNames(bool on);    // names at all (the hovered and selected bones' by default)
    void setShowAllNames(bool on); // every drawn joint's name, where it does not cover another
    struct NameLabel {
        int bone;
        QRectF box;     // the label's background, in widget coordinates
        QPointF origin; // where its text starts
        bool picked;    // the hovered or a selected bone's (shown even where it covers another)
    };
    // The name labels as the overlay draws them now.
    std::vector<NameLabel> nameLabels() const;
    // What the view says when there are no joints to draw (by default: open an animation); the
    // caller, which knows whether a file is open, words the case of an open file without bones.
    void setEmptyText(const QString& text);
    QString emptyText() const { return emptyText_; }
    void setShowGrid(bool on);
    void setShowAxes(bool on);
    // The orbit camera turned to a fixed view (target and distance kept), and its projection.
    void setViewPreset(ViewPreset preset);
    void setOrtho(bool on);
    // Helpers (collision volumes, attachment points) are drawn as small markers only when shown.
    void setShowCollisionVolumes(bool on);
    void setShowAttachmentPoints(bool on);
    // Extension bones (BoneKind::Extension) are drawn when `animated` marks them, or all when asked.
    void setAnimatedBones(std::vector<uint8_t> animated);
    // Per bone: 1 when the clip moves its translation off its rest offset (movedOverClip), so that
    // its parent joins it by a relationship line rather than a bone shape at every frame
    // (render/bone_links.h); a pose off its rest offset is found in the frame as well.
    void setMovedBones(std::vector<uint8_t> moved);
    // Per bone: 1 when a base motion, not the animation, poses it (drawn in BoneStyle::fromBase).
    void setBaseDriven(const std::vector<uint8_t>& fromBase);
    void setShowExtensionBones(bool on);

    // How a bone's joint is drawn now, and whether the line from its parent is a dashed relationship
    // line (the child is not connected to it: render/bone_links.h) rather than a bone shape.
    JointMark jointMark(int bone) const;
    bool drawnAsLink(int bone) const;

    // The joints (source space, one list per time) at times spread over the clip, asked for by
    // frameAll() and frameSelected() so that the bones stay in view over the whole clip; empty: the
    // current pose only.
    using ClipPoses = std::vector<std::vector<glm::vec3>>;
    void setClipPoses(std::function<ClipPoses()> poses) { clipPoses_ = std::move(poses); }
    void frameAll();
    void frameSelected();

    // The bone under a widget position, or -1.
    int boneAt(const QPoint& pos) const;
    // The joints where they are drawn (display space: the source turned to Y up).
    std::vector<glm::vec3> displayJoints() const;
    // Where a bone's joint appears in widget coordinates (for tests and labels).
    QPointF jointOnScreen(int bone) const;
    const std::vector<glm::mat4>& skinMatrices() const { return skin_; }
    bool isSelected(int bone) const { return bone >= 0 && bone < int(flags_.size()) && (flags_[bone] & 1); }
    int currentBone() const { return current_; }
    OrbitCamera& camera() { return camera_; }
    // Frames painted since construction: lets callers wait for a real frame.
    quint64 framesPainted() const { return frames_; }
    QString glInfo() const { return glInfo_; }

signals:
    void boneClicked(int bone, bool extend); // -1: empty space
    void hoveredChanged(int bone);

protected:
    void initializeGL() override;
    void paintGL() override;
    void paintOverlay(QPainter& p) override; // bone name labels
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void leaveEvent(QEvent* e) override;

private:
    glm::mat4 modelMatrix() const;  // source -> display, with root travel removed when in place
    OrbitCamera viewCamera() const; // the camera, following the root when asked
    glm::mat4 viewProj() const;
    // Adds to `b` the joints `take` picks (and, with `children`, their children) in each of the clip's
    // poses: where they are while that keeps the bounds within kMaxTravel of `limit`'s radius (free root
    // motion only), else carried to where the figure stands now (its limbs' reach, not its travel)
    // while within kMaxSweep. The joints added go to `points` too, when given.
    // Whether a joint counts in the figure's bounds (a camera, a light, an empty: only when selected).
    bool framedJoint(size_t i) const;
    // Where the figure stands in a pose (source space): its root joint, or the pose's middle.
    glm::vec3 figureAnchor(const std::vector<glm::vec3>& pose) const;
    template <class Take>
    void addClip(Bounds& b, float limit, bool children, Take take, std::vector<glm::vec3>* points = nullptr) const;
    void frameBounds(const Bounds& b);
    // Points that make framing show at least `halfHeight` above and below `c` and a few joints' size
    // round it: a lone joint is seen with the floor round it, not filling the view.
    std::array<glm::vec3, 4> roomAround(const glm::vec3& c, float halfHeight) const;
    // As they project, not a sphere round them: filling `fill` of the view (OrbitCamera::frame).
    void framePoints(const std::vector<glm::vec3>& points, float fill);
    void framed(); // after the camera was fitted
    void updateScale();
    void updateMarks();
    void updateLinks(); // links_ from the moved bones, the marks and the far roots
    std::vector<uint8_t> shownMask() const; // joints drawn and pickable
    bool isLinkRoot(int bone) const;        // a root whose children are reached by links
    void releaseGl();

    std::vector<std::string> names_;
    std::vector<int> parents_;
    std::vector<int> shownParents_; // per bone: its nearest ancestor not hidden (bone_links.h), from marks_
    std::vector<glm::vec3> joints_; // source space
    std::vector<glm::mat3> axes_;   // each joint's world rotation (normalised columns)
    bool flat_ = false;             // no bone has a parent: joints carry the picture alone
    std::vector<uint8_t> visible_;
    std::vector<BoneKind> kinds_;
    std::vector<JointMark> marks_; // from visible_, kinds_ and the helper toggles
    std::vector<glm::vec3> restOffsets_; // per bone: its rest translation
    std::vector<uint8_t> movedInFrame_, movedOverClip_; // per bone: off its rest offset now / in the clip
    std::vector<uint8_t> rootLinks_; // per child: its parent is a transform-only root far from it
    std::vector<uint8_t> links_;   // per child: joined to its shown parent by a dashed line, not a bone shape
    std::vector<uint8_t> linkRoots_;
    std::vector<uint8_t> flags_;
    int current_ = -1;
    int hovered_ = -1;
    bool needsScale_ = true;
    float jointRadius_ = 0.02f;
    float sceneSize_ = 2.f;
    bool meshScaled_ = false; // the mesh was in the bounds sceneSize_ and jointRadius_ come from

    std::shared_ptr<const Mesh> mesh_;
    bool meshDirty_ = false;
    std::vector<glm::mat4> meshJointWorld_;
    std::vector<glm::mat4> skin_;
    std::vector<Polyline> paths_;
    std::vector<Ghost> ghosts_;
    std::vector<MotionPath> motionPaths_;
    std::optional<CameraPose> lookThrough_;
    std::vector<std::pair<int, OverlaySkeleton>> overlays_; // by id, in the order added
    int nextOverlay_ = 1;

    UpAxis up_ = UpAxis::Y;
    RootMotion rootMotion_ = RootMotion::Free;
    glm::vec3 rootTravel_{0.f};
    std::function<ClipPoses()> clipPoses_;
    QString emptyText_;
    bool showMesh_ = true, showBones_ = true, showNames_ = true, showAllNames_ = false, showGrid_ = true, showAxes_ = true;
    bool showVolumes_ = false, showAttachments_ = false, showExtensions_ = false;
    std::vector<uint8_t> animated_; // per bone: a track moves it

    OrbitCamera camera_;
    QPoint lastMouse_;
    QPoint pressPos_;
    Qt::MouseButton dragButton_ = Qt::NoButton;

    bool glReady_ = false;
    QString glInfo_;
    quint64 frames_ = 0;
    BoneRenderer bones_;
    LineRenderer lines_;
    MeshRenderer meshRenderer_;
    std::vector<ShapeInstance> boneInstances_, jointInstances_;
    std::vector<ShapeInstance> ghostBones_, ghostJoints_; // all ghosts: one draw call
};

} // namespace bonescope::render
