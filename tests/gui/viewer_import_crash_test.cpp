// Files that crash or abort inside Assimp, opened through the real window as a person does (File >
// Open and File > Load skeleton mesh, the path typed into the file dialog): Assimp runs in its own
// process (bonescope-import), so the window stays, with its document and its unsaved edit, and says
// which file Assimp could not read.
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "file_dialog_answers.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kSeanim = QStringLiteral(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");
const char* const kCrashing[] = {"crash_assimp_abort_properties.fbx", "crash_assimp_segfault_skin_4_influence.dae"};

QString copyOf(const QString& name)
{
    const QString to = guitest::tempDir() + "/" + name;
    QFile::remove(to);
    return QFile::copy(QStringLiteral(BONESCOPE_FIXTURES "/assimp/") + name, to) ? to : QString();
}

} // namespace

class ImportCrashTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        // The FBX file opens through Bonescope's own FBX reader when Assimp crashes on it: Assimp
        // alone here, so that the crash is what the window meets (docs/formats/fbx.md).
        qputenv("BONESCOPE_FBX_READER", "assimp");
    }

    void crashingFilesLeaveTheWindowAndItsDocument()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(kSeanim));
        const QString opened = w.document()->path();
        const size_t bones = w.document()->skeleton().size();
        QVERIFY(bones > 0);
        QMenu* file = guitest::menuNamed(w.menuBar()->actions(), "File");
        QVERIFY(file);
        QAction* open = guitest::findAction(w, "open");
        QAction* loadMesh = guitest::actionNamed(file, "Load skeleton mesh...");
        QVERIFY(open && loadMesh);
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        int loads = 0;
        for (const char* name : kCrashing) {
            const QString path = copyOf(name);
            QVERIFY(!path.isEmpty());
            for (QAction* action : {open, loadMesh}) {
                guitest::FileDialogAnswers answers(path);
                action->trigger();
                ++loads;
                QTRY_COMPARE_WITH_TIMEOUT(finished.count(), loads, 60000);
                QCOMPARE(finished.last().at(0).toBool(), false);
                QTRY_COMPARE(answers.boxes.size(), 1);
                QVERIFY(answers.typed);
                QVERIFY2(answers.boxes[0].contains(QString("crashed reading ") + name), qPrintable(action->text() + ": " + answers.boxes[0]));
                QVERIFY2(answers.boxes[0].contains("Assimp"), qPrintable(answers.boxes[0]));
                // Still here, with the document it had.
                QVERIFY(w.isVisible());
                QCOMPARE(w.document()->path(), opened);
                QCOMPARE(w.document()->skeleton().size(), bones);
                QVERIFY(!w.document()->mesh());
            }
        }
    }
};

QTEST_MAIN(ImportCrashTest)
#include "viewer_import_crash_test.moc"
