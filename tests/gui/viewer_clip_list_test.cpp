// The animation list's context menu and Clip > Close loop, used as a person does: a right-click on the
// list (a real context menu event), the action picked in the menu that opens, its dialogs answered.
// Split at the current frame and at notes, extract a range, merge a file, save each clip as a file;
// every change one undo step. Close loop reads the seam in the Format dock before (17 degrees at
// Linden's walk's ankle) and after (none), and undo puts it back.
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QUndoStack>
#include <QDockWidget>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/graph/graph_widget.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/properties_panel.h"
#include "app/gui/saving/save_controller.h"
#include "core/editing/clip_split.h"
#include "box_answerer.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kGrunt = QString(BONESCOPE_FIXTURES) + "/psk/grunt_hh_grabplayer_crouch_SEQ0.psa";

// Answers the next modal dialog: a form's fields set by `fill`, then OK; a file dialog gets `path`.
class DialogAnswerer {
public:
    DialogAnswerer(std::function<void(QDialog*)> fill, QString path = {})
    {
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, [this, fill, path] {
            auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!d || !d->isVisible() || qobject_cast<QMessageBox*>(d))
                return;
            if (!path.isEmpty() && guitest::answerFileDialog(d, path)) {
                ++answered;
                return;
            }
            if (auto* box = d->findChild<QDialogButtonBox*>()) {
                fill(d);
                box->button(QDialogButtonBox::Ok)->click();
                ++answered;
            }
        });
        timer_.start();
    }
    int answered = 0;

private:
    QTimer timer_;
};

QStringList rows(const QListWidget* list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->text();
    return out;
}

} // namespace

class ClipListTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void splitAndExtractThroughTheListMenu()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(kGrunt), qPrintable(w.lastError()));
        Document* doc = w.document();
        QListWidget* list = w.properties()->animationList();
        QCOMPARE(rows(list), QStringList{"grunt_hh_grabplayer_crouch"});
        doc->setTime(doc->timeOfFrame(30));
        QVERIFY(guitest::pickFromListMenu(w, 0, "splitAtFrame"));
        QCOMPARE(rows(list), (QStringList{"grunt_hh_grabplayer_crouch_0-30", "grunt_hh_grabplayer_crouch_30-100"}));
        QCOMPARE(doc->scene().animations[0].frameCount(), 31);
        QCOMPARE(doc->scene().animations[1].frameCount(), 71);
        QCOMPARE(doc->undoStack()->undoText(), QString("Split at frame 30"));

        // The second piece, frames 10 to 20 of it, as a clip of its own after it.
        {
            DialogAnswerer answer([](QDialog* d) {
                d->findChild<QSpinBox*>("firstFrame")->setValue(10);
                d->findChild<QSpinBox*>("lastFrame")->setValue(20);
            });
            QVERIFY(guitest::pickFromListMenu(w, 1, "extractRange"));
            QCOMPARE(answer.answered, 1);
        }
        QCOMPARE(list->count(), 3);
        QCOMPARE(list->item(2)->text(), QString("grunt_hh_grabplayer_crouch_30-100_10-20"));
        QCOMPARE(doc->animationIndex(), 2);
        QCOMPARE(doc->animation().frameCount(), 11);
        QCOMPARE(list->currentRow(), 2);

        // A file merged in through its dialog: the same grunt, renamed as its name is taken.
        {
            guitest::BoxAnswerer ok(guitest::BoxAnswerer::standard(QMessageBox::Ok));
            DialogAnswerer answer([](QDialog*) {}, kGrunt);
            QVERIFY(guitest::pickFromListMenu(w, 0, "mergeFiles"));
            QCOMPARE(answer.answered, 1);
            QVERIFY2(ok.seen.isEmpty(), qPrintable(ok.seen.join("\n"))); // the same skeleton and rest: nothing lost
        }
        QCOMPARE(list->count(), 4);
        QCOMPARE(list->item(3)->text(), QString("grunt_hh_grabplayer_crouch"));
        QCOMPARE(doc->scene().animations[3].frameCount(), 101);

        // Each clip saved as a file of its own, in a folder chosen in its dialog; PSA writes them.
        const QString folder = guitest::tempDir();
        {
            guitest::BoxAnswerer ok(guitest::BoxAnswerer::standard(QMessageBox::Ok));
            DialogAnswerer answer([](QDialog*) {}, folder);
            QVERIFY(guitest::pickFromListMenu(w, 0, "saveClips"));
            QTRY_COMPARE(ok.seen.size(), 1);
            QVERIFY2(ok.seen[0].startsWith("Wrote 4 files:"), qPrintable(ok.seen[0]));
        }
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 4);

        for (int i = 0; i < 3; ++i)
            doc->undoStack()->undo();
        QCOMPARE(rows(list), QStringList{"grunt_hh_grabplayer_crouch"});
        QVERIFY(!doc->isModified());
    }

    void splitAtNotesAndTheSaveThatWouldLoseClips()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        const QString copy = guitest::tempDir() + "/notes.seanim";
        QVERIFY(QFile::copy(QString(BONESCOPE_SAMPLES) + "/seanim/synth_abs_lrs_loop_notes.seanim", copy));
        QFile(copy).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        QVERIFY2(w.openFileNow(copy), qPrintable(w.lastError()));
        QVERIFY(guitest::pickFromListMenu(w, 0, "splitAtNotes"));
        QListWidget* list = w.properties()->animationList();
        QCOMPARE(rows(list), (QStringList{"start", QString::fromUtf8("fx_\xc3\xa9" "clair")}));
        QCOMPARE(w.document()->scene().animations[1].frameCount(), 6);
        // SEAnim holds one clip per file: Save refuses rather than keep one and lose the other.
        const QByteArray before = guitest::fileBytes(copy);
        QVERIFY(!w.saves()->save());
        QVERIFY2(w.saves()->lastError().contains("holds one animation per file and this document has 2"),
                 qPrintable(w.saves()->lastError()));
        QCOMPARE(guitest::fileBytes(copy), before);
    }

    // Trim says which notes it removes, in its dialog as the frames are typed and in the status bar
    // after (a first-use pass lost a footstep note without a word).
    void trimSaysWhichNotesGo()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES) + "/seanim/synth_abs_lrs_loop_notes.seanim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        const auto& notes = doc->animation().notes;
        QVERIFY(notes.size() >= 2);
        // Keep from the frame after the first note to the end: the first note (and any at its time) goes.
        const int firstNoteFrame = int(std::lround(notes.front().time * doc->fps()));
        QVERIFY(firstNoteFrame < doc->lastFrame());
        const QString gone = QString::fromStdString(notes.front().name);
        QMenu* edit = guitest::menuNamed(w.menuBar()->actions(), "Edit");
        QMenu* clip = edit ? guitest::menuNamed(edit->actions(), "Clip") : nullptr;
        QVERIFY(clip);
        emit clip->aboutToShow();
        // The graph editor open on a bone: its time axis follows the trimmed length (it kept the old).
        w.findChild<QDockWidget*>("graphEditorDock")->show();
        doc->setSelection({1}, 1);
        auto* graph = w.findChild<GraphWidget*>("graphEditor");
        QVERIFY(graph);
        QTRY_VERIFY(graph->isVisible());
        graph->frameAll();
        QVERIFY(std::abs(graph->view().endTime() - doc->duration() * 1.05) < 1e-6);
        QString before, during;
        {
            DialogAnswerer answer([&](QDialog* d) {
                auto* first = d->findChild<QSpinBox*>("trimFirst");
                auto* lost = d->findChild<QLabel*>("trimLostNotes");
                before = lost->isVisible() ? lost->text() : QString();
                first->setFocus();
                first->selectAll();
                QTest::keyClicks(first, QString::number(firstNoteFrame + 1));
                during = lost->isVisible() ? lost->text() : QString();
            });
            guitest::actionNamed(clip, "Trim...")->trigger();
            QCOMPARE(answer.answered, 1);
        }
        QCOMPARE(before, QString()); // nothing goes while every frame is kept
        QVERIFY2(during.contains(" outside the kept frames ") && during.contains(gone), qPrintable(during));
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Trimmed: ") && w.statusBar()->currentMessage().contains(gone),
                 qPrintable(w.statusBar()->currentMessage()));
        for (const auto& n : doc->animation().notes)
            QVERIFY(QString::fromStdString(n.name) != gone);
        QVERIFY2(std::abs(graph->view().endTime() - doc->duration() * 1.05) < 1e-6,
                 qPrintable(QString("axis to %1 s, clip %2 s").arg(graph->view().endTime()).arg(doc->duration())));
    }

    void closeLoopReadsAndClosesTheSeam()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES) + "/secondlife/linden_walk.anim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        auto* seam = w.findChild<QLabel*>("loopSeam");
        QVERIFY(seam);
        QVERIFY2(seam->text().startsWith("pose 17.0 deg apart (mAnkleLeft) and 9.62% of the height (mToeLeft); speed jump "), qPrintable(seam->text()));

        QMenu* edit = guitest::menuNamed(w.menuBar()->actions(), "Edit");
        QMenu* clip = edit ? guitest::menuNamed(edit->actions(), "Clip") : nullptr;
        QVERIFY(clip);
        emit clip->aboutToShow();
        QAction* close = guitest::actionNamed(clip, "Close loop...");
        QVERIFY(close && close->isEnabled());
        int frames = 0;
        QString shown;
        {
            DialogAnswerer answer([&](QDialog* d) {
                frames = d->findChild<QSpinBox*>("blendFrames")->value(); // the default, from the seam
                shown = d->findChild<QLabel*>("seamBefore")->text();
            });
            close->trigger();
            QCOMPARE(answer.answered, 1);
        }
        QCOMPARE(frames, 6);
        QVERIFY2(shown.startsWith("pose 17.0 deg apart"), qPrintable(shown));
        QCOMPARE(doc->undoStack()->undoText(), QString("Close loop"));
        QVERIFY2(seam->text().startsWith("seamless: the last frame meets the first"), qPrintable(seam->text()));
        QVERIFY2(w.statusBar()->currentMessage().contains("Loop closed over 6 frames; seam now: seamless"),
                 qPrintable(w.statusBar()->currentMessage()));
        doc->undoStack()->undo();
        QVERIFY2(seam->text().startsWith("pose 17.0 deg apart"), qPrintable(seam->text()));
    }
};

QTEST_MAIN(ClipListTest)
#include "viewer_clip_list_test.moc"
