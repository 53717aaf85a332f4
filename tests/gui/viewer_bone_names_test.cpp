// The Bones dock keeps the names readable (first-use pass 3): "Shoulder" typed in Search bones on
// Linden's walk shows mCollarLeft, mShoulderLeft... whole, not "mS...ft" (F13); File > Compare with...
// adds its Difference column without squeezing the names to their expand arrows (F12): the names keep
// their room and the dock scrolls sideways. The full name is in each row's tooltip.
#include <QHeaderView>
#include <QLineEdit>
#include <QMenuBar>
#include <QScrollBar>
#include <QTreeView>
#include <QtTest>

#include "app/gui/compare/compare_session.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kWalk = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");

// The shown rows whose name is cut (the name column narrower than the name with its indent).
QStringList cutNames(QTreeView* tree)
{
    QStringList cut;
    for (QModelIndex i = tree->model()->index(0, BoneTreeModel::Name); i.isValid(); i = tree->indexBelow(i)) {
        const QString name = i.data().toString();
        if (!i.data(Qt::ToolTipRole).toString().startsWith(name + ":"))
            cut << name + " (no tooltip naming it)";
        if (tree->visualRect(i).width() < tree->sizeHintForIndex(i).width())
            cut << QString("%1 (%2 of %3 px)").arg(name).arg(tree->visualRect(i).width()).arg(tree->sizeHintForIndex(i).width());
    }
    return cut;
}

} // namespace

class BoneNamesTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void searchedDeepNamesAreWhole()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        QTreeView* tree = w.boneTree()->view();
        QTest::keyClicks(w.boneTree()->filter(), "Shoulder");
        QTRY_VERIFY(tree->model()->rowCount() > 0);
        QTest::qWait(50); // laid out
        QStringList shown;
        for (QModelIndex i = tree->model()->index(0, 0); i.isValid(); i = tree->indexBelow(i))
            shown << i.data().toString();
        QVERIFY2(shown.contains("mShoulderLeft") && shown.contains("mShoulderRight"), qPrintable(shown.join(" ")));
        QTRY_VERIFY2(cutNames(tree).isEmpty(), qPrintable("cut: " + cutNames(tree).join(", ") + " in a " +
                                                          QString::number(tree->viewport()->width()) + " px dock"));
    }

    void compareKeepsTheNames()
    {
        const QString copy = guitest::tempDir() + "/walk_copy.anim";
        QFile::remove(copy);
        QVERIFY(QFile::copy(kWalk, copy));
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        QTreeView* tree = w.boneTree()->view();
        QTRY_VERIFY(cutNames(tree).isEmpty()); // as the file opens (three levels shown)

        QAction* compare = guitest::findAction(w, "compareWith");
        QVERIFY(compare);
        bool picked = false;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, [&] {
            if (guitest::answerFileDialog(QApplication::activeModalWidget(), copy))
                picked = true;
        });
        answer.start();
        compare->trigger();
        answer.stop();
        QVERIFY(picked);
        QVERIFY(w.comparison()->active());
        QVERIFY(!tree->isColumnHidden(BoneTreeModel::Difference));
        QTest::qWait(50); // laid out
        QTRY_VERIFY2(cutNames(tree).isEmpty(), qPrintable("cut: " + cutNames(tree).join(", ")));
        // The difference is there too, whole, to scroll to.
        const QModelIndex pelvis = tree->model()->index(0, BoneTreeModel::Difference);
        QVERIFY(!pelvis.data().toString().isEmpty());
        QVERIFY(tree->header()->sectionSize(BoneTreeModel::Difference) >= tree->sizeHintForIndex(pelvis).width());
        // Searched while comparing: the deep names whole as well.
        QTest::keyClicks(w.boneTree()->filter(), "Shoulder");
        QTRY_VERIFY(tree->model()->rowCount() > 0);
        QTest::qWait(50);
        QTRY_VERIFY2(cutNames(tree).isEmpty(), qPrintable("cut: " + cutNames(tree).join(", ")));
    }
};

QTEST_MAIN(BoneNamesTest)
#include "viewer_bone_names_test.moc"
