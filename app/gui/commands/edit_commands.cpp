#include "app/gui/commands/edit_commands.h"

#include <QCoreApplication>

#include "app/gui/document/document.h"
#include "core/editing/bone_edits.h"
#include "core/editing/clip_editing.h"
#include "core/editing/mirror_pose.h"
#include "formats/registry.h"
#include "formats/scene_mirror.h"

namespace bonescope::gui {

namespace {
QString tr(const char* s) { return QCoreApplication::translate("edit", s); }
} // namespace

std::vector<KeyRef> moveKeysEdit(Document* doc, const Scene& base, const std::vector<KeyRef>& keys, double dt,
                                 double snapFps, quint64 mergeKey)
{
    return moveKeysAndValuesEdit(doc, base, keys, {}, dt, snapFps, mergeKey);
}

std::vector<KeyRef> moveKeysAndValuesEdit(Document* doc, const Scene& base, const std::vector<KeyRef>& keys,
                                          const std::vector<glm::dvec4>& values, double dt, double snapFps,
                                          quint64 mergeKey)
{
    std::vector<KeyRef> moved;
    if (keys.empty())
        return moved;
    editTracks(doc, values.empty() ? tr("Move keys") : tr("Edit keys"), base, tracksOf(keys), [&](Animation& a) {
        bool changed = false;
        for (size_t i = 0; i < keys.size() && i < values.size(); ++i) {
            const auto k = readKey(a, keys[i]);
            if (k && k->value != values[i]) {
                setKeyValue(a, keys[i], values[i]);
                changed = true;
            }
        }
        moved = keys;
        if (dt != 0 || values.empty())
            moved = moveKeys(a, keys, dt, snapFps);
        // A drag (mergeKey) always pushes: back where it started, the merged step holds the start again.
        return changed || dt != 0 || values.empty() || mergeKey != 0;
    }, mergeKey);
    return moved;
}

void setKeyValueEdit(Document* doc, const KeyRef& key, const glm::dvec4& value, quint64 mergeKey)
{
    editTracks(doc, tr("Change key value"), doc->scene(), {key.track}, [&](Animation& a) {
        if (!readKey(a, key))
            return false;
        setKeyValue(a, key, value);
        return true;
    }, mergeKey);
}

void setKeyFlagsEdit(Document* doc, const KeyRef& key, uint32_t flags)
{
    editTracks(doc, tr("Change key flags"), doc->scene(), {key.track}, [&](Animation& a) {
        const auto k = readKey(a, key);
        if (!k || k->flags == flags)
            return false;
        setKeyFlags(a, key, flags);
        return true;
    });
}

void deleteKeysEdit(Document* doc, const std::vector<KeyRef>& keys)
{
    editTracks(doc, tr("Delete keys"), doc->scene(), tracksOf(keys), [&](Animation& a) {
        if (keys.empty())
            return false;
        deleteKeys(a, keys);
        return true;
    });
}

std::vector<KeyRef> pasteKeysEdit(Document* doc, const KeyClipboard& clip, double time)
{
    std::vector<KeyRef> out;
    editAnimation(doc, tr("Paste keys"), [&](Animation& a) {
        if (clip.items.empty())
            return false;
        out = pasteKeys(a, clip, time);
        return true;
    });
    return out;
}

namespace {

// The tracks bound to `bones`, or nothing when one of them has none (keying it adds a track).
std::vector<int> tracksOfBones(const Document* doc, const std::vector<int>& bones)
{
    std::vector<int> out;
    const auto& trackOf = doc->binding().trackOfBone;
    for (int b : bones) {
        if (b < 0 || b >= int(trackOf.size()))
            continue;
        if (trackOf[size_t(b)] < 0)
            return {};
        out.push_back(trackOf[size_t(b)]);
    }
    return out;
}

} // namespace

std::vector<KeyRef> insertPoseKeysEdit(Document* doc, const std::vector<int>& bones)
{
    std::vector<LocalTransform> local;
    doc->sampleLocal(doc->time(), local);
    std::vector<KeyRef> out;
    const auto key = [&](Animation& a) {
        // Tracks made for unanimated bones bind only after the edit: bind as we go.
        for (int b : bones) {
            if (b < 0 || b >= int(local.size()))
                continue;
            const Binding binding = Binding::bind(a, doc->skeleton());
            for (const KeyRef& k : keyPose(a, doc->skeleton(), binding, b, doc->time(), local[b]))
                out.push_back(k);
        }
        return !out.empty();
    };
    // Bones that all have tracks: only those tracks are copied; else the scene, for the new tracks.
    if (const std::vector<int> tracks = tracksOfBones(doc, bones); !tracks.empty())
        editTracks(doc, tr("Insert key"), doc->scene(), tracks, key);
    else
        editAnimation(doc, tr("Insert key"), key);
    return out;
}

void poseBoneEdit(Document* doc, const Scene& base, int bone, const LocalTransform& local, unsigned channels,
                  quint64 mergeKey)
{
    auto key = [&](Animation& a) {
        keyPose(a, doc->skeleton(), Binding::bind(a, doc->skeleton()), bone, doc->time(), local, channels);
        return true;
    };
    // The bone's track in `base` (the scene when the gesture started; the document may have given
    // the bone its track since).
    const Animation* from = base.currentAnimation();
    if (!from)
        return;
    const auto& trackOf = Binding::bind(*from, doc->skeleton()).trackOfBone;
    if (bone >= 0 && bone < int(trackOf.size()) && trackOf[size_t(bone)] >= 0) {
        editTracks(doc, tr("Pose bone"), base, {trackOf[size_t(bone)]}, key, mergeKey);
        return;
    }
    Scene s = base; // the bone gets its first track
    Animation* a = s.currentAnimation();
    if (!a)
        return;
    key(*a);
    pushScene(doc, tr("Pose bone"), std::move(s), mergeKey);
}

int addNoteEdit(Document* doc, double time, const QString& name)
{
    int index = -1;
    editAnimation(doc, tr("Add note"), [&](Animation& a) {
        index = addNote(a, time, name.toStdString());
        return true;
    });
    return index;
}

int renameNoteEdit(Document* doc, int index, const QString& name)
{
    int out = -1;
    editAnimation(doc, tr("Rename note"), [&](Animation& a) {
        if (index < 0 || index >= int(a.notes.size()) || a.notes[index].name == name.toStdString())
            return false;
        out = renameNote(a, index, name.toStdString());
        return true;
    });
    return out < 0 ? index : out;
}

int moveNoteEdit(Document* doc, const Scene& base, int index, double time, quint64 mergeKey)
{
    Scene s = base;
    Animation* a = s.currentAnimation();
    if (!a || index < 0 || index >= int(a->notes.size()))
        return -1;
    const int out = moveNote(*a, index, time);
    pushScene(doc, tr("Move note"), std::move(s), mergeKey);
    return out;
}

void deleteNoteEdit(Document* doc, int index)
{
    editAnimation(doc, tr("Delete note"), [&](Animation& a) {
        if (index < 0 || index >= int(a.notes.size()))
            return false;
        deleteNote(a, index);
        return true;
    });
}

void setFrameRateEdit(Document* doc, double fps, bool rescaleTimes)
{
    editAnimation(doc, tr("Change frame rate"), [&](Animation& a) {
        setFrameRate(a, fps, rescaleTimes);
        return true;
    });
}

void trimEdit(Document* doc, double start, double end)
{
    editAnimation(doc, tr("Trim"), [&](Animation& a) {
        trimClip(a, start, end);
        return true;
    });
}

void setDurationEdit(Document* doc, double seconds)
{
    editAnimation(doc, tr("Set duration"), [&](Animation& a) {
        setDuration(a, seconds);
        return true;
    });
}

void reverseEdit(Document* doc)
{
    editAnimation(doc, tr("Reverse"), [&](Animation& a) {
        reverseClip(a);
        return true;
    });
}

void resampleEdit(Document* doc, double fps)
{
    editAnimation(doc, tr("Resample"), [&](Animation& a) {
        resampleClip(a, fps);
        return true;
    });
}

std::optional<KeyReductionSummary> reduceKeysEdit(Document* doc, const KeyReductionRequest& request, QString* error)
{
    std::optional<KeyReductionSummary> out;
    const Format* format = Registry::instance().byId(doc->scene().format);
    if (format && !reductionRefusal(*format).empty()) {
        *error = QString::fromStdString(reductionRefusal(*format));
        return out;
    }
    // The size of what Save writes, where the format writes this scene (0 where it cannot).
    auto bytes = [&](const Scene& s) -> uint64_t {
        try {
            return format && format->capabilities().write ? format->write(s).size() : 0;
        } catch (const std::exception&) {
            return 0;
        }
    };
    const Skeleton skeleton = doc->skeleton();
    editScene(doc, tr("Reduce keys"), [&](Scene& s) {
        if (!s.currentAnimation())
            return false;
        try {
            const uint64_t before = bytes(s);
            out = reduceSceneKeys(s, s.format, request, s.current, &skeleton);
            if (out->keysAfter == out->keysBefore)
                return false;
            out->bytesBefore = before;
            out->bytesAfter = bytes(s);
        } catch (const std::exception& e) {
            *error = QString::fromStdString(e.what());
            out.reset();
            return false;
        }
        return true;
    });
    return out;
}

void timeScaleEdit(Document* doc, double factor)
{
    editAnimation(doc, tr("Time scale"), [&](Animation& a) {
        scaleTime(a, factor);
        return factor > 0;
    });
}

long mirrorEdit(Document* doc, int commonAxis, const std::vector<SidePair>& pairs, QString* error)
{
    long moved = -1;
    editScene(doc, tr("Mirror left/right"), [&](Scene& s) {
        if (!s.currentAnimation())
            return false;
        try {
            moved = long(mirrorScene(s, fileAxis(s.format, commonAxis), pairs, s.current));
        } catch (const std::exception& e) {
            if (error)
                *error = QString::fromStdString(e.what());
            return false;
        }
        return true;
    });
    return moved;
}

size_t mirrorPoseEdit(Document* doc, int commonAxis, const std::vector<SidePair>& pairs)
{
    size_t keyed = 0;
    const int axis = fileAxis(doc->scene().format, commonAxis);
    editAnimation(doc, tr("Mirror pose"), [&](Animation& a) {
        return (keyed = mirrorPose(a, doc->skeleton(), doc->time(), axis, doc->selection(), pairs).size()) > 0;
    });
    return keyed;
}

size_t dropJointsEdit(Document* doc, const QString& pattern)
{
    size_t n = 0;
    editAnimation(doc, tr("Drop joints"), [&](Animation& a) { return (n = dropTracks(a, BonePattern(pattern.toStdString()))) > 0; });
    return n;
}

size_t freezeJointsEdit(Document* doc, const QString& pattern)
{
    size_t n = 0;
    editAnimation(doc, tr("Freeze joints"), [&](Animation& a) { return (n = freezeTracks(a, BonePattern(pattern.toStdString()))) > 0; });
    return n;
}

bool offsetRootEdit(Document* doc, const glm::dvec3& offset)
{
    const Skeleton skeleton = doc->scene().skeleton;
    return editAnimation(doc, tr("Offset root"), [&](Animation& a) { return offsetRoot(a, skeleton, offset) >= 0; });
}

bool editAnimationFields(Document* doc, const QString& text, const std::function<void(Animation&)>& change, quint64 mergeKey)
{
    return editAnimation(doc, text, [&](Animation& a) {
        change(a);
        return true;
    }, mergeKey);
}

} // namespace bonescope::gui
