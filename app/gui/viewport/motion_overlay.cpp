#include "app/gui/viewport/motion_overlay.h"

#include <algorithm>

#include <QAction>
#include <QMenu>
#include <QSettings>

#include "app/gui/dialogs/onion_skin_dialog.h"
#include "app/gui/document/document.h"
#include "core/playback/motion_trail.h"
#include "render/viewport.h"

namespace bonescope::gui {

namespace {

glm::vec4 toVec(const QColor& c, float alpha) { return {c.redF(), c.greenF(), c.blueF(), alpha}; }

OnionSkin remembered()
{
    QSettings s;
    OnionSkin o;
    o.count = s.value("view/onionCount", o.count).toInt();
    o.step = s.value("view/onionStep", o.step).toInt();
    o.before = QColor(s.value("view/onionBefore", o.before.name()).toString());
    o.after = QColor(s.value("view/onionAfter", o.after.name()).toString());
    return o;
}

void remember(const OnionSkin& o)
{
    QSettings s;
    s.setValue("view/onionCount", o.count);
    s.setValue("view/onionStep", o.step);
    s.setValue("view/onionBefore", o.before.name());
    s.setValue("view/onionAfter", o.after.name());
}

} // namespace

MotionOverlay::MotionOverlay(Document* doc, render::Viewport* view, QWidget* window)
    : QObject(window), doc_(doc), view_(view), window_(window)
{
    setOnion(remembered());
    connect(doc_, &Document::poseChanged, this, &MotionOverlay::refresh);
    for (auto changed : {&Document::sceneChanged, &Document::edited, &Document::selectionChanged,
                         &Document::baseLayerChanged, &Document::previewBaseChanged})
        connect(doc_, changed, this, &MotionOverlay::pathsChanged);
}

void MotionOverlay::addTo(QMenu* menu)
{
    onionAction_ = menu->addAction(tr("&Onion skin"));
    onionAction_->setObjectName("onionSkin");
    onionAction_->setCheckable(true);
    onionAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    onionAction_->setToolTip(tr("Ghosts of the skeleton some frames before and after the current one"));
    connect(onionAction_, &QAction::toggled, this, &MotionOverlay::setOnionShown);
    QAction* settings = menu->addAction(tr("Onion skin se&ttings..."), this, &MotionOverlay::editOnion);
    settings->setObjectName("onionSkinSettings");
    pathsAction_ = menu->addAction(tr("Motion &paths"));
    pathsAction_->setObjectName("motionPaths");
    pathsAction_->setCheckable(true);
    pathsAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    pathsAction_->setToolTip(tr("The path of each selected bone over the clip"));
    connect(pathsAction_, &QAction::toggled, this, &MotionOverlay::setPathsShown);
    syncActions();
}

void MotionOverlay::syncActions()
{
    if (onionAction_)
        onionAction_->setChecked(onionOn_);
    if (pathsAction_)
        pathsAction_->setChecked(pathsOn_);
}

void MotionOverlay::setOnionShown(bool on)
{
    if (on == onionOn_)
        return;
    onionOn_ = on;
    syncActions();
    refresh();
}

void MotionOverlay::setOnion(const OnionSkin& settings)
{
    onion_ = settings;
    onion_.count = std::clamp(onion_.count, 1, OnionSkin::kMaxCount);
    onion_.step = std::clamp(onion_.step, 1, OnionSkin::kMaxStep);
    if (!onion_.before.isValid())
        onion_.before = OnionSkin().before;
    if (!onion_.after.isValid())
        onion_.after = OnionSkin().after;
    refresh();
}

void MotionOverlay::setPathsShown(bool on)
{
    if (on == pathsOn_)
        return;
    pathsOn_ = on;
    syncActions();
    refresh();
}

void MotionOverlay::editOnion()
{
    OnionSkinDialog dialog(onion_, window_);
    if (dialog.exec() != QDialog::Accepted)
        return;
    setOnion(dialog.settings());
    remember(onion_);
    setOnionShown(true);
}

void MotionOverlay::pathsChanged()
{
    pathsStale_ = true;
    refresh();
}

void MotionOverlay::refresh()
{
    const Pose& now = doc_->pose();
    std::vector<render::Ghost> ghosts;
    if (onionOn_ && doc_->duration() > 0) {
        Pose pose;
        for (const GhostTime& g : ghostTimes(doc_->time(), doc_->fps(), doc_->duration(), onion_.count, onion_.step)) {
            doc_->samplePoseAside(g.time, pose);
            render::Ghost ghost;
            for (const glm::mat4& m : pose.world)
                ghost.joints.push_back(glm::vec3(m[3]));
            // Fainter with distance: the nearest at 0.55, the farthest at 0.55 / count.
            const int k = std::abs(g.offset);
            const float alpha = 0.55f * float(onion_.count + 1 - k) / float(onion_.count);
            ghost.color = toVec(g.offset < 0 ? onion_.before : onion_.after, alpha);
            ghosts.push_back(std::move(ghost));
        }
    }
    view_->setGhosts(std::move(ghosts));

    if (!pathsOn_) {
        view_->setMotionPaths({});
        return;
    }
    if (pathsStale_ || pathBones_ != doc_->selection()) {
        pathBones_ = doc_->selection();
        paths_ = samplePaths([this](double t, Pose& p) { doc_->samplePoseAside(t, p); }, pathBones_,
                             pathSampleTimes(doc_->fps(), doc_->duration()));
        pathsStale_ = false;
    }
    std::vector<render::MotionPath> drawn;
    for (size_t i = 0; i < pathBones_.size(); ++i) {
        const int b = pathBones_[i];
        if (b < 0 || size_t(b) >= now.world.size())
            continue;
        render::MotionPath path;
        path.points = paths_[i];
        path.now = glm::vec3(now.world[b][3]);
        drawn.push_back(std::move(path));
    }
    view_->setMotionPaths(std::move(drawn));
}

} // namespace bonescope::gui
