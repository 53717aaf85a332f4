#pragma once
// The one undo command of the editor: the scene before and after an edit (core/model/scene_delta.h: what
// the edit changed, format extras included; tracks it did not change are kept once, in the
// document), so undo and redo restore the exact previous state whatever the edit did. The edit
// logic itself lives in core/ (key_editing, clip_editing); commands only wrap it.
#include <functional>
#include <vector>

#include <QString>
#include <QUndoCommand>

#include "core/model/scene.h"
#include "core/model/scene_delta.h"

namespace bonescope::gui {

class Document;

// Successive edits pushed with the same non-zero key merge into one undo step: a drag, or the
// scrub of one value. newMergeKey() starts a gesture; mergeKeyFor(field) is stable for one widget.
quint64 newMergeKey();
quint64 mergeKeyFor(const void* source);

class SceneEditCommand : public QUndoCommand {
public:
    // The step is applied to the document's scene when the command is pushed (redo).
    SceneEditCommand(Document* doc, const QString& text, SceneDelta step, quint64 mergeKey);
    int id() const override { return mergeKey_ ? 0x5ce7e : -1; }
    bool mergeWith(const QUndoCommand* other) override;
    void undo() override;
    void redo() override;

private:
    Document* doc_;
    SceneDelta delta_;
    quint64 mergeKey_;
};

// Pushes `after` as the new state of the document (the current one becomes the undo state).
void pushScene(Document* doc, const QString& text, Scene after, quint64 mergeKey = 0);
// Runs `change` on a copy of the scene (or of its current animation) and pushes the result as one
// undo step; nothing is pushed when `change` returns false.
bool editScene(Document* doc, const QString& text, const std::function<bool(Scene&)>& change, quint64 mergeKey = 0);
bool editAnimation(Document* doc, const QString& text, const std::function<bool(Animation&)>& change,
                   quint64 mergeKey = 0);
// For edits that change only `tracks` of the current animation (keys found by KeyRef, or a bone's own
// track): `change` runs on an animation that holds copies of those tracks of `base`'s current
// animation, and of every other track its name, flags and rules but no keys; it must not add or
// remove tracks. The undo step holds just those tracks. Nothing else of the scene is copied (a scene copy is the whole
// model: on a 100 MB file it made every step of a key drag cost 150 ms).
bool editTracks(Document* doc, const QString& text, const Scene& base, const std::vector<int>& tracks,
                const std::function<bool(Animation&)>& change, quint64 mergeKey = 0);

} // namespace bonescope::gui
