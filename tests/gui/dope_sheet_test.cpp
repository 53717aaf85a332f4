// The dope sheet and the notes dock driven by simulated mouse and keys, on
// synth_abs_lrs_loop_notes.seanim (read by hand: 30 fps, frames 0..9; track 0 tag_origin has
// translation keys at frames 0 and 9 and one rotation key at frame 0; track 1 j_mainroot has a
// translation key on every frame; notes as the file has them). Each gesture changes the model,
// makes exactly one undo step, and undo restores the model.
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QSignalSpy>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/commands/edit_commands.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "app/gui/panels/notes_panel.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

class DopeSheetTest : public QObject {
    Q_OBJECT
    Document doc;
    QWidget* host = nullptr;
    TimelineRuler* ruler = nullptr;
    DopeSheet* sheet = nullptr;
    NotesPanel* notes = nullptr;

    QUndoStack* undo() { return doc.undoStack(); }
    double keyT(KeyRef k) { return keyTime(doc.animation(), k); }
    QPoint at(KeyRef k)
    {
        const auto p = sheet->keyPosition(k);
        return p ? *p : QPoint(-1, -1);
    }
    QPoint frameX(int frame, int y) { return QPoint(int(std::lround(sheet->xOf(frame / 30.0))), y); }

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        host = new QWidget;
        auto* layout = new QVBoxLayout(host);
        layout->setContentsMargins(0, 0, 0, 0);
        ruler = new TimelineRuler(&doc, host);
        ruler->setLeftInset(DopeSheet::kNameWidth);
        sheet = new DopeSheet(&doc, ruler, host);
        layout->addWidget(ruler);
        layout->addWidget(sheet, 1);
        host->resize(900, 400);
        host->show();
        QVERIFY(QTest::qWaitForWindowExposed(host));
        notes = new NotesPanel(&doc);
        notes->show();
        QVERIFY(QTest::qWaitForWindowExposed(notes));
    }

    void cleanupTestCase()
    {
        delete notes;
        delete host;
    }

    void init()
    {
        const LoadResult r = loadAnimationFile(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");
        QVERIFY2(r.scene, qPrintable(r.error));
        doc.setScene(std::move(*r.scene), r.path);
        QCOMPARE(doc.animation().tracks[0].name, std::string("tag_origin"));
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(2));
        sheet->setExpanded(0, true);
    }

    void sharesTheRulersAxis()
    {
        for (double t : {0.0, 0.1, 0.3})
            QVERIFY(std::abs(sheet->mapToGlobal(QPointF(sheet->xOf(t), 0)).x() - ruler->mapToGlobal(QPointF(ruler->xOf(t), 0)).x()) < 1e-6);
    }

    void clickAndShiftClickSelect()
    {
        const KeyRef k0{0, ChannelKind::Translation, 0}, k1{0, ChannelKind::Translation, 1};
        QTest::mouseClick(sheet, Qt::LeftButton, {}, at(k1));
        QCOMPARE(sheet->selectedKeys(), (std::set<KeyRef>{k1}));
        QTest::mouseClick(sheet, Qt::LeftButton, Qt::ShiftModifier, at(k0));
        QCOMPARE(sheet->selectedKeys(), (std::set<KeyRef>{k0, k1}));
        QTest::mouseClick(sheet, Qt::LeftButton, Qt::ShiftModifier, at(k0)); // shift-click again: off
        QCOMPARE(sheet->selectedKeys(), (std::set<KeyRef>{k1}));
        QCOMPARE(undo()->count(), 0); // selecting is no edit
    }

    void dragMovesKeysInOneUndoStep()
    {
        const KeyRef k1{0, ChannelKind::Translation, 1};
        const glm::dvec3 value = doc.animation().tracks[0].translation.keys.value(1);
        const QPoint from = at(k1);
        QTest::mouseClick(sheet, Qt::LeftButton, {}, from);
        QTest::mousePress(sheet, Qt::LeftButton, {}, from);
        for (int f : {8, 7, 6, 5})
            QTest::mouseMove(sheet, frameX(f, from.y()));
        QTest::mouseRelease(sheet, Qt::LeftButton, {}, frameX(5, from.y()));
        QCOMPARE(undo()->count(), 1);
        QVERIFY(std::abs(keyT(k1) - 5 / 30.0) < 1e-12); // snapped to frame 5
        QCOMPARE(doc.animation().tracks[0].translation.keys.value(1), value);
        QCOMPARE(sheet->selectedKeys(), (std::set<KeyRef>{k1}));
        undo()->undo();
        QVERIFY(std::abs(keyT(k1) - 9 / 30.0) < 1e-12);
        QVERIFY(!doc.isModified());
    }

    // A key dropped on another's time replaces it (a channel has one key per time): the status bar
    // says so, since nothing on screen shows the key that is gone; a move onto free frames says nothing.
    void dropOntoAKeySaysItReplacedIt()
    {
        const KeyRef k1{0, ChannelKind::Translation, 1};
        QSignalSpy said(sheet, &DopeSheet::message);
        const QPoint from = at(k1);
        QTest::mouseClick(sheet, Qt::LeftButton, {}, from);
        QTest::mousePress(sheet, Qt::LeftButton, {}, from);
        QTest::mouseMove(sheet, frameX(5, from.y()));
        QTest::mouseRelease(sheet, Qt::LeftButton, {}, frameX(5, from.y()));
        QCOMPARE(said.count(), 0);
        undo()->undo();
        QTest::mousePress(sheet, Qt::LeftButton, {}, from);
        for (int f : {6, 3, 0})
            QTest::mouseMove(sheet, frameX(f, from.y()));
        QTest::mouseRelease(sheet, Qt::LeftButton, {}, frameX(0, from.y()));
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(1));
        QCOMPARE(said.count(), 1);
        QVERIFY2(said.front().front().toString().startsWith("1 key at the times the moved keys landed on was replaced"),
                 qPrintable(said.front().front().toString()));
        undo()->undo();
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(2));
    }

    void shiftDragDoesNotSnap()
    {
        const KeyRef k1{0, ChannelKind::Translation, 1};
        const QPoint from = at(k1);
        QTest::mousePress(sheet, Qt::LeftButton, {}, from);
        const QPoint to(from.x() - int(std::lround((sheet->xOf(0.3) - sheet->xOf(0)) * 0.43)), from.y());
        QTest::mouseMove(sheet, to);
        QTest::mouseRelease(sheet, Qt::LeftButton, Qt::ShiftModifier, to);
        // The move used no modifier: snapped. Now again with Shift held during the move.
        undo()->undo();
        QTest::mousePress(sheet, Qt::LeftButton, {}, at(k1));
        QMouseEvent move(QEvent::MouseMove, QPointF(to), sheet->mapToGlobal(QPointF(to)), Qt::LeftButton, Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(sheet, &move);
        QTest::mouseRelease(sheet, Qt::LeftButton, Qt::ShiftModifier, to);
        const double frames = keyT(k1) * 30;
        QVERIFY2(std::abs(frames - std::round(frames)) > 1e-3, qPrintable(QString::number(frames)));
        QCOMPARE(undo()->count(), 1);
    }

    void deleteKeyAndUndo()
    {
        const KeyRef k1{0, ChannelKind::Translation, 1};
        QTest::mouseClick(sheet, Qt::LeftButton, {}, at(k1));
        QTest::keyClick(sheet, Qt::Key_Delete);
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(1));
        QVERIFY(sheet->selectedKeys().empty());
        QCOMPARE(undo()->count(), 1);
        undo()->undo();
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(2));
        QVERIFY(std::abs(keyT(k1) - 0.3) < 1e-12);
    }

    void rubberBandSelects()
    {
        // Around frames 3..5 of j_mainroot's summary row (track 1, below tag_origin's channel rows).
        const QPoint k3 = at({1, ChannelKind::Translation, 3});
        QVERIFY(k3.x() > 0);
        const QPoint a(int(sheet->xOf(2.5 / 30)), k3.y() - 6), b(int(sheet->xOf(5.5 / 30)), k3.y() + 6);
        QTest::mousePress(sheet, Qt::LeftButton, {}, a);
        QTest::mouseMove(sheet, (a + b) / 2);
        QTest::mouseMove(sheet, b);
        QTest::mouseRelease(sheet, Qt::LeftButton, {}, b);
        std::set<KeyRef> want;
        for (int i = 3; i <= 5; ++i)
            want.insert({1, ChannelKind::Translation, i});
        for (const KeyRef& k : sheet->selectedKeys()) // j_mainroot may key other channels on those frames
            QCOMPARE(k.track, 1);
        for (const KeyRef& k : want)
            QVERIFY(sheet->selectedKeys().count(k));
        QCOMPARE(undo()->count(), 0);
    }

    void copyAndPasteAtCurrentTime()
    {
        const KeyRef k0{0, ChannelKind::Translation, 0};
        const glm::dvec3 value = doc.animation().tracks[0].translation.keys.value(0);
        QTest::mouseClick(sheet, Qt::LeftButton, {}, at(k0));
        QTest::keyClick(sheet, Qt::Key_C, Qt::ControlModifier);
        doc.setTime(4 / 30.0);
        QTest::keyClick(sheet, Qt::Key_V, Qt::ControlModifier);
        const auto& keys = doc.animation().tracks[0].translation.keys;
        QCOMPARE(keys.size(), size_t(3));
        QVERIFY(std::abs(keys.time(1) - 4 / 30.0) < 1e-12);
        QCOMPARE(keys.value(1), value);
        QCOMPARE(undo()->count(), 1);
        undo()->undo();
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(2));
    }

    void insertKeyFromPose()
    {
        const int bone = doc.skeleton().find("tag_origin");
        QVERIFY(bone >= 0);
        doc.setSelection({bone}, bone);
        doc.setTime(3 / 30.0);
        const glm::vec3 before = doc.pose().local[bone].translation;
        QTest::keyClick(sheet, Qt::Key_I);
        const auto& keys = doc.animation().tracks[0].translation.keys;
        QCOMPARE(keys.size(), size_t(3));
        QVERIFY(std::abs(keys.time(1) - 0.1) < 1e-12);
        QVERIFY(glm::length(doc.pose().local[bone].translation - before) < 1e-5); // the pose did not move
        QCOMPARE(doc.animation().tracks[0].rotation.size(), size_t(2)); // the track's channels are all keyed
        QCOMPARE(undo()->count(), 1);
        // The new keys are selected; undone, they are gone and no other key takes their place in the
        // selection (the reference of the key at frame 3 names the key after it once it is removed:
        // Delete then removed a key nobody picked).
        const KeyRef inserted{0, ChannelKind::Translation, 1};
        QVERIFY(sheet->selectedKeys().count(inserted));
        undo()->undo();
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(2));
        QVERIFY2(sheet->selectedKeys().empty(), qPrintable(QString::number(sheet->selectedKeys().size())));
        QTest::keyClick(sheet, Qt::Key_Delete);
        QCOMPARE(doc.animation().tracks[0].translation.size(), size_t(2));
        // Redone, the key is back; a selection still at its time keeps it (a value edit keeps the key).
        undo()->redo();
        sheet->setSelectedKeys({inserted});
        const glm::dvec3 v = doc.animation().tracks[0].translation.keys.value(1);
        setKeyValueEdit(&doc, inserted, glm::dvec4(v + glm::dvec3(0, 1, 0), 0));
        QCOMPARE(doc.animation().tracks[0].translation.keys.value(1), v + glm::dvec3(0, 1, 0));
        QVERIFY(sheet->selectedKeys().count(inserted));
        undo()->undo();
        undo()->undo();
    }

    void noteMarkerDrags()
    {
        QVERIFY(!doc.animation().notes.empty());
        const Note first = doc.animation().notes[0];
        const QPoint from = *sheet->notePosition(0);
        QTest::mousePress(sheet, Qt::LeftButton, {}, from);
        QTest::mouseMove(sheet, frameX(6, from.y()));
        QTest::mouseMove(sheet, frameX(7, from.y()));
        QTest::mouseRelease(sheet, Qt::LeftButton, {}, frameX(7, from.y()));
        QCOMPARE(undo()->count(), 1);
        const auto& n = doc.animation().notes;
        QVERIFY(std::any_of(n.begin(), n.end(), [&](const Note& x) { return x.name == first.name && std::abs(x.time - 7 / 30.0) < 1e-12; }));
        undo()->undo();
        QCOMPARE(doc.animation().notes[0].time, first.time);
    }

    void notesPanelAddRenameMoveDelete()
    {
        const size_t n0 = doc.animation().notes.size();
        doc.setTime(2 / 30.0);
        QTest::mouseClick(notes->addButton(), Qt::LeftButton);
        QCOMPARE(doc.animation().notes.size(), n0 + 1);
        QCOMPARE(undo()->count(), 1);
        // Find the new note's row and rename it by typing into the cell editor.
        int row = -1;
        for (int i = 0; i < int(doc.animation().notes.size()); ++i)
            if (doc.animation().notes[i].name == "note" && std::abs(doc.animation().notes[i].time - 2 / 30.0) < 1e-12)
                row = i;
        QVERIFY(row >= 0);
        // Add opened the name's cell editor: type into it, or into the editor opened on a cell.
        auto type = [&](int r, int col, const QString& text) {
            QTableWidget* t = notes->table();
            auto openEditor = [t] {
                for (QLineEdit* e : t->viewport()->findChildren<QLineEdit*>())
                    if (e->isVisible())
                        return e;
                return static_cast<QLineEdit*>(nullptr);
            };
            if (!openEditor()) {
                t->setCurrentCell(r, col);
                t->editItem(t->item(r, col));
            }
            QLineEdit* editor = openEditor();
            QVERIFY(editor);
            editor->selectAll();
            QTest::keyClicks(editor, text);
            QTest::keyClick(editor, Qt::Key_Return);
            QCoreApplication::processEvents(); // the delegate commits through a queued call
        };
        type(row, 1, "footstep");
        QCOMPARE(doc.animation().notes[row].name, std::string("footstep"));
        QCOMPARE(undo()->count(), 2);
        type(row, 0, "8");
        const auto& n = doc.animation().notes;
        const auto it = std::find_if(n.begin(), n.end(), [](const Note& x) { return x.name == "footstep"; });
        QVERIFY(it != n.end());
        QVERIFY(std::abs(it->time - 8 / 30.0) < 1e-12);
        QCOMPARE(undo()->count(), 3);
        notes->table()->setCurrentCell(int(it - n.begin()), 1);
        QTest::mouseClick(notes->deleteButton(), Qt::LeftButton);
        QCOMPARE(doc.animation().notes.size(), n0);
        while (undo()->canUndo())
            undo()->undo();
        QCOMPARE(doc.animation().notes.size(), n0);
        QVERIFY(!doc.isModified());
    }
};

QTEST_MAIN(DopeSheetTest)
#include "dope_sheet_test.moc"
