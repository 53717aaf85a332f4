// The window never loses the user's work across document switches: a recovered document keeps its
// autosave copy until it is saved or discarded; a file still loading when recovery is offered comes
// in first, and a load that finishes after another document came in asks before replacing it; the
// open file rewritten by another program is noticed and reloaded (File > Reload, and the "Reload
// when the file changes" option) keeping the camera, the frame and the selection.
#include <filesystem>

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/document/autosave.h"
#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/demo_assets.h"
#include "app/gui/document/document.h"
#include "app/gui/document/file_watch.h"
#include "app/gui/main_window.h"
#include "app/gui/saving/save_controller.h"
#include "app/gui/document/scene_loading.h"
#include "box_answerer.h"
#include "gui_test_support.h"
#include "formats/seanim/seanim_format.h"
#include "render/viewport.h"
#include "tests/bench/synthetic.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kSmall = BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim";
const QString kBig = BONESCOPE_SAMPLES "/seanim/synth_300bones_u16mods.seanim";

QString copyOf(const QString& sample, const QString& name)
{
    const QString path = guitest::tempDir() + "/" + name;
    QFile::remove(path);
    QFile::copy(sample, path);
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return path;
}

QString autosaveFolder() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave"; }

// A session that ended with unsaved edits to `path` (played on `mesh`, if given): its autosave copy
// is left behind.
void crashWithEdits(const QString& path, const QString& note, const QString& mesh = {})
{
    Document doc;
    LoadResult r = loadAnimationFile(path);
    doc.setScene(std::move(*r.scene), path, r.stamp);
    if (!mesh.isEmpty()) {
        LoadResult m = loadMeshFile(mesh);
        QVERIFY2(m.scene, qPrintable(m.error));
        doc.setSkeletonMesh(std::move(*m.scene), m.path);
    }
    Autosave autosave(&doc);
    addNoteEdit(&doc, 0.1, note);
    QVERIFY(autosave.writeNow());
}

// A SEAnim big enough (about 25 MB) that reading it takes a noticeable moment.
QString slowToLoad(const QString& name)
{
    Scene s;
    s.animations.push_back(bench::makeAnimation(300, 3000));
    const std::vector<uint8_t> bytes = SeanimFormat().write(s);
    const QString path = guitest::tempDir() + "/" + name;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size()))
        return {};
    return path;
}

bool hasNote(const Document& doc, const std::string& name)
{
    const auto& notes = doc.animation().notes;
    return std::any_of(notes.begin(), notes.end(), [&](const Note& n) { return n.name == name; });
}

// Rewrites `path` the way an exporter does: a temporary file renamed over it, holding the same
// animation with one more note.
void exportOver(const QString& path, const QString& note)
{
    Document other;
    LoadResult r = loadAnimationFile(path);
    other.setScene(std::move(*r.scene), path, r.stamp);
    addNoteEdit(&other, 0.05, note);
    SaveController s(&other, nullptr, false);
    QVERIFY(s.saveAs(path + ".tmp"));
    std::filesystem::rename((path + ".tmp").toStdString(), path.toStdString());
}

} // namespace

class WindowSafetyTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }
    void init() { QDir(autosaveFolder()).removeRecursively(); }

    void recoveredEditsKeepTheirCopyUntilSaved()
    {
        const QString path = copyOf(kSmall, "recover.seanim");
        crashWithEdits(path, "before_the_crash");
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Yes));
        MainWindow w(true);
        QTRY_VERIFY(w.document()->isModified());
        QVERIFY(hasNote(*w.document(), "before_the_crash"));
        QCOMPARE(w.document()->path(), path);
        // A second crash now must not lose the recovered edits: the copy is still there...
        Document next;
        QCOMPARE(Autosave(&next).pending().size(), 1);
        // ...and is rewritten as the edits go on.
        addNoteEdit(w.document(), 0.2, "after_recovery");
        QVERIFY(w.autosave()->writeNow());
        const QList<Recovery> left = Autosave(&next).pending();
        QCOMPARE(left.size(), 1);
        Document check;
        LoadResult r = loadAnimationFile(left[0].autosavePath);
        check.setScene(std::move(*r.scene), path);
        QVERIFY(hasNote(check, "after_recovery"));
        // Saved: the copy goes.
        QVERIFY(w.saves()->save());
        QVERIFY(Autosave(&next).pending().isEmpty());
        QCOMPARE(answer.seen.size(), 1);
    }

    // The skeleton mesh the edits were made on comes back with them (it was gone after a recovery).
    void recoveryBringsBackTheSkeletonMesh()
    {
        const QString path = copyOf(demoFiles().animation, "walk_on_mesh.seanim");
        const QString mesh = copyOf(demoFiles().mesh, "walk_mesh.glb");
        crashWithEdits(path, "on_the_mesh", mesh);
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Yes));
        MainWindow w(true);
        QTRY_VERIFY(w.document()->isModified());
        QVERIFY(hasNote(*w.document(), "on_the_mesh"));
        QCOMPARE(w.document()->meshPath(), mesh);
        QVERIFY(w.document()->mesh());
        w.autosave()->discard();
    }

    void recoveryWaitsForTheStartupLoad()
    {
        const QString recovered = copyOf(kSmall, "crashed.seanim");
        const QString big = slowToLoad("big.seanim");
        QVERIFY(!big.isEmpty());
        crashWithEdits(recovered, "recover_me");
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Yes));
        MainWindow w(true);
        QStringList order;
        connect(&w, &MainWindow::loadFinished, this, [&](bool ok) {
            // The recovery question must not be open (or answered) while the startup load is still running.
            order << QString(ok ? "loaded" : "load refused") + (QApplication::activeModalWidget() || !answer.seen.isEmpty() ? " after the question" : "");
        });
        QTimer::singleShot(0, &w, [&] { w.openFile(big); }); // as `bonescope big.seanim` does (app/gui/main.cpp)
        QTRY_VERIFY_WITH_TIMEOUT(!answer.seen.isEmpty(), 20000);
        QCOMPARE(order, QStringList{"loaded"});
        QTRY_COMPARE(w.document()->path(), recovered);
        QVERIFY(hasNote(*w.document(), "recover_me"));
        QVERIFY(w.document()->isModified());
        QVERIFY(w.isWindowModified());
        QTest::qWait(200);
        QCOMPARE(w.document()->path(), recovered);
    }

    void aLateLoadAsksBeforeReplacingEdits()
    {
        const QString first = copyOf(kSmall, "first.seanim");
        const QString late = copyOf(kBig, "late.seanim");
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Cancel));
        MainWindow w(true);
        QVERIFY(w.openFileNow(first));
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(late);
        // Before the load ends, the user edits the open document.
        addNoteEdit(w.document(), 0.1, "typed_while_loading");
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished[0][0].toBool(), false);
        QCOMPARE(answer.seen.size(), 1);
        QVERIFY(answer.seen[0].contains("unsaved changes"));
        QCOMPARE(w.document()->path(), first);
        QVERIFY(hasNote(*w.document(), "typed_while_loading"));
    }

    // A 200-letter file name is shortened in the middle in the unsaved-changes question (the box
    // wraps at spaces only, and cut it mid-word): its start and its extension are still there.
    void aLongNameIsShortenedInTheQuestion()
    {
        const QString name = QString(200, 'w') + "_final.seanim";
        const QString path = copyOf(kSmall, name);
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Cancel));
        MainWindow w(true);
        QVERIFY(w.openFileNow(path));
        addNoteEdit(w.document(), 0.1, "long_name_edit");
        QVERIFY(!w.saves()->maybeSave()); // Cancel: nothing lost, nothing closed
        QCOMPARE(answer.seen.size(), 1);
        const QString text = answer.seen[0];
        QVERIFY2(text.contains(QString(40, 'w') + QChar(0x2026)), qPrintable(text));
        QVERIFY2(text.contains("_final.seanim has unsaved changes"), qPrintable(text));
        QVERIFY2(text.size() < 160, qPrintable(text));
    }

    void reloadWhenTheFileChangesKeepsTheView()
    {
        const QString path = copyOf(kSmall, "loop.seanim");
        MainWindow w(false);
        QVERIFY(w.openFileNow(path));
        QAction* option = guitest::findAction(w, "reloadWhenChanged");
        QVERIFY(option);
        option->setChecked(true);
        QVERIFY(w.fileWatch()->autoReload());
        Document* doc = w.document();
        doc->setSelection({1}, 1);
        doc->setTime(doc->timeOfFrame(3));
        w.viewport()->camera().distance = 7.5f;
        const double time = doc->time();
        QSignalSpy reloaded(w.fileWatch(), &FileWatch::reloaded);

        exportOver(path, "first_export");
        QTRY_COMPARE(reloaded.size(), 1);
        QVERIFY(hasNote(*doc, "first_export"));
        QVERIFY(!doc->isModified());
        QCOMPARE(doc->time(), time);
        QCOMPARE(doc->selection(), std::vector<int>{1});
        QCOMPARE(w.viewport()->camera().distance, 7.5f);

        // The exporter runs again (a rename again): the watch followed the new file.
        exportOver(path, "second_export");
        QTRY_COMPARE(reloaded.size(), 2);
        QVERIFY(hasNote(*doc, "second_export"));

        // With unsaved edits nothing is reloaded: Save asks instead.
        addNoteEdit(doc, 0.3, "mine");
        exportOver(path, "third_export");
        QTest::qWait(1000);
        QCOMPARE(reloaded.size(), 2);
        QVERIFY(hasNote(*doc, "mine"));
        option->setChecked(false);
    }

    void saveAsWatchesTheNewFile()
    {
        MainWindow w(false);
        QVERIFY(w.openFileNow(copyOf(kSmall, "before_save_as.seanim")));
        w.fileWatch()->setAutoReload(true);
        const QString renamed = guitest::tempDir() + "/after_save_as.seanim";
        QVERIFY(w.saves()->saveAs(renamed));
        QSignalSpy reloaded(w.fileWatch(), &FileWatch::reloaded);
        exportOver(renamed, "seen_after_save_as");
        QTRY_COMPARE(reloaded.size(), 1);
        QVERIFY(hasNote(*w.document(), "seen_after_save_as"));
        w.fileWatch()->setAutoReload(false);
    }

    void changeWithoutEditsOffersReload()
    {
        const QString path = copyOf(kSmall, "offer.seanim");
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Yes));
        MainWindow w(true);
        QVERIFY(w.openFileNow(path));
        QSignalSpy reloaded(w.fileWatch(), &FileWatch::reloaded);
        exportOver(path, "offered");
        QTRY_COMPARE(reloaded.size(), 1);
        QCOMPARE(answer.seen.size(), 1);
        QVERIFY(answer.seen[0].contains("offer.seanim"));
        QVERIFY(hasNote(*w.document(), "offered"));
    }

    void fileReloadAction()
    {
        const QString path = copyOf(kSmall, "f5.seanim");
        MainWindow w(false);
        QVERIFY(w.openFileNow(path));
        QAction* reload = guitest::findAction(w, "reload");
        QVERIFY(reload);
        QCOMPARE(reload->shortcut(), QKeySequence(QKeySequence::Refresh));
        addNoteEdit(w.document(), 0.3, "unsaved");
        QVERIFY(!w.fileWatch()->reload()); // not interactive: unsaved edits are not thrown away
        QVERIFY(hasNote(*w.document(), "unsaved"));
        w.document()->undoStack()->undo();
        reload->trigger();
        QVERIFY(!w.document()->isModified());
        QVERIFY(!hasNote(*w.document(), "unsaved"));
    }
};

QTEST_MAIN(WindowSafetyTest)
#include "window_safety_test.moc"
