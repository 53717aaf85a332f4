#include "app/gui/commands/scene_edit_command.h"

#include <QUndoStack>

#include "app/gui/document/document.h"

namespace bonescope::gui {

quint64 newMergeKey()
{
    static quint64 next = 0;
    return (quint64(1) << 63) | ++next; // never equal to a pointer-based key
}

quint64 mergeKeyFor(const void* source) { return quint64(reinterpret_cast<quintptr>(source)); }

SceneEditCommand::SceneEditCommand(Document* doc, const QString& text, Scene after, quint64 mergeKey)
    : QUndoCommand(text), doc_(doc), delta_(doc->scene(), std::move(after)), mergeKey_(mergeKey)
{
}

bool SceneEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = dynamic_cast<const SceneEditCommand*>(other);
    if (!o || o->mergeKey_ != mergeKey_ || !mergeKey_)
        return false;
    return delta_.absorb(o->delta_); // the gesture's first "before" and its last "after"
}

void SceneEditCommand::undo() { doc_->changeScene([this](Scene& s) { delta_.apply(s); }); }
void SceneEditCommand::redo() { doc_->changeScene([this](Scene& s) { delta_.apply(s); }); }

void pushScene(Document* doc, const QString& text, Scene after, quint64 mergeKey)
{
    doc->undoStack()->push(new SceneEditCommand(doc, text, std::move(after), mergeKey));
}

bool editScene(Document* doc, const QString& text, const std::function<bool(Scene&)>& change, quint64 mergeKey)
{
    Scene s = doc->scene();
    if (!change(s))
        return false;
    pushScene(doc, text, std::move(s), mergeKey);
    return true;
}

bool editAnimation(Document* doc, const QString& text, const std::function<bool(Animation&)>& change, quint64 mergeKey)
{
    return editScene(doc, text, [&](Scene& s) {
        Animation* a = s.currentAnimation();
        return a && change(*a);
    }, mergeKey);
}

} // namespace bonescope::gui
