// The graph editor driven as a user does, in the real window: View > Graph editor shows it, a bone
// selected gives its curves, and simulated mouse drags on the plot move a key in value (up by so many
// pixels: the value by so many pixels' worth) and in time (snapped to a frame), each one undo step
// that undo reverses; box-select and typed values; the edits saved through File > Save and read back
// from the file. Sample (../shared/samples/seanim/SOURCES.md): synth_abs_lrs_loop_notes.seanim, read
// with bonescope-cli dump: 30 fps, 10 frames; track 0 tag_origin has translation keys (all zero) at
// frames 0 and 9; track 1 j_mainroot a key on every frame, translation (0, 0.5 f, 40) and rotation
// 10 f degrees about z at frame f.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QScreen>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/graph/graph_editor_panel.h"
#include "app/gui/graph/graph_widget.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/key_editor_panel.h"
#include "app/gui/saving/save_controller.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "core/math/euler_angles.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {
const QString kLoop = BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim";
} // namespace

class GraphEditorTest : public QObject {
    Q_OBJECT
    MainWindow* w = nullptr;
    QString path;

    Document& doc() { return *w->document(); }
    GraphWidget* graph() { return w->graphEditor()->graph(); }
    QUndoStack* undo() { return doc().undoStack(); }
    const Track& track(int t) { return doc().animation().tracks[t]; }

    // A copy of `sample` opened in a fresh window with the graph editor shown through the View menu
    // and the bone of `trackIndex` selected.
    bool open(const QString& sample, int trackIndex)
    {
        delete w;
        w = new MainWindow(false);
        path = guitest::tempDir() + "/" + QFileInfo(sample).fileName();
        QFile::remove(path);
        if (!QFile::copy(sample, path) || !w->openFileNow(path))
            return false;
        if (!guitest::showWindow(*w, QSize(1400, 900)))
            return false;
        auto* dock = w->findChild<QDockWidget*>("graphEditorDock");
        if (!dock || dock->isVisible()) // starts hidden
            return false;
        dock->toggleViewAction()->trigger();
        if (!dock->isVisible() || !graph()->isVisible())
            return false;
        const auto& trackOf = doc().binding().trackOfBone;
        const auto it = std::find(trackOf.begin(), trackOf.end(), trackIndex);
        if (it == trackOf.end())
            return false;
        const int bone = int(it - trackOf.begin());
        doc().setSelection({bone}, bone);
        QTest::qWait(100);
        return !graph()->curves().curves().empty();
    }

    // The sample opened on the bone of keep.track, with only `keep` checked in the curve list (as a
    // user unticks the others).
    bool openShowing(const CurveId& keep)
    {
        if (!open(kLoop, keep.track))
            return false;
        QListWidget* list = w->graphEditor()->curveList();
        int kept = 0;
        for (int i = 0; i < list->count(); ++i) {
            QListWidgetItem* item = list->item(i);
            const QVariantList id = item->data(Qt::UserRole).toList();
            const bool on = id.size() == 3 && id[0].toInt() == keep.track && id[1].toInt() == int(keep.channel) &&
                            id[2].toInt() == keep.component;
            kept += on;
            item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
        graph()->frameAll();
        QTest::qWait(100); // the docks settle (the Key dock and the panels follow the selected bone)
        return kept == 1;
    }

    QPoint at(const GraphKey& k)
    {
        const auto p = graph()->keyPosition(k);
        return p ? p->toPoint() : QPoint(-1, -1);
    }

    // Clicks the key's dot first (selecting a key fills the Key dock, and the docks settle to their
    // new sizes), then returns where the dot is now.
    QPoint select(const GraphKey& k)
    {
        QTest::mouseClick(graph(), Qt::LeftButton, {}, at(k));
        QTest::qWait(100);
        return at(k);
    }

    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers m = {})
    {
        QTest::mousePress(graph(), Qt::LeftButton, m, from);
        for (int i = 1; i <= 4; ++i)
            QTest::mouseMove(graph(), from + (to - from) * i / 4);
        QTest::mouseRelease(graph(), Qt::LeftButton, m, to);
    }

    Animation reopenSaved()
    {
        LoadResult r = loadAnimationFile(path);
        return r.scene && r.scene->currentAnimation() ? *r.scene->currentAnimation() : Animation{};
    }

private slots:
    void initTestCase() { guitest::isolateSettings(); }
    void cleanupTestCase() { delete w; }

    void curvesOfTheSelectedBone()
    {
        QVERIFY(open(kLoop, 1));
        // j_mainroot: translation x, y, z (and its other keyed channels), listed with check boxes.
        const auto& curves = graph()->curves().curves();
        QVERIFY(std::count(curves.begin(), curves.end(), CurveId{1, ChannelKind::Translation, 0}));
        QCOMPARE(w->graphEditor()->curveList()->count(), int(curves.size()));
        for (const CurveId& c : curves)
            QCOMPARE(c.track, 1);
        // Every key of the shown curves has a dot inside the plot after framing all.
        for (int i = 0; i < int(track(1).translation.size()); ++i)
            QVERIFY(graph()->view().plot().contains(*graph()->keyPosition({{1, ChannelKind::Translation, i}, 0})));
        // BONESCOPE_GRAPH_SCREENSHOT=out.png: the window as it looks now, for a person to look at.
        if (const QString out = qEnvironmentVariable("BONESCOPE_GRAPH_SCREENSHOT"); !out.isEmpty()) {
            QTest::qWait(100);
            w->grab().save(out);
        }
    }

    // Picking a key fills the Key dock with its fields; the docks must not move for it: the dot under
    // the mouse stays under the mouse, so a click then a drag grabs it (seen with xdotool: the first
    // pick of a rotation key grew the Key dock and squeezed the graph and the timeline).
    void pickingAKeyMovesNoDock()
    {
        QVERIFY(open(kLoop, 1));
        QTest::qWait(200);
        auto* timelineDock = w->findChild<QDockWidget*>("timelineDock");
        auto* graphDock = w->findChild<QDockWidget*>("graphEditorDock");
        QVERIFY(timelineDock && graphDock);
        const QRect timelineBefore = timelineDock->geometry(), graphBefore = graphDock->geometry();
        const GraphKey key{{1, ChannelKind::Rotation, 5}, 2};
        const QPoint before = at(key);
        QTest::mouseClick(graph(), Qt::LeftButton, {}, before);
        QTest::qWait(200);
        QCOMPARE(graph()->selection(), std::set<GraphKey>{key});
        QVERIFY(w->findChild<KeyEditorPanel*>()->isVisible());
        QCOMPARE(timelineDock->geometry(), timelineBefore);
        QCOMPARE(graphDock->geometry(), graphBefore);
        QCOMPARE(at(key), before);
    }

    // The plot's pixels: half-way between keys the curve passes where the sampler plays the channel
    // (translation y linear, 0.5 a frame; rotation z slerped about z, 10 degrees a frame, so its Euler z
    // is linear too), and away from it is background.
    void curvesAreDrawnWhereTheSamplerPlays()
    {
        for (const CurveId c : {CurveId{1, ChannelKind::Translation, 1}, CurveId{1, ChannelKind::Rotation, 2}}) {
            QVERIFY(openShowing(c));
            const double perFrame = c.channel == ChannelKind::Translation ? 0.5 : 10.0;
            const QImage image = graph()->grab().toImage().convertToFormat(QImage::Format_RGB32);
            const QColor want = GraphCurves::colour(c);
            auto near = [&](QPointF p, int radius) {
                for (int dy = -radius; dy <= radius; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const QColor got = image.pixelColor(int(std::lround(p.x())) + dx, int(std::lround(p.y())) + dy);
                        if (std::abs(got.red() - want.red()) < 40 && std::abs(got.green() - want.green()) < 40 &&
                            std::abs(got.blue() - want.blue()) < 40)
                            return true;
                    }
                return false;
            };
            const GraphView& v = graph()->view();
            for (int f = 0; f < 9; ++f) {
                const double t = (f + 0.5) / 30, value = perFrame * (f + 0.5);
                const QPointF on(v.xOf(t), v.yOf(value));
                QVERIFY2(near(on, 2), qPrintable(QString("curve %1 frame %2.5").arg(int(c.channel)).arg(f)));
                QVERIFY2(!near(on + QPointF(0, 25), 3), qPrintable(QString("curve %1 frame %2.5").arg(int(c.channel)).arg(f)));
            }
        }
    }

    // While the time moves the graph repaints only the cursor's strips: what is on screen (read back
    // from the X server) must equal a full repaint, with no stale cursor or half-drawn curve left.
    void cursorRepaintsMatchAFullRepaint()
    {
        QVERIFY(open(kLoop, 1));
        // As framed (a dot on every key), then zoomed far out in time (keys too dense for dots).
        for (int zoomOut : {0, 1}) {
            if (zoomOut) {
                const QPoint mid = graph()->view().plot().center().toPoint();
                QWheelEvent wheel(mid, graph()->mapToGlobal(mid), QPoint(), QPoint(0, -120 * 20), Qt::NoButton,
                                  Qt::NoModifier, Qt::NoScrollPhase, false);
                QApplication::sendEvent(graph(), &wheel);
                QTest::qWait(50);
            }
            for (long long f : {0LL, 3LL, 4LL, 7LL, 2LL, doc().lastFrame()}) {
                doc().setTime(doc().timeOfFrame(f));
                QCoreApplication::processEvents();
            }
            QTRY_COMPARE_WITH_TIMEOUT(guitest::onScreenDiffersFromFullRepaint(graph()), 0, 5000);
        }
    }

    void dragKeyUpInValueSavesTheValue()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        const GraphKey key{{1, ChannelKind::Translation, 4}, 1};
        const glm::dvec3 before = track(1).translation.keys.value(4);
        const double time = track(1).translation.keys.time(4);
        const QPoint from = select(key);
        const double perPixel = graph()->view().valuePerPixel();
        drag(from, from - QPoint(0, 40));
        const glm::dvec3 after = track(1).translation.keys.value(4);
        QVERIFY2(std::abs(after.y - (before.y + 40 * perPixel)) < 1e-9 * std::max(1.0, std::abs(before.y)),
                 qPrintable(QString("%1 -> %2, expected +%3").arg(before.y).arg(after.y).arg(40 * perPixel)));
        QCOMPARE(after.x, before.x);
        QCOMPARE(after.z, before.z);
        QCOMPARE(track(1).translation.keys.time(4), time); // a vertical drag keeps the time
        QCOMPARE(undo()->count(), 1);                        // one drag, one step
        // The dragged key is selected, in the dope sheet too (the Key dock shows it).
        QCOMPARE(graph()->selection(), (std::set<GraphKey>{key}));
        QCOMPARE(w->dopeSheet()->selectedKeys(), (std::set<KeyRef>{key.key}));
        undo()->undo();
        QCOMPARE(track(1).translation.keys.value(4), before);
        QVERIFY(!doc().isModified());
        undo()->redo();
        QVERIFY(w->saves()->save());
        const Animation saved = reopenSaved();
        QVERIFY(saved.tracks.size() > 1);
        QVERIFY(std::abs(saved.tracks[1].translation.keys.value(4).y - after.y) < 1e-5 * std::max(1.0, std::abs(after.y)));
        QVERIFY(std::abs(saved.tracks[1].translation.keys.value(4).y - before.y) > 1e-3 * std::max(1.0, std::abs(40 * perPixel)));
    }

    void dragKeyInTimeSnapsToAFrame()
    {
        const CurveId cx{0, ChannelKind::Translation, 0};
        QVERIFY(openShowing(cx));
        QCOMPARE(track(0).translation.size(), size_t(2));
        const GraphKey key{{0, ChannelKind::Translation, 1}, 0};
        const glm::dvec3 value = track(0).translation.keys.value(1);
        const QPoint from = at(key);
        // To a little right of frame 5: snapped onto frame 5, value kept (no vertical movement).
        const QPoint to(int(std::lround(graph()->view().xOf(5.2 / 30))), from.y());
        drag(from, to);
        QCOMPARE(undo()->count(), 1);
        QVERIFY(std::abs(track(0).translation.keys.time(1) - 5 / 30.0) < 1e-12);
        QCOMPARE(track(0).translation.keys.value(1), value);
        undo()->undo();
        QVERIFY(std::abs(track(0).translation.keys.time(1) - 9 / 30.0) < 1e-12);
        undo()->redo();
        QVERIFY(w->saves()->save());
        const Animation saved = reopenSaved();
        QCOMPARE(saved.tracks[0].translation.size(), size_t(2));
        QVERIFY(std::abs(saved.tracks[0].translation.keys.time(1) - 5 / 30.0) < 1e-9);
    }

    void boxSelectPicksTheKeysInside()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        const GraphView& v = graph()->view();
        const QPoint a(int(v.xOf(1.5 / 30)), int(v.plot().top()) + 2), b(int(v.xOf(5.5 / 30)), int(v.plot().bottom()) - 2);
        drag(a, b);
        std::set<GraphKey> want;
        std::set<KeyRef> refs;
        for (int i = 2; i <= 5; ++i) {
            want.insert({{1, ChannelKind::Translation, i}, 1});
            refs.insert({1, ChannelKind::Translation, i});
        }
        QCOMPARE(graph()->selection(), want);
        QCOMPARE(w->dopeSheet()->selectedKeys(), refs);
        QCOMPARE(undo()->count(), 0); // selecting is no edit
        // Shift+click takes one out again.
        QTest::mouseClick(graph(), Qt::LeftButton, Qt::ShiftModifier, at({{1, ChannelKind::Translation, 3}, 1}));
        want.erase({{1, ChannelKind::Translation, 3}, 1});
        QCOMPARE(graph()->selection(), want);
        // Dragging one of them moves them all in value, as one step.
        const double perPixel = v.valuePerPixel();
        std::vector<double> before;
        for (int i = 0; i < int(track(1).translation.size()); ++i)
            before.push_back(track(1).translation.keys.value(i).y);
        const QPoint from = at({{1, ChannelKind::Translation, 4}, 1});
        drag(from, from + QPoint(0, 30));
        QCOMPARE(undo()->count(), 1);
        for (int i = 0; i < int(before.size()); ++i) {
            const bool moved = i == 2 || i == 4 || i == 5;
            const double expected = before[i] - (moved ? 30 * perPixel : 0);
            QVERIFY2(std::abs(track(1).translation.keys.value(i).y - expected) < 1e-9, qPrintable(QString::number(i)));
        }
    }

    void typedValues()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        const GraphKey key{{1, ChannelKind::Translation, 6}, 1};
        const glm::dvec3 before = track(1).translation.keys.value(6);
        QTest::mouseClick(graph(), Qt::LeftButton, {}, at(key));
        QCOMPARE(graph()->selection(), (std::set<GraphKey>{key}));
        // The graph's own field, typed as a user types.
        QDoubleSpinBox* field = w->graphEditor()->valueField();
        QVERIFY(field->isEnabled());
        QVERIFY(std::abs(field->value() - before.y) < 1e-6); // shown to 6 decimals
        auto* edit = field->findChild<QLineEdit*>();
        QVERIFY(edit);
        edit->selectAll();
        QTest::keyClicks(edit, "1.25");
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(track(1).translation.keys.value(6), glm::dvec3(before.x, 1.25, before.z));
        QCOMPARE(undo()->count(), 1);
        // The Key dock follows the key picked in the graph and types its values too.
        auto* keyDock = w->findChild<KeyEditorPanel*>();
        QVERIFY(keyDock);
        QCOMPARE(keyDock->currentKey(), std::optional<KeyRef>(key.key));
        keyDock->vectorFields()[2]->setValue(-3.5);
        const glm::dvec3 typed = track(1).translation.keys.value(6);
        QVERIFY(std::abs(typed.x - before.x) < 1e-6); // the dock's fields hold 6 decimals
        QCOMPARE(typed.y, 1.25);
        QCOMPARE(typed.z, -3.5);
        QCOMPARE(undo()->count(), 2);
        QVERIFY(w->saves()->save());
        const Animation saved = reopenSaved();
        QVERIFY(std::abs(saved.tracks[1].translation.keys.value(6).y - 1.25) < 1e-6);
        QVERIFY(std::abs(saved.tracks[1].translation.keys.value(6).z + 3.5) < 1e-6);
    }

    void dragRotationThroughItsEulerCurve()
    {
        const CurveId rz{1, ChannelKind::Rotation, 2};
        QVERIFY(openShowing(rz));
        QCOMPARE(track(1).rotation.size(), size_t(10)); // 10 degrees about z a frame
        const int i = 5;
        const GraphKey key{{1, ChannelKind::Rotation, i}, 2};
        const glm::dquat q0 = track(1).rotation.keys.value(i);
        const glm::dvec3 e0 = eulerXYZDegrees(q0);
        const double shown0 = graph()->curves().keyValue(key);
        const QPoint from = select(key);
        const double perPixel = graph()->view().valuePerPixel();
        drag(from, from - QPoint(0, 25));
        QCOMPARE(undo()->count(), 1);
        const glm::dquat q1 = track(1).rotation.keys.value(i);
        QVERIFY(std::abs(glm::length(q1) - 1) < 1e-9);
        // The rotation is the one with the edited angle; the other two angles are kept.
        const glm::dquat want = quatFromEulerXYZDegrees({e0.x, e0.y, e0.z + 25 * perPixel});
        QVERIFY2(std::abs(std::abs(glm::dot(q1, want)) - 1) < 1e-9, qPrintable(QString::number(glm::dot(q1, want))));
        QVERIFY(glm::dot(q1, q0) > 0); // on the stored key's side
        QVERIFY(std::abs(graph()->curves().keyValue(key) - (shown0 + 25 * perPixel)) < 1e-6);
        // Quaternion components instead: four curves per rotation.
        w->graphEditor()->rotationChoice()->setCurrentIndex(1);
        QVERIFY(std::count(graph()->curves().curves().begin(), graph()->curves().curves().end(),
                           CurveId{1, ChannelKind::Rotation, 3}));
        QCOMPARE(graph()->curves().keyValue({{1, ChannelKind::Rotation, i}, 3}), q1.w);
    }

    void keysAndWheelMoveTheView()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        const GraphKey key{{1, ChannelKind::Translation, 4}, 1};
        select(key);
        // F frames the selected key: it is then in the middle of the plot.
        QTest::keyClick(graph(), Qt::Key_F);
        const QPointF centre = graph()->view().plot().center();
        QVERIFY(std::abs(graph()->keyPosition(key)->x() - centre.x()) < 1);
        QVERIFY(std::abs(graph()->keyPosition(key)->y() - centre.y()) < 1);
        // Home frames every key again.
        QTest::keyClick(graph(), Qt::Key_Home);
        for (int i = 0; i < int(track(1).translation.size()); ++i)
            QVERIFY(graph()->view().plot().contains(*graph()->keyPosition({{1, ChannelKind::Translation, i}, 1})));
        // Wheel zooms time, Ctrl+wheel values, around the mouse.
        const double spp = graph()->view().secondsPerPixel(), vpp = graph()->view().valuePerPixel();
        const QPoint mid = centre.toPoint();
        QWheelEvent wheel(mid, graph()->mapToGlobal(mid), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(graph(), &wheel);
        QVERIFY(std::abs(graph()->view().secondsPerPixel() - spp / 1.25) < 1e-12);
        QCOMPARE(graph()->view().valuePerPixel(), vpp);
        QWheelEvent ctrlWheel(mid, graph()->mapToGlobal(mid), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                              Qt::NoScrollPhase, false);
        QApplication::sendEvent(graph(), &ctrlWheel);
        QVERIFY(std::abs(graph()->view().valuePerPixel() - vpp / 1.25) < 1e-12);
        // Middle drag pans both axes: the key follows the mouse.
        const QPointF before = *graph()->keyPosition(key);
        QTest::mousePress(graph(), Qt::MiddleButton, {}, mid);
        QTest::mouseMove(graph(), mid + QPoint(30, 20));
        QTest::mouseRelease(graph(), Qt::MiddleButton, {}, mid + QPoint(30, 20));
        const QPointF after = *graph()->keyPosition(key);
        QVERIFY(std::abs(after.x() - before.x() - 30) < 1e-6);
        QVERIFY(std::abs(after.y() - before.y() - 20) < 1e-6);
        // Clicking on the frame numbers sets the current time, snapped to a frame.
        QTest::mouseClick(graph(), Qt::LeftButton, {}, QPoint(int(std::lround(graph()->view().xOf(3.2 / 30))), 5));
        QCOMPARE(doc().time(), doc().timeOfFrame(3));
        QCOMPARE(undo()->count(), 0); // none of this is an edit
    }

    void deleteRemovesTheSelectedKeys()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        const size_t n = track(1).translation.size();
        const double t5 = track(1).translation.keys.time(5);
        select({{1, ChannelKind::Translation, 4}, 1});
        QTest::keyClick(graph(), Qt::Key_Delete);
        QCOMPARE(track(1).translation.size(), n - 1);
        QCOMPARE(track(1).translation.keys.time(4), t5); // the next key took its place
        QVERIFY(graph()->selection().empty());
        QCOMPARE(undo()->count(), 1);
        undo()->undo();
        QCOMPARE(track(1).translation.size(), n);
    }

    void aSlightlySidewaysDragKeepsTheTime()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        const GraphKey key{{1, ChannelKind::Translation, 4}, 1};
        const QPoint from = select(key);
        const double time = track(1).translation.keys.time(4), y = track(1).translation.keys.value(4).y;
        const double perPixel = graph()->view().valuePerPixel();
        // Alt: no snapping to frames, so only the dead zone keeps the time.
        const QPoint to = from + QPoint(2, -30);
        QTest::mousePress(graph(), Qt::LeftButton, Qt::AltModifier, from);
        for (int i = 1; i <= 3; ++i) {
            const QPointF at = from + (to - from) * i / 3;
            QMouseEvent move(QEvent::MouseMove, at, graph()->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton, Qt::AltModifier);
            QApplication::sendEvent(graph(), &move);
        }
        QTest::mouseRelease(graph(), Qt::LeftButton, Qt::AltModifier, to);
        QCOMPARE(undo()->count(), 1);
        QCOMPARE(track(1).translation.keys.time(4), time);
        QVERIFY(std::abs(track(1).translation.keys.value(4).y - (y + 30 * perPixel)) < 1e-9);
    }

    void insertingAKeyShowsTheBonesCurves()
    {
        // The Second Life walk keys 19 of the avatar's bones; mSpine1 has no track.
        QVERIFY(open(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim", 0));
        const int spine = doc().skeleton().find("mSpine1");
        QVERIFY(spine >= 0);
        QCOMPARE(doc().binding().trackOfBone[spine], -1);
        doc().setSelection({spine}, spine);
        QVERIFY(graph()->curves().curves().empty());
        w->dopeSheet()->insertKey(); // I: keys the bone's current pose
        QVERIFY(!graph()->curves().curves().empty());
        const int track = doc().binding().trackOfBone[spine];
        QVERIFY(track >= 0);
        QCOMPARE(graph()->curves().curves().front().track, track);
        QCOMPARE(w->graphEditor()->curveList()->count(), int(graph()->curves().curves().size()));
        undo()->undo();
        QVERIFY(graph()->curves().curves().empty());
        QCOMPARE(w->graphEditor()->curveList()->count(), 0);
    }

    void normalisedCurvesSpanMinusOneToOne()
    {
        const CurveId cy{1, ChannelKind::Translation, 1};
        QVERIFY(openShowing(cy));
        w->graphEditor()->normalisedBox()->setChecked(true);
        const auto [lo, hi] = graph()->curves().range(cy);
        QVERIFY(hi > lo);
        double top = 1e300, bottom = -1e300;
        for (int i = 0; i < int(track(1).translation.size()); ++i) {
            const QPointF p = *graph()->keyPosition({{1, ChannelKind::Translation, i}, 1});
            top = std::min(top, p.y());
            bottom = std::max(bottom, p.y());
        }
        QVERIFY(std::abs(top - graph()->view().yOf(1)) < 1e-6);
        QVERIFY(std::abs(bottom - graph()->view().yOf(-1)) < 1e-6);
        // A drag is in the curve's own units: pixels are worth half its range per shown unit.
        const int k = 3;
        const double before = track(1).translation.keys.value(k).y;
        const QPoint from = select({{1, ChannelKind::Translation, k}, 1});
        const double perPixel = graph()->view().valuePerPixel() * (hi - lo) / 2;
        drag(from, from - QPoint(0, 20));
        QVERIFY(std::abs(track(1).translation.keys.value(k).y - (before + 20 * perPixel)) < 1e-9);
    }
};

QTEST_MAIN(GraphEditorTest)
#include "viewer_graph_editor_test.moc"
