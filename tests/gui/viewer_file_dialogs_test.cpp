// Issue 38: the window's file dialogs as a person meets them. Save As and Export of a file in a
// folder nobody may write to open in the documents folder and say why (a save there fails); of a
// file in a writable folder, in that folder. Qt's own dialog shows each file's size, type and date
// whole ("649.4 KiB", not "649...KiB"), the static QFileDialog functions' dialogs (File > Open) too.
#include <QAbstractItemDelegate>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

#include "app/gui/main_window.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::whenModal;

namespace {

const QString kClap = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_clap_11constraints.anim");

// A copy of the clap in a fresh folder `name` under the test's temporary folder.
QString clapIn(const QString& name)
{
    const QString folder = guitest::tempDir() + "/" + name;
    QDir().mkpath(folder);
    const QString path = folder + "/" + QFileInfo(kClap).fileName();
    QFile::remove(path);
    QFile::copy(kClap, path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return path;
}

// What a file dialog showed when it came up: its folder, the name offered, the line under its buttons.
struct DialogSeen {
    bool shown = false;
    QString folder, name, note;
};

// Triggers the window's action `actionName` and looks at the file dialog it opens, then cancels it.
DialogSeen dialogOf(MainWindow& w, const char* actionName)
{
    DialogSeen seen;
    whenModal<QFileDialog>([&](QFileDialog* d) {
        seen.shown = true;
        seen.folder = d->directory().absolutePath();
        if (auto* edit = d->findChild<QLineEdit*>("fileNameEdit"))
            seen.name = edit->text();
        if (auto* note = d->findChild<QLabel*>("saveFolderNote"); note && note->isVisible())
            seen.note = note->text();
        d->reject();
    });
    if (QAction* a = guitest::findAction(w, actionName))
        a->trigger();
    QTest::qWaitFor([&] { return seen.shown; }, 10000);
    return seen;
}

} // namespace

class FileDialogsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    // A folder marked read-only for everyone (as the shared samples are): Save As and Export open in
    // the documents folder, with the file's name, and say why under the dialog's buttons.
    void readOnlyFolderIsNotOffered_data()
    {
        QTest::addColumn<QString>("action");
        QTest::newRow("Save As") << "saveAs";
        QTest::newRow("Export") << "export";
    }
    void readOnlyFolderIsNotOffered()
    {
        QFETCH(QString, action);
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY(QDir().mkpath(documents));
        const QString file = clapIn("readonly-" + action);
        const QString folder = QFileInfo(file).absolutePath();
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup |
                                                  QFile::ReadOther | QFile::ExeOther));
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(file));
        const DialogSeen seen = dialogOf(w, action.toLatin1().constData());
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(seen.shown);
        QCOMPARE(seen.folder, QDir(documents).absolutePath());
        QVERIFY2(seen.name.startsWith("linden_clap_11constraints."), qPrintable(seen.name));
        QVERIFY2(seen.note.contains(folder) && seen.note.contains("read-only") && seen.note.contains(documents),
                 qPrintable(seen.note));
    }

    // A folder one may write to: the dialog opens there and says nothing more.
    void writableFolderIsOffered()
    {
        const QString file = clapIn("writable");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(file));
        for (const char* action : {"saveAs", "export"}) {
            const DialogSeen seen = dialogOf(w, action);
            QVERIFY(seen.shown);
            QCOMPARE(seen.folder, QFileInfo(file).absolutePath());
            QVERIFY2(seen.name.startsWith("linden_clap_11constraints."), qPrintable(seen.name));
            QVERIFY2(seen.note.isEmpty(), qPrintable(seen.note));
        }
    }

    // File > Open (a static QFileDialog function) in a folder holding a file of 649.4 KiB dated in
    // November: in the detail view every size, type and date fits its column, as the item delegate
    // measures it, and the name column keeps room.
    void columnsShowWholeSizesAndDates()
    {
        const QString file = clapIn("columns");
        const QString folder = QFileInfo(file).absolutePath();
        {
            QFile big(folder + "/big_capture.bvh");
            QVERIFY(big.open(QIODevice::WriteOnly));
            big.write(QByteArray(665000, 'x'));
        }
        for (const QString& name : QDir(folder).entryList(QDir::Files)) {
            QFile f(folder + "/" + name);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(QDateTime(QDate(2026, 11, 29), QTime(20, 25, 48)), QFileDevice::FileModificationTime));
        }
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1100, 700}));
        QVERIFY(w.openFileNow(file));
        QStringList cut;
        int rows = 0, nameWidth = 0, viewWidth = 0;
        bool looked = false;
        whenModal<QFileDialog>([&](QFileDialog* d) {
            if (auto* detail = d->findChild<QToolButton*>("detailModeButton"))
                detail->click(); // as a person asks for sizes and dates
            auto* tree = d->findChild<QTreeView*>("treeView");
            if (tree && QTest::qWaitFor([&] { return tree->model()->rowCount(tree->rootIndex()) >= 2; }, 5000)) {
                QTest::qWait(300); // the folder's details arrive from another thread
                QStyleOptionViewItem option;
                option.initFrom(tree);
                const QHeaderView* header = tree->header();
                rows = tree->model()->rowCount(tree->rootIndex());
                for (int row = 0; row < rows; ++row)
                    for (int column = 1; column < header->count(); ++column) {
                        const QModelIndex index = tree->model()->index(row, column, tree->rootIndex());
                        const int needs = tree->itemDelegate()->sizeHint(option, index).width();
                        if (needs > header->sectionSize(column))
                            cut << QString("%1 (%2 px wanted, %3 given)")
                                       .arg(index.data().toString()).arg(needs).arg(header->sectionSize(column));
                    }
                nameWidth = header->sectionSize(0);
                viewWidth = tree->viewport()->width();
            }
            looked = true;
            d->reject();
        });
        guitest::findAction(w, "open")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(looked, 15000);
        QCOMPARE(rows, 2);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join("; ")));
        QVERIFY2(nameWidth * 3 >= viewWidth, qPrintable(QString("name %1 of %2 px").arg(nameWidth).arg(viewWidth)));
    }
};

QTEST_MAIN(FileDialogsTest)
#include "viewer_file_dialogs_test.moc"
