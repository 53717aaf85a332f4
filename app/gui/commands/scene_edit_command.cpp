#include "app/gui/commands/scene_edit_command.h"

#include <algorithm>
#include <stdexcept>

#include <QUndoStack>

#include "app/gui/document/document.h"

namespace bonescope::gui {

quint64 newMergeKey()
{
    static quint64 next = 0;
    return (quint64(1) << 63) | ++next; // never equal to a pointer-based key
}

quint64 mergeKeyFor(const void* source) { return quint64(reinterpret_cast<quintptr>(source)); }

SceneEditCommand::SceneEditCommand(Document* doc, const QString& text, SceneDelta step, quint64 mergeKey)
    : QUndoCommand(text), doc_(doc), delta_(std::move(step)), mergeKey_(mergeKey)
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
    doc->undoStack()->push(new SceneEditCommand(doc, text, SceneDelta(doc->scene(), std::move(after)), mergeKey));
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

bool editTracks(Document* doc, const QString& text, const Scene& base, const std::vector<int>& tracks,
                const std::function<bool(Animation&)>& change, quint64 mergeKey)
{
    const Animation* from = base.currentAnimation();
    if (!from || base.current != doc->scene().current)
        return false;
    std::vector<int> touched;
    for (int t : tracks)
        if (t >= 0 && t < int(from->tracks.size()) && std::find(touched.begin(), touched.end(), t) == touched.end())
            touched.push_back(t);
    if (touched.empty())
        return false;
    Animation work = from->withKeysOf(touched);
    if (!change(work))
        return false;
    if (work.tracks.size() != from->tracks.size())
        throw std::logic_error("editTracks: the edit added or removed tracks"); // callers make sure it cannot
    std::vector<std::pair<int, Track>> replaced;
    for (int t : touched)
        replaced.emplace_back(t, std::move(work.tracks[size_t(t)]));
    doc->undoStack()->push(
        new SceneEditCommand(doc, text, SceneDelta::replacingTracks(base.current, std::move(replaced)), mergeKey));
    return true;
}

} // namespace bonescope::gui
