// Up and Down, typed as a person types them: in the clip list and in the Bones tree, once clicked, they
// move through the list (RobotExpressive's 14 clips: Idle, then two down); with the 3D view focused they
// stay the timeline's next / previous key (first-use pass 3, F11). And the clip list shows up to eight
// clips at once, the properties below it keeping their room.
#include <QListWidget>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/panels/properties_panel.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kRobot = QStringLiteral(BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb");

QString clipName(MainWindow& w) { return QString::fromStdString(w.document()->animation().name); }

} // namespace

class ArrowKeysTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void upDownMoveInTheClipListAndTheBoneTree()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY2(w.openFileNow(kRobot), qPrintable(w.lastError()));

        // The clip list: Idle clicked, then Down twice, as the new user did.
        QListWidget* list = w.properties()->animationList();
        const QList<QListWidgetItem*> idle = list->findItems("Idle", Qt::MatchExactly);
        QCOMPARE(idle.size(), 1);
        const int idleRow = list->row(idle[0]);
        QVERIFY(idleRow + 2 < list->count());
        const QString twoDown = list->item(idleRow + 2)->text();
        list->scrollToItem(idle[0]);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(idle[0]).center());
        QTRY_COMPARE(clipName(w), QString("Idle"));
        QVERIFY(list->hasFocus());
        QTest::keyClick(list, Qt::Key_Down);
        QTest::keyClick(list, Qt::Key_Down);
        QCOMPARE(list->currentRow(), idleRow + 2);
        QTRY_COMPARE(clipName(w), twoDown);
        QTest::keyClick(list, Qt::Key_Up);
        QCOMPARE(list->currentRow(), idleRow + 1);

        // The Bones tree: a bone clicked, then Down selects the row below it.
        QTreeView* tree = w.boneTree()->view();
        const QModelIndex first = tree->model()->index(0, 0);
        QVERIFY(first.isValid());
        const QModelIndex next = tree->indexBelow(first);
        QVERIFY(next.isValid());
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(first).center());
        QTRY_COMPARE(w.document()->selection().size(), size_t(1));
        const int clicked = w.document()->currentBone();
        QVERIFY(tree->hasFocus());
        QTest::keyClick(tree, Qt::Key_Down);
        QCOMPARE(tree->currentIndex(), next);
        QTRY_VERIFY(w.document()->currentBone() != clicked);
        QCOMPARE(w.document()->selection().size(), size_t(1));

        // The 3D view: Up is the next key again.
        render::Viewport* view = w.viewport();
        QTest::mouseClick(view, Qt::LeftButton, {}, QPoint(5, 5));
        QVERIFY(view->hasFocus());
        w.document()->setTime(0);
        QTest::keyClick(view, Qt::Key_Up);
        QVERIFY2(w.document()->time() > 0, qPrintable(QString::number(w.document()->time())));
    }

    // RobotExpressive's 14 clips in a 1280 x 800 window as a first run lays it out: eight of them in
    // sight (the list was three rows tall), the properties below still eight rows or more.
    void clipListShowsEightClips()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY2(w.openFileNow(kRobot), qPrintable(w.lastError()));
        QListWidget* list = w.properties()->animationList();
        QCOMPARE(list->count(), 14);
        const int clip = list->visualItemRect(list->item(0)).height();
        QVERIFY(clip > 0);
        QTRY_VERIFY2(list->viewport()->height() / clip >= 8,
                     qPrintable(QString("%1 clips of %2 px in %3 px").arg(list->viewport()->height() / clip).arg(clip).arg(list->viewport()->height())));
        QTreeWidget* tree = w.properties()->tree();
        const int row = tree->visualItemRect(tree->topLevelItem(0)).height();
        QVERIFY2(tree->viewport()->height() / row >= 8,
                 qPrintable(QString("%1 property rows of %2 px in %3 px").arg(tree->viewport()->height() / row).arg(row).arg(tree->viewport()->height())));
    }
};

QTEST_MAIN(ArrowKeysTest)
#include "viewer_arrow_keys_test.moc"
