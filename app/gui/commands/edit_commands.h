#pragma once
// The editor's operations as undoable document edits: each wraps one core/ function (key_editing,
// clip_editing) on a copy of the current animation and pushes it as one undo step. Widgets and
// tests call these; `mergeKey` (scene_edit_command.h) joins the steps of one drag or scrub.
#include <vector>

#include <QString>

#include "app/gui/commands/scene_edit_command.h"
#include "core/editing/key_editing.h"
#include "core/editing/mirror.h"
#include "formats/convert/reduce_keys.h"

namespace bonescope::gui {

class Document;

// Keys.
// Moves `keys` of `base` (the scene when the drag started; the document's scene for a single move)
// by dt seconds, snapped to frames of snapFps (0: free). Returns the moved keys' new references.
std::vector<KeyRef> moveKeysEdit(Document* doc, const Scene& base, const std::vector<KeyRef>& keys, double dt,
                                 double snapFps, quint64 mergeKey = 0);
// The same move with new values for the keys first (the graph editor's drag): `values[i]` is the
// new value of keys[i] in `base` (a key whose value is unchanged keeps its stored encoding); no
// move when dt is 0. One undo step; returns the keys' new references in the order given.
std::vector<KeyRef> moveKeysAndValuesEdit(Document* doc, const Scene& base, const std::vector<KeyRef>& keys,
                                          const std::vector<glm::dvec4>& values, double dt, double snapFps,
                                          quint64 mergeKey = 0);
void setKeyValueEdit(Document* doc, const KeyRef& key, const glm::dvec4& value, quint64 mergeKey = 0);
void setKeyFlagsEdit(Document* doc, const KeyRef& key, uint32_t flags);
void deleteKeysEdit(Document* doc, const std::vector<KeyRef>& keys);
std::vector<KeyRef> pasteKeysEdit(Document* doc, const KeyClipboard& clip, double time);
// Keys the current pose of `bones` at the current time (Insert key).
std::vector<KeyRef> insertPoseKeysEdit(Document* doc, const std::vector<int>& bones);
// Keys one bone at the current time with `local` (the posing tool). `base`: the scene when the
// gesture started, so a drag keys once whatever the number of moves.
void poseBoneEdit(Document* doc, const Scene& base, int bone, const LocalTransform& local, unsigned channels,
                  quint64 mergeKey = 0);

// Notes. Each returns the note's index afterwards.
int addNoteEdit(Document* doc, double time, const QString& name);
int renameNoteEdit(Document* doc, int index, const QString& name);
int moveNoteEdit(Document* doc, const Scene& base, int index, double time, quint64 mergeKey = 0);
void deleteNoteEdit(Document* doc, int index);

// Whole clip.
void setFrameRateEdit(Document* doc, double fps, bool rescaleTimes);
void trimEdit(Document* doc, double start, double end);
void setDurationEdit(Document* doc, double seconds);
void reverseEdit(Document* doc);
void resampleEdit(Document* doc, double fps);
void timeScaleEdit(Document* doc, double factor);
// Key reduction through the hierarchy of the current animation on the skeleton it plays on
// (formats/convert/reduce_keys.h), with the sizes the file's format writes before and after. Nothing
// is pushed, and `error` says why, when the format stores every frame or the skeleton is broken;
// nothing is pushed either when no key can go (the summary says so).
std::optional<KeyReductionSummary> reduceKeysEdit(Document* doc, const KeyReductionRequest& request, QString* error);
// Left <-> right on `commonAxis` (0 x: the character's left and right, formats/scene_mirror.h), with
// the user's own side markers. Returns the number of tracks that changed side, or -1 with `error` set
// when the mirror is refused (nothing is pushed).
long mirrorEdit(Document* doc, int commonAxis, const std::vector<SidePair>& pairs, QString* error);
// The pose at the current time mirrored the same way on the selected bones and their counterparts
// (every bone when none is selected), keyed there (core/editing/mirror_pose.h). Returns the keys set.
size_t mirrorPoseEdit(Document* doc, int commonAxis, const std::vector<SidePair>& pairs);
// Tracks whose bone matches `pattern` (core/editing/bone_pattern.h). Each returns how many tracks changed;
// nothing is pushed for none.
size_t dropJointsEdit(Document* doc, const QString& pattern);
size_t freezeJointsEdit(Document* doc, const QString& pattern);
// Moves the root track's translation keys (core/editing/bone_edits.h); false when there is no track.
bool offsetRootEdit(Document* doc, const glm::dvec3& offset);

// Animation-level fields shared by formats (name, looping, loop range, frame rate field).
bool editAnimationFields(Document* doc, const QString& text, const std::function<void(Animation&)>& change,
                         quint64 mergeKey = 0);

// A format's own data: the animation's extra (T = SeanimExtra, SecondLifeExtra, LegoExtra,
// DashAnimExtra...) or, when the animation has none of that type, the scene's.
template <class T>
bool editExtra(Document* doc, const QString& text, const std::function<void(T&, Scene&)>& change, quint64 mergeKey = 0)
{
    return editScene(doc, text, [&](Scene& s) {
        Animation* a = s.currentAnimation();
        T* e = a ? a->extra.as<T>() : nullptr;
        if (!e)
            e = s.extra.as<T>();
        if (!e)
            return false;
        change(*e, s);
        return true;
    }, mergeKey);
}

} // namespace bonescope::gui
