// The messages the window shows are written for the person using it: files opened by mistake
// (a Windows cursor named .ani, a text file renamed .anim, a PNG, a zip, Valve's DMX) are named for
// what they are, through the real File > Open dialog, naming no command-line option and no raw
// header number; a name too long for a file says why Save is greyed out; Help > About names every
// registered format.
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "file_dialog_answers.h"
#include "gui_test_support.h"
#include "tests/support/look_alike_files.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kSeanim = QStringLiteral(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");

// What a person must never be shown: a command-line option, or a header field's raw number (four
// or more digits: "1179011410", "25960.27756"). `path` is left out first (temporary folders have digits).
QString developerWords(QString text, const QString& path = {})
{
    if (!path.isEmpty())
        text.remove(path);
    if (text.contains("--"))
        return "a command-line option in: " + text;
    if (text.contains(QRegularExpression("[0-9]{4,}")) || text.contains("magic", Qt::CaseInsensitive))
        return "a raw number in: " + text;
    return {};
}

QString writeFile(const std::string& name, const std::vector<uint8_t>& bytes)
{
    const QString path = guitest::tempDir() + "/" + QString::fromStdString(name);
    writeFileAtomic(path.toStdString(), bytes, Replace::Allowed);
    return path;
}

} // namespace

class MessagesTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void lookAlikesAreNamedForWhatTheyAre()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(kSeanim));
        const QString opened = w.document()->path();
        QAction* open = guitest::findAction(w, "open");
        QVERIFY(open);
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        int loads = 0;
        for (const auto& f : test::lookAlikeFiles()) {
            const QString path = writeFile(f.name, f.bytes);
            QVERIFY(!path.isEmpty());
            guitest::FileDialogAnswers answers(path);
            open->trigger();
            ++loads;
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), loads, 30000);
            QCOMPARE(finished.last().at(0).toBool(), false);
            QTRY_COMPARE(answers.boxes.size(), 1);
            QVERIFY(answers.typed);
            const QString box = answers.boxes[0];
            QVERIFY2(box.contains(QFileInfo(path).fileName()), qPrintable(box)); // names the file
            QVERIFY2(box.contains(QString::fromStdString("this is " + f.says)), qPrintable(box));
            QVERIFY2(box.contains(QString::fromStdString(f.notA)), qPrintable(box));
            const QString bad = developerWords(box, path);
            QVERIFY2(bad.isEmpty(), qPrintable(bad));
            QCOMPARE(w.document()->path(), opened); // the open document stays
        }
    }

    // Save as with a 275-character name: Qt greys out Save; the dialog says why beside the name.
    void tooLongANameSaysWhy()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(kSeanim));
        QString label, labelAfter;
        bool saveEnabled = true;
        QTimer timer;
        timer.setInterval(20);
        QObject::connect(&timer, &QTimer::timeout, [&] {
            auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!d || !d->isVisible())
                return;
            timer.stop();
            auto* edit = d->findChild<QLineEdit*>("fileNameEdit");
            edit->clear();
            QTest::keyClicks(edit, QString(268, 'n') + ".seanim"); // 275 characters
            QApplication::processEvents();
            label = d->labelText(QFileDialog::FileName);
            for (auto* b : d->findChildren<QPushButton*>())
                if (b->text().remove('&').contains("Save"))
                    saveEnabled = b->isEnabled();
            edit->clear();
            QTest::keyClicks(edit, "short.seanim");
            labelAfter = d->labelText(QFileDialog::FileName);
            d->reject();
        });
        timer.start();
        QAction* saveAs = guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "File"), "Save as...");
        QVERIFY(saveAs);
        saveAs->trigger();
        QTRY_VERIFY(!labelAfter.isEmpty());
        QVERIFY2(label.contains("Name too long (275 characters; at most 255)"), qPrintable(label));
        QVERIFY(!saveEnabled); // Qt's own refusal, now explained
        QVERIFY2(!labelAfter.contains("too long"), qPrintable(labelAfter));
    }

    void aboutNamesEveryRegisteredFormat()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QString text;
        QTimer timer;
        timer.setInterval(20);
        QObject::connect(&timer, &QTimer::timeout, [&] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()); box && box->isVisible()) {
                text = box->text();
                box->accept();
            }
        });
        timer.start();
        guitest::findAction(w, "helpAbout")->trigger();
        QTRY_VERIFY(!text.isEmpty());
        for (const auto& f : Registry::instance().formats())
            QVERIFY2(text.contains(QString::fromStdString(f->displayName()).toHtmlEscaped()),
                     qPrintable(QString::fromStdString(f->displayName()) + " missing from: " + text));
        QVERIFY(text.contains("Cast") && text.contains("SEModel"));
    }
};

QTEST_MAIN(MessagesTest)
#include "viewer_messages_test.moc"
