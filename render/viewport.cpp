#include "render/viewport.h"

#include <algorithm>

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <glm/gtc/matrix_transform.hpp>

#include "render/picking.h"
#include "render/scene_geometry.h"
#include "render/skinning.h"

// The shaders live in a static library's resource file, which the linker would otherwise drop.
static void initShaderResources() { Q_INIT_RESOURCE(shaders); }

namespace bonescope::render {

Viewport::Viewport(QWidget* parent) : OffscreenGlWidget(parent)
{
    initShaderResources();
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setMinimumSize(200, 150);
    setEmptyText({});
}

Viewport::~Viewport() { releaseGl(); }

void Viewport::releaseGl()
{
    if (!glReady_ || !makeCurrent())
        return;
    bones_.release();
    lines_.release();
    meshRenderer_.release();
    doneCurrent();
    glReady_ = false;
}

void Viewport::setSkeleton(const Skeleton& skeleton)
{
    names_.clear();
    parents_.clear();
    kinds_.clear();
    for (const Bone& b : skeleton.bones) {
        names_.push_back(b.name);
        parents_.push_back(b.parent);
        kinds_.push_back(b.kind);
    }
    restOffsets_ = restOffsets(skeleton);
    movedInFrame_.assign(names_.size(), 0);
    movedOverClip_.assign(names_.size(), 0);
    rootLinks_.assign(names_.size(), 0);
    links_.assign(names_.size(), 0);
    linkRoots_.assign(names_.size(), 0);
    joints_.assign(names_.size(), glm::vec3(0.f));
    axes_.assign(names_.size(), glm::mat3(1.f));
    flat_ = std::all_of(parents_.begin(), parents_.end(), [](int p) { return p < 0; });
    visible_.assign(names_.size(), 1);
    flags_.assign(names_.size(), 0);
    current_ = hovered_ = -1;
    needsScale_ = true;
    updateMarks();
    update();
}

void Viewport::setPose(const Pose& pose, const glm::vec3& rootTravel)
{
    const size_t n = std::min(pose.world.size(), joints_.size());
    for (size_t i = 0; i < n; ++i) {
        joints_[i] = glm::vec3(pose.world[i][3]);
        for (int c = 0; c < 3; ++c) {
            const glm::vec3 axis(pose.world[i][c]);
            const float len = glm::length(axis);
            axes_[i][c] = len > 0 ? axis / len : glm::vec3(0.f);
        }
        visible_[i] = i < pose.visible.size() ? pose.visible[i] : 1;
    }
    rootTravel_ = rootTravel;
    movedInFrame_ = movedInFrame(restOffsets_, pose.local);
    movedInFrame_.resize(joints_.size(), 0);
    updateMarks();
    if (needsScale_)
        updateScale();
    update();
}

void Viewport::setMesh(std::shared_ptr<const Mesh> mesh)
{
    mesh_ = std::move(mesh);
    meshDirty_ = true;
    skin_.clear();
    meshScaled_ = false;
    update();
}

void Viewport::setMeshJoints(const std::vector<glm::mat4>& jointWorld)
{
    meshJointWorld_ = jointWorld;
    if (mesh_)
        render::skinMatrices(meshJointWorld_, *mesh_, skin_);
    if (mesh_ && !meshScaled_ && !joints_.empty())
        updateScale();
    update();
}

void Viewport::setSelection(const std::vector<int>& bones, int current)
{
    for (auto& f : flags_)
        f &= ~(boneflag::Selected | boneflag::Current);
    for (int b : bones)
        if (b >= 0 && b < int(flags_.size()))
            flags_[b] |= boneflag::Selected;
    current_ = current >= 0 && current < int(flags_.size()) ? current : -1;
    if (current_ >= 0)
        flags_[current_] |= boneflag::Selected | boneflag::Current;
    update();
}

void Viewport::setPaths(std::vector<Polyline> paths)
{
    paths_ = std::move(paths);
    update();
}

void Viewport::setGhosts(std::vector<Ghost> ghosts)
{
    ghosts_ = std::move(ghosts);
    update();
}

int Viewport::addOverlaySkeleton(const Skeleton& skeleton, const glm::vec4& color, const glm::vec3& offset)
{
    OverlaySkeleton o = makeOverlaySkeleton(skeleton, color);
    o.offset = offset;
    overlays_.emplace_back(nextOverlay_, std::move(o));
    update();
    return nextOverlay_++;
}

const OverlaySkeleton* Viewport::overlaySkeleton(int id) const
{
    for (const auto& [key, o] : overlays_)
        if (key == id)
            return &o;
    return nullptr;
}

void Viewport::setOverlayPose(int id, const Pose& pose)
{
    auto* o = const_cast<OverlaySkeleton*>(overlaySkeleton(id));
    if (!o)
        return;
    for (size_t i = 0; i < o->joints.size() && i < pose.world.size(); ++i)
        o->joints[i] = glm::vec3(pose.world[i][3]);
    update();
}

void Viewport::setOverlayColor(int id, const glm::vec4& color)
{
    if (auto* o = const_cast<OverlaySkeleton*>(overlaySkeleton(id))) {
        o->color = color;
        update();
    }
}

void Viewport::setOverlayOffset(int id, const glm::vec3& offset)
{
    if (auto* o = const_cast<OverlaySkeleton*>(overlaySkeleton(id))) {
        o->offset = offset;
        update();
    }
}

void Viewport::setOverlayDrawn(int id, std::vector<uint8_t> drawn)
{
    auto* o = const_cast<OverlaySkeleton*>(overlaySkeleton(id));
    if (!o || drawn.size() != o->joints.size())
        return;
    o->drawn = std::move(drawn);
    update();
}

void Viewport::removeOverlaySkeleton(int id)
{
    overlays_.erase(std::remove_if(overlays_.begin(), overlays_.end(), [id](const auto& e) { return e.first == id; }),
                    overlays_.end());
    update();
}

void Viewport::clearOverlaySkeletons()
{
    overlays_.clear();
    update();
}

QPointF Viewport::overlayJointOnScreen(int id, int bone) const
{
    const OverlaySkeleton* o = overlaySkeleton(id);
    if (!o || bone < 0 || bone >= int(o->joints.size()))
        return {-1, -1};
    return pointOnScreen(o->joints[size_t(bone)] + o->offset);
}

void Viewport::setMotionPaths(std::vector<MotionPath> paths)
{
    motionPaths_ = std::move(paths);
    update();
}

void Viewport::setLookThrough(std::optional<CameraPose> pose)
{
    lookThrough_ = pose;
    update();
}

void Viewport::setUpAxis(UpAxis up)
{
    up_ = up;
    update();
}

void Viewport::setRootMotion(RootMotion mode)
{
    rootMotion_ = mode;
    update();
}

void Viewport::setShowMesh(bool on)
{
    showMesh_ = on;
    update();
}

void Viewport::setShowBones(bool on)
{
    showBones_ = on;
    update();
}

void Viewport::setShowNames(bool on)
{
    showNames_ = on;
    update();
}

void Viewport::setShowAllNames(bool on)
{
    showAllNames_ = on;
    update();
}

void Viewport::setShowGrid(bool on)
{
    showGrid_ = on;
    update();
}

void Viewport::setShowAxes(bool on)
{
    showAxes_ = on;
    update();
}

void Viewport::setViewPreset(ViewPreset preset)
{
    camera_.setPreset(preset, frontYaw(up_));
    update();
}

void Viewport::setOrtho(bool on)
{
    camera_.ortho = on;
    update();
}

void Viewport::setShowCollisionVolumes(bool on)
{
    showVolumes_ = on;
    updateMarks();
    update();
}

void Viewport::setShowAttachmentPoints(bool on)
{
    showAttachments_ = on;
    updateMarks();
    update();
}

void Viewport::setMovedBones(std::vector<uint8_t> moved)
{
    movedOverClip_ = std::move(moved);
    movedOverClip_.resize(joints_.size(), 0);
    updateLinks();
    update();
}

void Viewport::updateLinks()
{
    std::vector<uint8_t> moved(joints_.size(), 0), drawn(joints_.size(), 0), hidden(joints_.size(), 0);
    for (size_t i = 0; i < joints_.size(); ++i) {
        moved[i] = (i < movedInFrame_.size() && movedInFrame_[i]) || (i < movedOverClip_.size() && movedOverClip_[i]);
        drawn[i] = i < marks_.size() && marks_[i] == JointMark::Joint;
        hidden[i] = i < marks_.size() && marks_[i] == JointMark::Hidden;
    }
    // Joins go past hidden joints to the nearest shown one, judged along the joints passed over.
    shownParents_ = shownParents(parents_, hidden);
    links_ = relationshipLinks(shownParents_, throughHidden(parents_, shownParents_, moved), drawn);
    const std::vector<uint8_t> fromFarRoot = throughHidden(parents_, shownParents_, rootLinks_);
    for (size_t i = 0; i < links_.size() && i < fromFarRoot.size(); ++i)
        links_[i] |= fromFarRoot[i];
}

void Viewport::setAnimatedBones(std::vector<uint8_t> animated)
{
    animated_ = std::move(animated);
    updateMarks();
    update();
}

void Viewport::setBaseDriven(const std::vector<uint8_t>& fromBase)
{
    for (size_t i = 0; i < flags_.size(); ++i)
        flags_[i] = uint8_t((flags_[i] & ~boneflag::FromBase) | (i < fromBase.size() && fromBase[i] ? boneflag::FromBase : 0));
    update();
}

void Viewport::setShowExtensionBones(bool on)
{
    showExtensions_ = on;
    updateMarks();
    update();
}

void Viewport::updateMarks()
{
    marks_.resize(kinds_.size());
    for (size_t i = 0; i < kinds_.size(); ++i) {
        JointMark m = JointMark::Joint;
        if (kinds_[i] == BoneKind::CollisionVolume)
            m = showVolumes_ ? JointMark::Volume : JointMark::Hidden;
        else if (kinds_[i] == BoneKind::AttachmentPoint)
            m = showAttachments_ ? JointMark::Attachment : JointMark::Hidden;
        else if (kinds_[i] == BoneKind::Extension && !showExtensions_ && !(i < animated_.size() && animated_[i]))
            m = JointMark::Hidden;
        else if (kinds_[i] == BoneKind::Camera)
            m = JointMark::Camera;
        else if (kinds_[i] == BoneKind::Light)
            m = JointMark::Light;
        else if (kinds_[i] == BoneKind::Empty)
            m = JointMark::Empty;
        marks_[i] = i < visible_.size() && !visible_[i] ? JointMark::Hidden : m;
    }
    updateLinks();
}

std::vector<uint8_t> Viewport::shownMask() const
{
    std::vector<uint8_t> out(marks_.size());
    for (size_t i = 0; i < marks_.size(); ++i)
        out[i] = marks_[i] != JointMark::Hidden;
    return out;
}

JointMark Viewport::jointMark(int bone) const
{
    return bone >= 0 && bone < int(marks_.size()) ? marks_[bone] : JointMark::Hidden;
}

bool Viewport::drawnAsLink(int bone) const { return bone >= 0 && bone < int(links_.size()) && links_[bone]; }

void Viewport::updateScale()
{
    // Sizes come from the limbs: helpers and transform-only roots far from their children would
    // make joints tiny or huge.
    std::vector<uint8_t> limb(kinds_.size());
    for (size_t i = 0; i < kinds_.size(); ++i)
        limb[i] = kinds_[i] == BoneKind::Bone || kinds_[i] == BoneKind::Extension;
    const float bone = typicalBoneLength(joints_, parents_, limb);
    rootLinks_ = findLinks(joints_, parents_, limb, bone);
    linkRoots_.assign(joints_.size(), 0);
    for (size_t c = 0; c < rootLinks_.size(); ++c)
        if (rootLinks_[c])
            linkRoots_[parents_[c]] = 1;
    updateLinks();
    Bounds b;
    for (size_t i = 0; i < joints_.size(); ++i)
        if (limb[i] && !isLinkRoot(int(i)))
            b.add(joints_[i]);
    // A skinned mesh's stored positions are in its own space, which can be far from the skeleton's
    // (gltfpack quantises them to integers and moves the scale into the inverse binds): it is
    // measured as drawn, skinned, and not before its joint matrices are known.
    meshScaled_ = mesh_ && (!mesh_->skinned() || !skin_.empty());
    if (meshScaled_)
        for (size_t v = 0; v < mesh_->positions.size(); ++v)
            b.add(mesh_->skinned() ? skinnedPosition(*mesh_, v, skin_) : mesh_->positions[v]);
    // Joints all at one point (one joint, or rotations only) give no size: then the size a figure of
    // that point's distance from the origin would have, at least the 2 units an empty view has, so
    // that the joint is drawn and framed at a size the floor's squares can be seen round.
    const bool onePoint = b.valid() && glm::length(b.hi - b.lo) <= 1e-5f * std::max(1.f, glm::length(b.center()));
    sceneSize_ = !b.valid() || onePoint ? 2.f * std::max(1.f, b.valid() ? glm::length(b.center()) : 0.f)
                                        : std::max(b.radius() * 2.f, 1e-3f);
    // Joints a fraction of a typical bone, but never lost in a large scene or huge in a small one.
    jointRadius_ = std::clamp(bone > 0 ? bone * 0.12f : sceneSize_ * 0.02f, sceneSize_ * 0.003f, sceneSize_ * 0.02f);
    needsScale_ = joints_.empty();
}

glm::mat4 Viewport::modelMatrix() const
{
    glm::mat4 m = displayMatrix(up_);
    if (rootMotion_ == RootMotion::InPlace)
        m = glm::translate(m, -rootTravel_);
    return m;
}

OrbitCamera Viewport::viewCamera() const
{
    OrbitCamera c = camera_;
    if (rootMotion_ == RootMotion::Follow)
        c.target += glm::vec3(displayMatrix(up_) * glm::vec4(rootTravel_, 0.f));
    return c;
}

glm::mat4 Viewport::viewProj() const
{
    const float aspect = float(std::max(width(), 1)) / float(std::max(height(), 1));
    if (lookThrough_) {
        const glm::mat4 m = modelMatrix();
        const glm::vec3 eye(m * glm::vec4(lookThrough_->eye, 1.f));
        const glm::vec3 target(m * glm::vec4(lookThrough_->target, 1.f));
        const glm::vec3 up(m * glm::vec4(lookThrough_->up, 0.f));
        const float reach = sceneSize_ + glm::distance(eye, target);
        return glm::perspective(lookThrough_->fovY, aspect, sceneSize_ * 2e-3f, reach * 20.f) *
               glm::lookAt(eye, target, up);
    }
    const OrbitCamera c = viewCamera();
    return c.projection(aspect) * c.view();
}

bool Viewport::isLinkRoot(int bone) const
{
    return bone >= 0 && bone < int(linkRoots_.size()) && linkRoots_[bone];
}

std::vector<glm::vec3> Viewport::displayJoints() const
{
    const glm::mat4 m = modelMatrix();
    std::vector<glm::vec3> out(joints_.size());
    for (size_t i = 0; i < joints_.size(); ++i)
        out[i] = glm::vec3(m * glm::vec4(joints_[i], 1.f));
    return out;
}

bool Viewport::framedJoint(size_t i) const
{
    // Cameras, lights and empties are not the figure: framed only when selected.
    return marks_[i] != JointMark::Hidden && !isLinkRoot(int(i)) &&
           (!isNodeMark(marks_[i]) || (flags_[i] & boneflag::Selected));
}

glm::vec3 Viewport::figureAnchor(const std::vector<glm::vec3>& pose) const
{
    // The figure's root joint (the hips of a walk); several roots: the middle of the pose.
    int root = -1;
    for (size_t i = 0; i < pose.size() && i < parents_.size() && i < marks_.size() && root != -2; ++i)
        if (framedJoint(i) && (parents_[i] < 0 || !framedJoint(size_t(parents_[i]))))
            root = root == -1 ? int(i) : -2;
    return root >= 0 ? pose[size_t(root)] : robustCenter(pose);
}

template <class Take>
void Viewport::addClip(Bounds& b, float limit, bool children, Take take, std::vector<glm::vec3>* points) const
{
    if (!clipPoses_ || !b.valid())
        return;
    const glm::mat4 m = modelMatrix();
    const ClipPoses poses = clipPoses_();
    const glm::vec3 here = figureAnchor(joints_);
    // The poses where they are (a short walk is framed whole, so that it stays in view as it plays),
    // else carried to where the figure stands now: its limbs' reach counts (an arm lifted later), its
    // travel does not (a long walk framed whole left the figure a quarter of the view tall).
    for (const bool carried : {false, true}) {
        if (!carried && rootMotion_ != RootMotion::Free) // followed or in place: the figure stays put
            continue;
        Bounds swept = b;
        std::vector<glm::vec3> added;
        for (const std::vector<glm::vec3>& joints : poses) {
            const glm::vec3 shift = carried ? here - figureAnchor(joints) : glm::vec3(0.f);
            auto add = [&](const glm::vec3& joint) {
                const glm::vec3 p(m * glm::vec4(joint + shift, 1.f));
                swept.add(p);
                added.push_back(p);
            };
            for (size_t i = 0; i < joints.size() && i < parents_.size(); ++i) {
                if (!take(i))
                    continue;
                add(joints[i]);
                for (size_t c = 0; children && c < joints.size() && c < parents_.size(); ++c)
                    if (parents_[c] == int(i))
                        add(joints[c]);
            }
        }
        if (swept.radius() > (carried ? kMaxSweep : kMaxTravel) * limit)
            continue;
        b = swept;
        if (points)
            points->insert(points->end(), added.begin(), added.end());
        return;
    }
}

void Viewport::frameBounds(const Bounds& b)
{
    camera_.frame(b, float(std::max(width(), 1)) / float(std::max(height(), 1)));
    framed();
}

void Viewport::framePoints(const std::vector<glm::vec3>& points, float fill)
{
    camera_.frame(points, float(std::max(width(), 1)) / float(std::max(height(), 1)), fill);
    framed();
}

void Viewport::framed()
{
    if (rootMotion_ == RootMotion::Follow) // the follow offset is added back when drawing
        camera_.target -= glm::vec3(displayMatrix(up_) * glm::vec4(rootTravel_, 0.f));
    update();
}

// The character as it stands now, with room for where its limbs reach over the clip, and the path it
// walks only while that keeps the figure at least half the view tall (a walk that goes farther is
// followed with Root motion > Follow, as in Blender and Maya, whose Frame All frames the figure now).
void Viewport::frameAll()
{
    Bounds b;
    std::vector<glm::vec3> points; // what the view must show: fitted as projected
    const auto joints = displayJoints();
    auto shown = [this](size_t i) { return framedJoint(i); };
    for (size_t i = 0; i < joints.size(); ++i)
        if (shown(i)) {
            b.add(joints[i]);
            points.push_back(joints[i]);
        }
    if (mesh_ && showMesh_ && !skin_.empty()) {
        const glm::mat4 m = modelMatrix();
        for (size_t v = 0; v < mesh_->positions.size(); ++v) {
            const glm::vec3 p(m * glm::vec4(skinnedPosition(*mesh_, v, skin_), 1.f));
            b.add(p);
            points.push_back(p);
        }
    }
    // A comparison's skeleton (over the figure or moved aside) is part of what the view shows.
    for (const auto& [id, o] : overlays_)
        for (size_t i = 0; i < o.joints.size(); ++i)
            if (i >= o.drawn.size() || o.drawn[i]) {
                b.add(o.joints[i] + o.offset);
                points.push_back(o.joints[i] + o.offset);
            }
    addClip(b, b.radius(), false, shown, &points);
    if (points.empty())
        return frameBounds(b);
    // Joints at one point (a one-joint file) would put the eye inside the joint.
    if (b.radius() < jointRadius_ * 8.f)
        for (const glm::vec3& p : roomAround(b.center(), jointRadius_ * 8.f))
            points.push_back(p);
    // Joints alone leave room for the flesh a body shown later puts round them (View > Avatar figure).
    framePoints(points, mesh_ && showMesh_ && !skin_.empty() ? 0.9f : 0.75f);
}

void Viewport::frameSelected()
{
    const auto joints = displayJoints();
    Bounds b, figure;
    auto selected = [this](size_t i) { return (flags_[i] & boneflag::Selected) != 0; };
    for (size_t i = 0; i < joints.size(); ++i) {
        if (framedJoint(i))
            figure.add(joints[i]);
        if (!selected(i))
            continue;
        b.add(joints[i]);
        for (size_t c = 0; c < joints.size(); ++c) // include the bone's extent up to its children
            if (parents_[c] == int(i))
                b.add(joints[c]);
    }
    if (!b.valid()) {
        frameAll();
        return;
    }
    // Where the selected bones reach over the clip, the figure carried to where it stands now.
    addClip(b, std::max(b.radius(), sceneSize_ * 0.5f), true, selected);
    // At least the character's height round them: a hip or a finger alone fills the view with one
    // sphere and nothing to tell where it is.
    const float height = figure.valid() ? figure.hi.y - figure.lo.y : 0.f;
    for (const glm::vec3& p : roomAround(b.center(), std::max(jointRadius_ * 8.f, height * 0.5f)))
        b.add(p);
    frameBounds(b);
}

std::array<glm::vec3, 4> Viewport::roomAround(const glm::vec3& c, float halfHeight) const
{
    const glm::vec3 box(jointRadius_ * 8.f);
    return {c + glm::vec3(0.f, halfHeight, 0.f), c - glm::vec3(0.f, halfHeight, 0.f), c + box, c - box};
}

int Viewport::boneAt(const QPoint& pos) const
{
    PickScene s{displayJoints(), shownParents_, shownMask(), links_};
    return pickBone(s, viewProj(), glm::vec2(width(), height()), glm::vec2(pos.x(), pos.y()));
}

QPointF Viewport::jointOnScreen(int bone) const
{
    if (bone < 0 || bone >= int(joints_.size()))
        return {-1, -1};
    return pointOnScreen(joints_[bone]);
}

QPointF Viewport::pointOnScreen(const glm::vec3& source) const
{
    const glm::vec3 p = glm::vec3(modelMatrix() * glm::vec4(source, 1.f));
    const ScreenPoint s = project(viewProj(), glm::vec2(width(), height()), p);
    return s.visible ? QPointF(s.pixel.x, s.pixel.y) : QPointF(-1, -1);
}

void Viewport::initializeGL()
{
    initializeOpenGLFunctions();
    glInfo_ = QString("%1 / %2").arg(reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
                                     reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    bones_.init(this);
    lines_.init(this);
    meshRenderer_.init(this);
    glReady_ = true;
    meshDirty_ = true;
}

void Viewport::paintGL()
{
    if (meshDirty_) {
        meshRenderer_.upload(mesh_ ? *mesh_ : Mesh{});
        meshDirty_ = false;
    }
    const qreal dpr = devicePixelRatioF();
    glViewport(0, 0, int(width() * dpr), int(height() * dpr));
    glClearColor(0.16f, 0.17f, 0.19f, 1.f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    // The frame is shown as an opaque image: blending must leave its alpha at 1.
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    const glm::mat4 vp = viewProj();
    const glm::mat4 model = modelMatrix();
    const OrbitCamera cam = viewCamera();

    // The grid sits under the character's feet, following it when the camera does.
    const float spacing = niceSpacing(sceneSize_ * 2.f);
    const glm::vec3 center = lookThrough_ ? glm::vec3(model * glm::vec4(lookThrough_->target, 1.f)) : cam.target;
    if (showGrid_)
        lines_.draw(groundGrid(glm::vec3(center.x, 0, center.z), spacing, 20), vp, glm::mat4(1.f));
    if (showAxes_)
        lines_.draw(axisLines(spacing * 2.f), vp, glm::mat4(1.f));
    if (!paths_.empty())
        lines_.draw(polylineSegments(paths_, jointRadius_ * 3.f), vp, model);

    const bool drawMesh = showMesh_ && mesh_ && !meshRenderer_.empty();
    if (drawMesh)
        meshRenderer_.draw(skin_, vp, model, {0.78f, 0.7f, 0.62f, 1.f});
    BoneStyle style;
    style.jointRadius = jointRadius_ * (drawMesh ? 0.7f : 1.f);
    // Over a mesh, bones and ghosts are drawn on top so the skeleton stays visible inside it.
    if (drawMesh && (showBones_ || !ghosts_.empty()))
        glClear(GL_DEPTH_BUFFER_BIT);
    if (!ghosts_.empty() && !joints_.empty()) {
        // Translucent: they write no depth, so that neither they nor the pose drawn after hide each other.
        ghostBones_.clear();
        ghostJoints_.clear();
        for (const Ghost& g : ghosts_) {
            buildBoneInstances(g.joints, shownParents_, marks_, links_, {}, ghostStyle(style, g.color), boneInstances_,
                               jointInstances_);
            ghostBones_.insert(ghostBones_.end(), boneInstances_.begin(), boneInstances_.end());
            ghostJoints_.insert(ghostJoints_.end(), jointInstances_.begin(), jointInstances_.end());
        }
        glDepthMask(GL_FALSE);
        bones_.draw(ghostBones_, ghostJoints_, vp, model);
        glDepthMask(GL_TRUE);
    }
    // Overlays after the main skeleton: where they coincide with it the main one shows, so an overlay's
    // colour marks where it departs (or, moved aside by its offset, all of it).
    auto drawOverlays = [&] {
        for (const auto& [id, o] : overlays_) {
            std::vector<glm::vec3> joints(o.joints.size());
            std::vector<JointMark> marks(o.joints.size());
            for (size_t i = 0; i < joints.size(); ++i) {
                joints[i] = o.joints[i] + o.offset;
                marks[i] = o.drawn[i] ? JointMark::Joint : JointMark::Hidden;
            }
            const std::vector<uint8_t> limb(o.drawn.begin(), o.drawn.end());
            std::vector<uint8_t> hidden(limb.size());
            for (size_t i = 0; i < limb.size(); ++i)
                hidden[i] = !limb[i];
            const std::vector<int> parents = shownParents(o.parents, hidden);
            const std::vector<uint8_t> links = throughHidden(
                o.parents, parents, findLinks(o.joints, o.parents, limb, typicalBoneLength(o.joints, o.parents, limb)));
            buildBoneInstances(joints, parents, marks, links, {}, ghostStyle(style, o.color), boneInstances_, jointInstances_);
            bones_.draw(boneInstances_, jointInstances_, vp, model);
        }
    };
    if (!showBones_ || joints_.empty())
        drawOverlays();
    if (showBones_ && !joints_.empty()) {
        buildBoneInstances(joints_, shownParents_, marks_, links_, flags_, style, boneInstances_, jointInstances_);
        bones_.draw(boneInstances_, jointInstances_, vp, model);
        drawOverlays();
        // Joint axes show rotations: on every joint when there is no hierarchy to show them, else
        // on the selected bones. Relationship lines (a child not connected to its parent, bone_links.h)
        // are dashed.
        std::vector<LineVertex> axes;
        for (size_t i = 0; i < joints_.size(); ++i) {
            if ((flat_ || (flags_[i] & boneflag::Selected)) && marks_[i] != JointMark::Hidden)
                appendJointAxes(joints_[i], axes_[i], jointRadius_ * 4.f, axes);
            if (const int p = shownParents_[i]; links_[i] && p >= 0 && marks_[i] == JointMark::Joint && marks_[p] == JointMark::Joint)
                appendDashedLine(joints_[p], joints_[i], 40, style.link, axes);
        }
        const std::vector<LineVertex> glyphs = nodeGlyphs(joints_, axes_, marks_, jointRadius_ * 5.f, style);
        axes.insert(axes.end(), glyphs.begin(), glyphs.end());
        glClear(GL_DEPTH_BUFFER_BIT);
        lines_.draw(axes, vp, model);
    }
    if (!motionPaths_.empty()) {
        // Over the figure: a path runs through it.
        glClear(GL_DEPTH_BUFFER_BIT);
        lines_.draw(motionPathSegments(motionPaths_, jointRadius_ * 0.5f), vp, model);
        std::vector<ShapeInstance> now;
        for (const MotionPath& path : motionPaths_)
            now.push_back({glm::scale(glm::translate(glm::mat4(1.f), path.now), glm::vec3(jointRadius_ * 0.8f)),
                           kPathNowColor});
        bones_.draw({}, now, vp, model);
    }
    glDisable(GL_DEPTH_TEST);
    ++frames_;
}

std::vector<Viewport::NameLabel> Viewport::nameLabels() const
{
    std::vector<NameLabel> out;
    if (!showNames_)
        return out;
    const QFontMetricsF metrics(font());
    const QRectF screen(0, 0, width(), height());
    // The hovered bone, then the selected ones, then (Show bone names) every drawn joint from the
    // roots down: a label that would cover one already placed is left out, so a 200-bone rig shows
    // the names that fit rather than an unreadable heap.
    auto place = [&](int bone, bool picked) {
        if (bone < 0 || bone >= int(names_.size()) || std::any_of(out.begin(), out.end(), [&](const NameLabel& l) { return l.bone == bone; }))
            return;
        const QPointF at = jointOnScreen(bone);
        if (at.x() < 0)
            return;
        const QString text = QString::fromStdString(names_[bone]);
        const QPointF origin = at + QPointF(10, -10);
        const QRectF box = metrics.boundingRect(text).adjusted(-4, -2, 4, 2).translated(origin);
        const bool covers = std::any_of(out.begin(), out.end(), [&](const NameLabel& l) { return l.box.intersects(box); });
        if (!picked && (covers || !screen.contains(box)))
            return;
        out.push_back({bone, box, origin, picked});
    };
    place(hovered_, true);
    for (size_t i = 0; i < flags_.size(); ++i)
        if (flags_[i] & boneflag::Selected)
            place(int(i), true);
    if (showAllNames_)
        for (size_t i = 0; i < marks_.size() && i < names_.size(); ++i)
            if (marks_[i] != JointMark::Hidden && !isLinkRoot(int(i)))
                place(int(i), false);
    return out;
}

void Viewport::setEmptyText(const QString& text)
{
    emptyText_ = text.isEmpty() ? tr("Nothing to show: open an animation (File > Open)") : text;
    update();
}

void Viewport::paintOverlay(QPainter& p)
{
    if (joints_.empty()) {
        p.setRenderHint(QPainter::TextAntialiasing);
        p.setPen(QColor(200, 200, 200));
        p.drawText(rect().adjusted(20, 0, -20, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyText_);
        return;
    }
    const std::vector<NameLabel> labels = nameLabels();
    if (labels.empty())
        return;
    p.setRenderHint(QPainter::TextAntialiasing);
    p.setFont(font());
    // Drawn last to first, so that the hovered and selected names lie on top.
    for (auto l = labels.rbegin(); l != labels.rend(); ++l) {
        p.fillRect(l->box, QColor(20, 20, 24, 190));
        p.setPen(l->bone == hovered_           ? QColor(150, 220, 255)
                 : (flags_[l->bone] & boneflag::Selected) ? QColor(255, 190, 90)
                                                          : QColor(215, 215, 215));
        p.drawText(l->origin, QString::fromStdString(names_[l->bone]));
    }
}

void Viewport::mousePressEvent(QMouseEvent* e)
{
    lastMouse_ = pressPos_ = e->position().toPoint();
    dragButton_ = e->button();
}

void Viewport::mouseMoveEvent(QMouseEvent* e)
{
    const QPoint pos = e->position().toPoint();
    const QPoint d = pos - lastMouse_;
    lastMouse_ = pos;
    if (e->buttons() == Qt::NoButton) {
        const int h = boneAt(pos);
        if (h != hovered_) {
            if (hovered_ >= 0 && hovered_ < int(flags_.size()))
                flags_[hovered_] &= ~boneflag::Hovered;
            hovered_ = h;
            if (h >= 0)
                flags_[h] |= boneflag::Hovered;
            emit hoveredChanged(h);
            update();
        }
        return;
    }
    const bool panning = (e->buttons() & Qt::MiddleButton) ||
                         ((e->buttons() & Qt::LeftButton) && (e->modifiers() & Qt::ShiftModifier));
    if (panning)
        camera_.pan(float(d.x()), float(d.y()), height());
    else if (e->buttons() & Qt::RightButton)
        camera_.zoom(-float(d.y()) * 0.05f);
    else if (e->buttons() & Qt::LeftButton)
        camera_.orbit(float(d.x()), float(d.y()));
    update();
}

void Viewport::mouseReleaseEvent(QMouseEvent* e)
{
    const QPoint pos = e->position().toPoint();
    // A press and release in (nearly) the same place is a click, not an orbit.
    if (e->button() == Qt::LeftButton && dragButton_ == Qt::LeftButton && (pos - pressPos_).manhattanLength() <= 3)
        emit boneClicked(boneAt(pos), e->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier));
    dragButton_ = Qt::NoButton;
}

void Viewport::wheelEvent(QWheelEvent* e)
{
    camera_.zoom(float(e->angleDelta().y()) / 120.f);
    update();
}

void Viewport::leaveEvent(QEvent*)
{
    if (hovered_ >= 0 && hovered_ < int(flags_.size()))
        flags_[hovered_] &= ~boneflag::Hovered;
    if (hovered_ >= 0) {
        hovered_ = -1;
        emit hoveredChanged(-1);
        update();
    }
}

} // namespace bonescope::render
