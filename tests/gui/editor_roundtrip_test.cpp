// Every format through the editor's document commands: open a file, move a key, change a value,
// insert a key from the pose, delete a key, add / rename / move a note where the format carries notes,
// change a format property; save, reopen and compare with the edited model (the edits are there,
// nothing else changed); then undo everything and save: the bytes equal the original file's.
// Runs in process on the Document and its QUndoStack, without a window.
#include <cmath>

#include <QFile>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/save_file.h"
#include "app/gui/document/scene_loading.h"
#include "core/playback/sampler.h"
#include "formats/lego/lego_extra.h"
#include "formats/registry.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/secondlife/secondlife_extra.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

template <class T>
T* extraOf(const Scene& s)
{
    if (const Animation* a = s.currentAnimation())
        if (T* e = a->extra.as<T>())
            return e;
    return s.extra.as<T>();
}

// A key of `track` on a channel with a gap of more than one frame after it, so that moving it one
// frame later lands on a free frame.
std::optional<KeyRef> movableKey(const Animation& a, double frame)
{
    for (int t = 0; t < int(a.tracks.size()); ++t)
        for (ChannelKind c : {ChannelKind::Rotation, ChannelKind::Translation, ChannelKind::Scale}) {
            const size_t n = channelSize(a.tracks[t], c);
            for (size_t i = 0; i + 1 < n; ++i) {
                const double t0 = keyTime(a, {t, c, int(i)}), t1 = keyTime(a, {t, c, int(i + 1)});
                if (t1 - t0 > 2.5 * frame)
                    return KeyRef{t, c, int(i)};
            }
        }
    return std::nullopt;
}

// Per channel: same key count, times and values (within the format's quantisation).
template <class T>
void compareChannel(const Channel<T>& got, const Channel<T>& want, double timeTol, double valueTol, const QString& where)
{
    QVERIFY2(got.keys.size() == want.keys.size(),
             qPrintable(QString("%1: %2 keys, expected %3").arg(where).arg(got.keys.size()).arg(want.keys.size())));
    for (size_t i = 0; i < got.keys.size(); ++i) {
        QVERIFY2(std::abs(got.keys.time(i) - want.keys.time(i)) <= timeTol, qPrintable(where + QString(" key %1 time").arg(i)));
        double d;
        if constexpr (std::is_same_v<T, glm::dquat>)
            d = 1 - std::abs(glm::dot(got.keys.value(i), want.keys.value(i))); // q and -q are one rotation
        else if constexpr (std::is_same_v<T, double>)
            d = std::abs(got.keys.value(i) - want.keys.value(i));
        else
            d = glm::length(got.keys.value(i) - want.keys.value(i));
        QVERIFY2(d <= valueTol, qPrintable(where + QString(" key %1 value off by %2").arg(i).arg(d)));
        QCOMPARE(got.keys.flags(i), want.keys.flags(i));
    }
}

// The reread animation holds what the edited model holds.
void compareAnimations(const Animation& got, const Animation& want, bool keysExact, double timeTol, double valueTol)
{
    QCOMPARE(got.tracks.size(), want.tracks.size());
    QCOMPARE(got.notes.size(), want.notes.size());
    for (size_t i = 0; i < got.notes.size(); ++i) {
        QCOMPARE(got.notes[i].name, want.notes[i].name);
        QVERIFY(std::abs(got.notes[i].time - want.notes[i].time) <= timeTol);
    }
    QCOMPARE(got.looping, want.looping);
    for (size_t t = 0; t < got.tracks.size(); ++t) {
        const Track& g = got.tracks[t];
        const Track& w = want.tracks[t];
        QCOMPARE(g.name, w.name);
        QCOMPARE(g.flags, w.flags);
        if (!keysExact)
            continue;
        const QString name = QString::fromStdString(g.name);
        compareChannel(g.translation, w.translation, timeTol, valueTol, name + " translation");
        compareChannel(g.rotation, w.rotation, timeTol, valueTol, name + " rotation");
        compareChannel(g.scale, w.scale, timeTol, valueTol, name + " scale");
        compareChannel(g.visibility, w.visibility, timeTol, valueTol, name + " visibility");
    }
}

// The same motion: every bone's local transform at every frame.
void compareMotion(const Scene& got, const Scene& want, double tol)
{
    Sampler sg(*got.currentAnimation(), got.skeleton), sw(*want.currentAnimation(), want.skeleton);
    std::vector<LocalTransform> lg, lw;
    const Animation& a = *want.currentAnimation();
    for (long long f = 0; f < a.frameCount(); ++f) {
        const double t = std::min(a.duration, f / a.fps);
        sg.sampleLocal(t, lg);
        sw.sampleLocal(t, lw);
        QCOMPARE(lg.size(), lw.size());
        for (size_t b = 0; b < lg.size(); ++b) {
            QVERIFY2(glm::length(lg[b].translation - lw[b].translation) <= tol, qPrintable(QString("frame %1 bone %2").arg(f).arg(b)));
            QVERIFY2(1 - std::abs(glm::dot(lg[b].rotation, lw[b].rotation)) <= tol, qPrintable(QString("frame %1 bone %2").arg(f).arg(b)));
        }
    }
}

} // namespace

class EditorRoundtripTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void everyFormat_data()
    {
        QTest::addColumn<QString>("path");
        const QString s = BONESCOPE_SAMPLES, d = BONESCOPE_FIXTURES "/dash";
        QTest::newRow("seanim notes") << s + "/seanim/synth_abs_lrs_loop_notes.seanim";
        QTest::newRow("seanim modifiers") << s + "/seanim/synth_rel_modifiers.seanim";
        QTest::newRow("secondlife walk") << s + "/secondlife/linden_walk.anim";
        QTest::newRow("secondlife constraints") << s + "/secondlife/linden_clap_11constraints.anim";
        QTest::newRow("lego") << s + "/lego/pns065rd.ani";
        QTest::newRow("dash 1.5") << d + "/model15.dmf";
        QTest::newRow("dash 1.5 json") << d + "/model15_json.dmf";
        QTest::newRow("dash 2.0") << d + "/model20.dmx";
        QTest::newRow("dash 2.0 json") << d + "/model20_json.dmx";
        QTest::newRow("bvh") << s + "/secondlife/opencollar_tower.bvh";
    }

    void everyFormat()
    {
        QFETCH(QString, path);
        QByteArray original = guitest::fileBytes(path);
        QVERIFY(!original.isEmpty());
        LoadResult r = loadAnimationFile(path);
        QVERIFY2(r.scene, qPrintable(r.error));
        Document doc;
        doc.setScene(std::move(*r.scene), path);
        const Format* format = Registry::instance().byId(doc.scene().format);
        QVERIFY(format);
        const QString unedited = guitest::tempDir() + "/unedited." + QString::fromStdString(format->extensions().front());
        QCOMPARE(saveScene(doc.scene(), *format, unedited), QString());
        if (doc.scene().format == "bvh") {
            // The BVH writer re-prints numbers in its own layout, so even an unedited BVH file is not
            // saved byte for byte: undoing must give back what the unedited document saves.
            original = guitest::fileBytes(unedited);
        } else {
            QVERIFY(guitest::fileBytes(unedited) == original);
        }
        const Capabilities caps = format->capabilities();
        const bool frameBased = doc.scene().format == "bvh";
        const double frame = 1 / doc.fps();

        // Move a key one frame later (snapped to the frame grid).
        std::optional<KeyRef> moved;
        AnyKeyValue movedValue;
        if (!frameBased) {
            moved = movableKey(doc.animation(), frame);
            QVERIFY(moved);
            movedValue = *readKey(doc.animation(), *moved);
            const auto refs = moveKeysEdit(&doc, doc.scene(), {*moved}, frame, doc.fps());
            QCOMPARE(refs.size(), size_t(1));
            moved = refs[0];
            QVERIFY(std::abs(keyTime(doc.animation(), *moved) - (std::round(movedValue.time * doc.fps()) + 1) * frame) < 1e-9);
        }

        // Change a value: the first translation key of another track, 1 cm along x; a rotation key
        // turned a little when no track has translation keys.
        KeyRef changed{-1, ChannelKind::Translation, 0};
        for (ChannelKind c : {ChannelKind::Translation, ChannelKind::Rotation})
            for (int t = 0; t < int(doc.animation().tracks.size()) && changed.track < 0; ++t)
                if (channelSize(doc.animation().tracks[t], c) && !(moved && moved->track == t))
                    changed = {t, c, 0};
        QVERIFY(changed.track >= 0);
        glm::dvec4 newValue = readKey(doc.animation(), changed)->value;
        if (changed.channel == ChannelKind::Translation) {
            newValue.x += 0.01;
        } else {
            const glm::dquat q = glm::angleAxis(0.1, glm::dvec3(0, 1, 0)) * glm::dquat(newValue.w, newValue.x, newValue.y, newValue.z);
            newValue = {q.x, q.y, q.z, q.w};
        }
        setKeyValueEdit(&doc, changed, newValue);

        // Insert a key from the current pose at frame 2 on a bone with a track: the motion is unchanged.
        doc.setTime(doc.timeOfFrame(2));
        int bone = -1;
        for (int b = 0; b < int(doc.skeleton().size()) && bone < 0; ++b)
            if (doc.binding().trackOfBone[b] >= 0 && !doc.animation().tracks[doc.binding().trackOfBone[b]].rotation.empty())
                bone = b;
        QVERIFY(bone >= 0);
        std::vector<LocalTransform> before, after;
        doc.sampleLocal(doc.time(), before);
        QVERIFY(!insertPoseKeysEdit(&doc, {bone}).empty());
        doc.sampleLocal(doc.time(), after);
        QVERIFY(glm::length(after[bone].translation - before[bone].translation) < 1e-6);
        QVERIFY(1 - std::abs(glm::dot(after[bone].rotation, before[bone].rotation)) < 1e-9);

        // Delete the last key of the first channel with three or more keys.
        for (int t = 0; t < int(doc.animation().tracks.size()); ++t) {
            const size_t n = doc.animation().tracks[t].rotation.size();
            if (n >= 3 && !frameBased) {
                deleteKeysEdit(&doc, {{t, ChannelKind::Rotation, int(n) - 1}});
                QCOMPARE(doc.animation().tracks[t].rotation.size(), n - 1);
                break;
            }
        }

        // Notes.
        if (caps.notes) {
            const int i = addNoteEdit(&doc, doc.timeOfFrame(2), "edit_note");
            QVERIFY(i >= 0);
            const int j = renameNoteEdit(&doc, i, "renamed");
            const int k = moveNoteEdit(&doc, doc.scene(), j, doc.timeOfFrame(3));
            QCOMPARE(doc.animation().notes[k].name, std::string("renamed"));
        }

        // A format property.
        const std::string id = doc.scene().format;
        if (id == "seanim") {
            editAnimationFields(&doc, "loop", [](Animation& a) {
                a.looping = !a.looping;
                a.tracks[0].flags ^= seanim::BoneCosmetic;
            });
        } else if (id == "secondlife") {
            QVERIFY(editExtra<SecondLifeExtra>(&doc, "priority", [](SecondLifeExtra& e, Scene&) {
                e.basePriority = e.basePriority == 4 ? 2 : 4;
                e.emoteName = "express_smile";
            }));
        } else if (id == "lego") {
            QVERIFY(editExtra<LegoExtra>(&doc, "actor", [](LegoExtra& e, Scene&) {
                QVERIFY(!e.actors.empty());
                e.actors[0].name += "x";
            }));
        } else if (id == "dash") {
            editAnimationFields(&doc, "name", [](Animation& a) { a.name = "edited"; });
        }
        QVERIFY(doc.isModified());

        // Save, reopen, compare.
        const QString out = guitest::tempDir() + "/edited." + QString::fromStdString(format->extensions().front());
        QCOMPARE(saveScene(doc.scene(), *format, out), QString());
        LoadResult back = loadAnimationFile(out);
        QVERIFY2(back.scene, qPrintable(back.error));
        const Scene& want = doc.scene();
        const Scene& got = *back.scene;
        const bool quantised = id == "secondlife" || id == "lego";
        // Second Life stores times as u16 fractions of the duration, LEGO Island as whole milliseconds.
        const double timeTol = id == "secondlife" ? want.currentAnimation()->duration / 65535.0 + 1e-9
                               : id == "lego"     ? 0.0005 + 1e-9
                                                  : 1e-6;
        const double valueTol = quantised ? 2e-3 : 1e-5;
        compareAnimations(*got.currentAnimation(), *want.currentAnimation(), !frameBased, timeTol, valueTol);
        compareMotion(got, want, quantised ? 2e-3 : 1e-4);
        if (moved) {
            const auto k = readKey(*got.currentAnimation(), *moved);
            QVERIFY(k);
            QVERIFY(std::abs(k->time - keyTime(want.animations[want.current], *moved)) <= timeTol);
        }
        if (caps.notes)
            QVERIFY(std::any_of(got.currentAnimation()->notes.begin(), got.currentAnimation()->notes.end(),
                                [&](const Note& n) { return n.name == "renamed" && std::abs(n.time - 3 * frame) < 1e-6; }));
        if (id == "secondlife") {
            QCOMPARE(extraOf<SecondLifeExtra>(got)->basePriority, extraOf<SecondLifeExtra>(want)->basePriority);
            QCOMPARE(extraOf<SecondLifeExtra>(got)->emoteName, std::string("express_smile"));
        } else if (id == "lego") {
            QCOMPARE(extraOf<LegoExtra>(got)->actors[0].name, extraOf<LegoExtra>(want)->actors[0].name);
        } else if (id == "dash") {
            QCOMPARE(got.currentAnimation()->name, std::string("edited"));
        }

        // Undo everything: the document is clean and saves the original bytes.
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QVERIFY(!doc.isModified());
        const QString again = guitest::tempDir() + "/undone." + QString::fromStdString(format->extensions().front());
        QCOMPARE(saveScene(doc.scene(), *format, again), QString());
        QVERIFY(guitest::fileBytes(again) == original);
    }
};

QTEST_MAIN(EditorRoundtripTest)
#include "editor_roundtrip_test.moc"
