// File > Export video... in the window, answered as a user answers it: the file dialog, the frames and
// size, the progress dialog (and its Cancel), and the message when ffmpeg is missing. The document is
// never changed by an export.
#include <functional>

#include <QAbstractButton>
#include <QApplication>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/video/video_export_dialog.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kWalk = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");

// File > Export video..., as the File menu holds it.
QAction* exportVideoAction(MainWindow& w)
{
    for (QAction* menu : w.menuBar()->actions())
        if (menu->menu() && menu->text().remove('&') == "File")
            for (QAction* a : menu->menu()->actions())
                if (a->objectName() == "exportVideo")
                    return a;
    return nullptr;
}

QStringList filesIn(const QString& dir) { return QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name); }

bool haveFfmpeg() { return !QStandardPaths::findExecutable("ffmpeg").isEmpty(); }

// What the export showed while answered as a user answers it.
struct Answered {
    bool fileDialog = false; // answered with the path
    bool settings = false;   // the settings dialog, filled in and accepted
    QStringList boxes;       // message boxes, answered Yes (or OK)
};

// Triggers File > Export video and answers its dialogs until it returns: the file dialog with `path`,
// the settings dialog through `fill` then Export, every message box with Yes or OK. `progress` sees the
// progress dialog each time the answerer looks (`intervalMs` apart; 0: at every pass of its events).
Answered exportAnswering(MainWindow& w, const QString& path, const std::function<void(VideoExportDialog&)>& fill = {},
                         const std::function<void(QProgressDialog&)>& progress = {}, int intervalMs = 20)
{
    Answered seen;
    QPointer<QFileDialog> answering; // answered, and maybe asking whether to replace the file
    QTimer answer;
    answer.setInterval(intervalMs);
    QObject::connect(&answer, &QTimer::timeout, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (auto* files = qobject_cast<QFileDialog*>(modal); files && files->isVisible()) {
            if (answering == files)
                return;
            answering = files;
            // Queued: its question about replacing a file opens inside the answer, and this timer
            // has to be free to answer that too.
            QTimer::singleShot(0, files, [files, &seen, &path] { seen.fileDialog = guitest::answerFileDialog(files, path); });
        } else if (auto* settings = qobject_cast<VideoExportDialog*>(modal); settings && settings->isVisible()) {
            if (fill)
                fill(*settings);
            settings->accept();
            seen.settings = true;
        } else if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
            seen.boxes << box->text();
            if (QAbstractButton* yes = box->button(QMessageBox::Yes))
                yes->click();
            else
                box->accept();
        } else if (auto* bar = qobject_cast<QProgressDialog*>(modal); bar && bar->isVisible() && progress) {
            progress(*bar);
        }
    });
    answer.start();
    exportVideoAction(w)->trigger();
    return seen;
}

} // namespace

class ExportVideoTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void exportThroughTheMenu()
    {
        if (!haveFfmpeg())
            QSKIP("ffmpeg is not installed: File > Export video says so (tested below)");
        const QString dir = guitest::tempDir() + "/menu";
        QDir().mkpath(dir);
        const QString path = dir + "/walk.gif";
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(doc->timeOfFrame(9));
        QVERIFY(exportVideoAction(w));

        long long offeredTo = -1;
        const Answered seen = exportAnswering(w, path, [&](VideoExportDialog& settings) {
            offeredTo = settings.range().to;
            settings.choose({2, 7}, {200, 150});
        });
        QVERIFY(seen.fileDialog && seen.settings);
        QVERIFY2(seen.boxes.isEmpty(), qPrintable(seen.boxes.join('\n')));
        QCOMPARE(offeredTo, doc->lastFrame()); // the whole clip unless told
        QCOMPARE(filesIn(dir), QStringList{"walk.gif"}); // no temporary file left beside it
        const QByteArray gif = guitest::fileBytes(path);
        QCOMPARE(gif.left(6), QByteArray("GIF89a"));
        // The logical screen's width and height, little-endian, right after the signature.
        QCOMPARE(uchar(gif[6]) | uchar(gif[7]) << 8, 200);
        QCOMPARE(uchar(gif[8]) | uchar(gif[9]) << 8, 150);
        if (const QString ffprobe = QStandardPaths::findExecutable("ffprobe"); !ffprobe.isEmpty()) {
            QProcess p;
            p.start(ffprobe, {"-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path});
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(QString::fromLatin1(p.readAllStandardOutput()).trimmed(), QString("6"));
        }
        QVERIFY(w.statusBar()->currentMessage().contains("Exported walk.gif (6 frames)"));
        // Nothing of the document changed: same frame shown, nothing to undo or save.
        QCOMPARE(doc->frame(), 9LL);
        QVERIFY(doc->undoStack()->isClean());
        QVERIFY(!w.isWindowModified());
    }

    void replacesAFileOnlyOnceTheUserAgrees()
    {
        if (!haveFfmpeg())
            QSKIP("ffmpeg is not installed: File > Export video says so (tested below)");
        const QString dir = guitest::tempDir() + "/replace";
        QDir().mkpath(dir);
        const QString path = dir + "/walk.gif";
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly) && old.write("an older export") > 0);
        old.close();
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));

        const Answered seen = exportAnswering(w, path, [](VideoExportDialog& settings) { settings.choose({0, 3}, {160, 120}); });
        QVERIFY(seen.fileDialog && seen.settings);
        QCOMPARE(seen.boxes.size(), 1); // the file dialog's question, answered Yes
        QVERIFY2(seen.boxes[0].contains("already exists"), qPrintable(seen.boxes[0]));
        QCOMPARE(guitest::fileBytes(path).left(6), QByteArray("GIF89a"));
        QCOMPARE(filesIn(dir), QStringList{"walk.gif"});
    }

    void cancelLeavesNoFile()
    {
        if (!haveFfmpeg())
            QSKIP("ffmpeg is not installed: File > Export video says so (tested below)");
        const QString dir = guitest::tempDir() + "/cancel";
        QDir().mkpath(dir);
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        Document* doc = w.document();
        const double shown = doc->time();

        int cancelledAt = -1;
        const auto cancel = [&](QProgressDialog& progress) {
            if (progress.value() < 2 || cancelledAt >= 0)
                return;
            cancelledAt = progress.value();
            for (QPushButton* b : progress.findChildren<QPushButton*>())
                if (b->text().remove('&') == "Cancel")
                    b->click();
        };
        const Answered seen = exportAnswering(w, dir + "/walk.mp4", {}, cancel, 0);
        QVERIFY(seen.fileDialog && seen.settings && seen.boxes.isEmpty());

        QVERIFY(cancelledAt >= 2 && cancelledAt < doc->lastFrame() + 1);
        QVERIFY2(filesIn(dir).isEmpty(), qPrintable(filesIn(dir).join(", "))); // neither the video nor ffmpeg's temporary
        QVERIFY(w.statusBar()->currentMessage().contains("cancelled"));
        QCOMPARE(doc->time(), shown);
        QVERIFY(doc->undoStack()->isClean());
    }

    void missingFfmpegIsSaid()
    {
        const QString dir = guitest::tempDir() + "/no-ffmpeg";
        QDir().mkpath(dir);
        qputenv("BONESCOPE_FFMPEG", QFile::encodeName(dir + "/not-here/ffmpeg"));
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));

        const Answered seen = exportAnswering(w, dir + "/walk.mp4");
        qunsetenv("BONESCOPE_FFMPEG");

        QVERIFY(!seen.fileDialog && !seen.settings); // said before asking anything
        QCOMPARE(seen.boxes.size(), 1);
        QVERIFY2(seen.boxes[0].startsWith("ffmpeg not found: install it"), qPrintable(seen.boxes[0]));
        QVERIFY(seen.boxes[0].contains("not-here/ffmpeg, which is not a program"));
        QVERIFY(filesIn(dir).isEmpty());
    }
};

QTEST_MAIN(ExportVideoTest)
#include "viewer_export_video_test.moc"
