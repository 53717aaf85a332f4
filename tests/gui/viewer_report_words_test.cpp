// Issue 38, item 5b: what a conversion reports, and what it refuses, shown in the window's words.
// Each message the window can show from a conversion report or a refusal is triggered through the
// real menus and dialogs: an export that loses other animations and takes its frame rate from the
// keys (RobotExpressive.glb to BVH), an SEAnim exported to .anim whose bones match no avatar joint, a
// merge refused for a different skeleton, the upload check's joints that never move. Each text names
// no command-line option ("--") and no raw number (six or more digits, or 0x...), and says what the
// window offers instead.
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QtTest>

#include "app/gui/dialogs/upload_check_dialog.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "box_answerer.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::BoxAnswerer;
using guitest::whenModal;

namespace {

const QString kRobot = QStringLiteral(BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb");
const QString kSeanim = QStringLiteral(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");
const QString kGrunt = QStringLiteral(BONESCOPE_FIXTURES "/psk/grunt_hh_grabplayer_crouch_SEQ0.psa");
const QString kClap = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_clap_11constraints.anim");
// An .anim whose header says it lasts 1e15 s: baking it for BVH would take far more memory than allowed.
const QString kEndless = QStringLiteral(BONESCOPE_FIXTURES "/regressions/gui_hang_sl_duration_1e15.anim");

// What a person must never be shown: a command-line option, or a raw number (a decimal of six or
// more digits, a hexadecimal 0x...). The file's folder is left out first (temporary folders have digits).
QString developerWords(QString text)
{
    qInfo("shown: %s", qPrintable(text)); // the log keeps what a person read
    text.remove(guitest::tempDir());
    if (text.contains("--"))
        return "a command-line option in: " + text;
    if (text.contains(QRegularExpression("[0-9]{6,}|0x[0-9a-fA-F]")))
        return "a raw number in: " + text;
    return {};
}

// File > Export... with `filter` picked in the dialog's type list and `name` typed, as a person does;
// every message box that follows is recorded and answered OK ("Export anyway").
QStringList exportThroughMenu(MainWindow& w, const QString& filter, const QString& name)
{
    BoxAnswerer ok(BoxAnswerer::standard(QMessageBox::Ok));
    bool typed = false;
    whenModal<QFileDialog>([&](QFileDialog* d) {
        if (!guitest::pickFileType(d, filter))
            return;
        typed = true;
        guitest::typeFileName(d, guitest::tempDir() + "/" + name);
    });
    QAction* exportAction = guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "File"), "Export...");
    if (!exportAction)
        return {"no File > Export..."};
    exportAction->trigger();
    if (!QTest::qWaitFor([&] { return typed; }, 10000))
        return {"the export dialog never showed"};
    return ok.seen;
}

// Opens `file` in a window and exports it through File > Export...: the boxes shown.
QStringList openAndExport(const QString& file, const QString& filter, const QString& name)
{
    MainWindow w(true);
    if (!guitest::showWindow(w, {1100, 700}) || !w.openFileNow(file))
        return {"cannot open " + file};
    return exportThroughMenu(w, filter, name);
}

} // namespace

class ReportWordsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    // An export whose report lists losses: the box says what is lost and where the window does
    // something about it. RobotExpressive: fourteen animations and no frame rate, into BVH (one
    // animation, whole frames). An SEAnim whose bones are none of the avatar's, into .anim.
    void exportReportInWindowWords_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("said");
        QTest::newRow("many animations to BVH")
            << kRobot << "BVH (*.bvh)" << "robot_report.bvh"
            << QStringList{"13 other animations are not written", "the animation list", // where another is chosen
                           "no frame rate; written at 24 fps", "Edit > Clip > Frame rate"};
        QTest::newRow("SEAnim to .anim")
            << kSeanim << "Second Life .anim (*.anim)" << "seanim_report.anim"
            << QStringList{"3 notes are lost", "no bone matches the avatar", "File > Retarget onto skeleton"};
    }
    void exportReportInWindowWords()
    {
        QFETCH(QString, file);
        QFETCH(QString, filter);
        QFETCH(QString, name);
        QFETCH(QStringList, said);
        const QStringList boxes = openAndExport(file, filter, name);
        QVERIFY(QFileInfo::exists(guitest::tempDir() + "/" + name));
        QCOMPARE(boxes.size(), 1);
        for (const QString& words : said)
            QVERIFY2(boxes[0].contains(words), qPrintable(words + " not in: " + boxes[0]));
        const QString bad = developerWords(boxes[0]);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
    }

    // Into Source's SMD, what the file cannot hold is said as what it means to a person: the rate is
    // not stored (Source plays 30 fps unless the model's QC says otherwise), the mesh is not in an
    // animation SMD. Not the modder's shorthand the command line gives (the QC line, 'time' blocks,
    // studiomdl's reference file and bind pose).
    void smdExportReportInPlainWords()
    {
        const QStringList boxes = openAndExport(kRobot, "Source (SMD) (*.smd)", "robot_report.smd");
        QVERIFY(QFileInfo::exists(guitest::tempDir() + "/robot_report.smd"));
        QCOMPARE(boxes.size(), 1);
        const QString box = boxes[0];
        for (const QString& words : {QString("the frame rate (24 fps) is not kept: SMD files do not store one, and Source "
                                             "plays them at 30 fps unless the model's QC file gives another"),
                                     QString(" vertices) is not in the file: an SMD animation holds only the skeleton's motion, and "
                                             "Source takes the mesh from a model file of its own")})
            QVERIFY2(box.contains(words), qPrintable(words + " not in: " + box));
        for (const QString& words : {"'fps", "'time'", "studiomdl", "bind pose", "reference"})
            QVERIFY2(!box.contains(words), qPrintable(words + " in: " + box));
        const QString bad = developerWords(box);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
    }

    // A refusal: an export whose baking would need terabytes. The box gives the sizes, not the file's
    // frame count (twenty digits), and the window's way to a smaller export.
    void exportTooBigRefused()
    {
        const QStringList boxes = openAndExport(kEndless, "BVH (*.bvh)", "endless.bvh");
        QCOMPARE(boxes.size(), 1);
        const QString box = boxes[0];
        QVERIFY2(box.contains("cannot export: baking"), qPrintable(box));
        QVERIFY2(box.contains("Edit > Clip > Frame rate"), qPrintable(box));
        const QString bad = developerWords(box);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        QVERIFY(!QFileInfo::exists(guitest::tempDir() + "/endless.bvh"));
    }

    // A refusal: a file of another skeleton merged into a PSA through the animation list's menu.
    void mergeOfAnotherSkeletonRefused()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(kGrunt));
        BoxAnswerer ok(BoxAnswerer::standard(QMessageBox::Ok));
        bool typed = false;
        whenModal<QFileDialog>([&](QFileDialog* d) { typed = guitest::answerFileDialog(d, kRobot); });
        QVERIFY(guitest::pickFromListMenu(w, 0, "mergeFiles"));
        QVERIFY(typed);
        QTRY_COMPARE_WITH_TIMEOUT(ok.seen.size(), 1, 30000);
        const QString box = ok.seen[0];
        QVERIFY2(box.contains("cannot share one file"), qPrintable(box));
        QVERIFY2(box.contains("File > Retarget onto skeleton"), qPrintable(box));
        const QString bad = developerWords(box);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        QCOMPARE(w.document()->scene().animations.size(), size_t(1)); // nothing merged
    }

    // File > Check for Second Life upload on Linden's clap: the joint that never moves is named, with
    // the dialog's own fixes, not the command line's.
    void uploadCheckFindings()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(kClap));
        QStringList findings;
        whenModal<UploadCheckDialog>([&](UploadCheckDialog* d) {
            findings = d->findings();
            d->reject();
        });
        guitest::findAction(w, "checkUpload")->trigger();
        QTRY_VERIFY(!findings.isEmpty());
        const QString all = findings.join("\n");
        QVERIFY2(all.contains("1 joint never leaves its rest pose"), qPrintable(all));
        QVERIFY2(all.contains("Remove joints that never move"), qPrintable(all));
        const QString bad = developerWords(all);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
    }
};

QTEST_MAIN(ReportWordsTest)
#include "viewer_report_words_test.moc"
