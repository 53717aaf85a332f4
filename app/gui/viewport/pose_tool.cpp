#include "app/gui/viewport/pose_tool.h"

#include <QCursor>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QUndoStack>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "render/gizmo.h"
#include "render/viewport.h"

namespace bonescope::gui {

PoseTool::PoseTool(Document* doc, render::Viewport* view, QObject* parent) : QObject(parent), doc_(doc), view_(view)
{
    view_->installEventFilter(this);
    view_->setMouseTracking(true);
}

bool PoseTool::beginAtMouse(Mode mode)
{
    const QPoint at = view_->mapFromGlobal(QCursor::pos());
    if (mode_ != Mode::None || !view_->isVisible() || !view_->rect().contains(at) || !begin(mode, at))
        return false;
    view_->setFocus(Qt::ShortcutFocusReason); // Esc and Enter reach the gesture
    return true;
}

bool PoseTool::begin(Mode mode, QPoint cursor)
{
    bone_ = doc_->currentBone();
    if (mode == Mode::None || bone_ < 0 || !doc_->scene().currentAnimation())
        return false;
    std::vector<LocalTransform> local;
    doc_->sampleLocal(doc_->time(), local);
    if (bone_ >= int(local.size()))
        return false;
    mode_ = mode;
    start_ = cursor;
    // A bone with a track: the gesture changes only that track; else it adds one (the whole scene).
    const auto& trackOf = doc_->binding().trackOfBone;
    if (bone_ < int(trackOf.size()) && trackOf[size_t(bone_)] >= 0)
        base_.startForTracks(doc_, {trackOf[size_t(bone_)]});
    else
        base_.start(doc_);
    baseLocal_ = local[bone_];
    mergeKey_ = newMergeKey();
    pushed_ = false;
    return true;
}

void PoseTool::follow(QPoint cursor)
{
    if (mode_ == Mode::None)
        return;
    const Skeleton& sk = doc_->skeleton();
    const int parent = sk.bones[bone_].parent;
    const glm::dmat4 parentWorld = parent >= 0 ? glm::dmat4(doc_->pose().world[parent]) : glm::dmat4(1.0);
    const render::ViewAxes axes = render::viewAxes(view_->camera(), doc_->upAxis());
    LocalTransform local;
    unsigned channels;
    if (mode_ == Mode::Rotate) {
        const QPointF c = view_->jointOnScreen(bone_);
        const double angle = render::sweptAngle({c.x(), c.y()}, {start_.x(), start_.y()}, {cursor.x(), cursor.y()});
        local = render::rotateInWorld(baseLocal_, parentWorld, glm::angleAxis(angle, axes.back));
        channels = posechannel::Rotation;
    } else {
        const double k = render::unitsPerPixel(view_->camera(), view_->height());
        const glm::dvec3 offset = (axes.right * double(cursor.x() - start_.x()) - axes.up * double(cursor.y() - start_.y())) * k;
        local = render::moveInWorld(baseLocal_, parentWorld, offset);
        channels = posechannel::Translation;
    }
    poseBoneEdit(doc_, base_.scene(), bone_, local, channels, mergeKey_);
    pushed_ = true;
}

void PoseTool::finish(bool keep)
{
    if (mode_ == Mode::None)
        return;
    mode_ = Mode::None;
    base_.end();
    if (!keep && pushed_) {
        // Undone, then dropped: a cancelled gesture leaves no step to redo. (QUndoStack deletes an
        // obsolete command where redo() would run it, without running it, and without telling its
        // Redo action, which stayed enabled as "Redo Pose bone": told here.)
        QUndoStack* stack = doc_->undoStack();
        stack->undo();
        if (auto* gesture = const_cast<QUndoCommand*>(stack->command(stack->index()))) {
            gesture->setObsolete(true);
            stack->redo();
            emit stack->canRedoChanged(stack->canRedo());
            emit stack->redoTextChanged(stack->redoText());
        }
    }
    emit finished(keep && pushed_);
}

bool PoseTool::eventFilter(QObject*, QEvent* e)
{
    switch (e->type()) {
    case QEvent::KeyPress: {
        auto* k = static_cast<QKeyEvent*>(e);
        if (mode_ != Mode::None) {
            if (k->key() == Qt::Key_Escape)
                finish(false);
            else if (k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter)
                finish(true);
            return true;
        }
        return false; // R and G: the window's shortcuts (beginAtMouse)
    }
    case QEvent::MouseMove:
        if (mode_ == Mode::None)
            return false;
        follow(static_cast<QMouseEvent*>(e)->position().toPoint());
        return true;
    case QEvent::MouseButtonPress:
        if (mode_ == Mode::None)
            return false;
        finish(static_cast<QMouseEvent*>(e)->button() == Qt::LeftButton);
        return true;
    case QEvent::MouseButtonRelease:
        return mode_ != Mode::None;
    default: return false;
    }
}

} // namespace bonescope::gui
