// The main window on a sample of every registered format and on the demo: it opens, the viewport
// shows the skeleton and changes between frames, selection follows between the tree and the
// viewport, and the playback keys move the current frame.
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QtTest>

#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/timeline/playback_controller.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// The frame whose joints are farthest from frame 0's: where a picture must differ. `moved` gets
// how far the joints moved there, relative to the size of the skeleton at frame 0.
long long mostDifferentFrame(Document& doc, float* moved = nullptr)
{
    doc.setTime(0);
    const Pose first = doc.pose();
    long long best = 0;
    float bestDist = 0;
    const long long step = std::max<long long>(1, doc.lastFrame() / 60);
    for (long long f = step; f <= doc.lastFrame(); f += step) {
        doc.setTime(doc.timeOfFrame(f));
        float d = 0;
        for (size_t i = 0; i < first.world.size(); ++i)
            d = std::max(d, glm::length(glm::vec3(doc.pose().world[i][3] - first.world[i][3])));
        if (d > bestDist) {
            bestDist = d;
            best = f;
        }
    }
    if (moved) {
        glm::vec3 lo(HUGE_VALF), hi(-HUGE_VALF);
        for (const glm::mat4& m : first.world) {
            lo = glm::min(lo, glm::vec3(m[3]));
            hi = glm::max(hi, glm::vec3(m[3]));
        }
        const float size = glm::length(hi - lo);
        // All joints on one point at frame 0 (one bone, or bones flat at the origin): any move counts.
        *moved = size > 0 ? bestDist / size : (bestDist > 0 ? 1.f : 0.f);
    }
    return best;
}

void checkPictures(MainWindow& w, const QString& what)
{
    Document* doc = w.document();
    float moved = 0;
    const long long other = mostDifferentFrame(*doc, &moved);
    doc->setTime(0);
    w.viewport()->frameAll();
    const QImage a = guitest::viewportImage(w);
    QVERIFY2(!a.isNull(), qPrintable(what));
    // Not blank: hiding the bones and the mesh changes the picture.
    w.viewport()->setShowBones(false);
    w.viewport()->setShowMesh(false);
    const QImage empty = guitest::viewportImage(w);
    w.viewport()->setShowBones(true);
    w.viewport()->setShowMesh(true);
    QVERIFY2(guitest::differingPixels(a, empty) > 30, qPrintable(what + ": the skeleton is not visible"));
    // A pose file (Linden's "reset bones" holds the default offsets: joints move by 1e-8 of the
    // skeleton's size, float noise) moves nothing visibly.
    if (other == 0 || moved < 1e-4f)
        QSKIP(qPrintable(what + ": no frame moves a joint"));
    doc->setTime(doc->timeOfFrame(other));
    const QImage b = guitest::viewportImage(w);
    QVERIFY2(guitest::differingPixels(a, b) > 30,
             qPrintable(QString("%1: frames 0 and %2 look the same").arg(what).arg(other)));
}

} // namespace

class WindowTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void everyFormatOpensAndMoves_data()
    {
        QTest::addColumn<QString>("path");
        for (const auto& [format, files] : guitest::samplesByFormat()) {
            for (const QString& f : files)
                QTest::newRow((format + ":" + QFileInfo(f).fileName().toStdString()).c_str()) << f;
        }
    }

    void everyFormatOpensAndMoves()
    {
        QFETCH(QString, path);
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(path), qPrintable(w.lastError()));
        if (w.document()->skeleton().empty())
            QSKIP("no bones and no tracks: nothing to draw");
        checkPictures(w, path);
    }

    void demoShowsAMovingSkinnedCharacter()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY(w.openDemoNow(false));
        QVERIFY(w.document()->mesh());
        QCOMPARE(w.document()->unmatchedTracks().size(), 0);
        checkPictures(w, "demo");
    }

    void badFileReportsTheReadersMessage()
    {
        const QString path = guitest::tempDir() + "/broken.seanim";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SEAnim\x01\x00\x1c\x00", 10);
        f.close();
        MainWindow w(false);
        QVERIFY(!w.openFileNow(path));
        QVERIFY2(w.lastError().contains("broken.seanim"), qPrintable(w.lastError()));
        QVERIFY(w.document()->isEmpty());
    }

    void selectionFollowsBetweenTreeAndViewport()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY(w.openDemoNow(false));
        guitest::viewportImage(w);
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        const int head = doc->skeleton().find("head");
        QVERIFY(head >= 0);

        // Viewport -> document -> tree.
        const QPointF at = view->jointOnScreen(head);
        QVERIFY(at.x() >= 0);
        QTest::mouseClick(view, Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(doc->currentBone(), head);
        QVERIFY(view->isSelected(head));
        BoneTreePanel* tree = w.boneTree();
        const QModelIndexList rows = tree->view()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(tree->model()->boneOf(tree->proxy()->mapToSource(rows[0])), head);

        // Tree -> document -> viewport.
        const int thigh = doc->skeleton().find("thigh_l");
        const QModelIndex idx = tree->proxy()->mapFromSource(tree->model()->indexOfBone(thigh));
        tree->view()->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(doc->currentBone(), thigh);
        QVERIFY(view->isSelected(thigh));
        QVERIFY(!view->isSelected(head));

        // Clicking empty space clears the selection.
        QTest::mouseClick(view, Qt::LeftButton, {}, QPoint(3, 3));
        QVERIFY(doc->selection().empty());
        QVERIFY(tree->view()->selectionModel()->selectedRows().isEmpty());
    }

    void searchKeepsMatchesAndTheirAncestors()
    {
        MainWindow w(false);
        QVERIFY(w.openDemoNow(false));
        BoneTreePanel* tree = w.boneTree();
        tree->filter()->setText("THIGH");
        QSortFilterProxyModel* proxy = tree->proxy();
        QStringList shown;
        std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
            for (int r = 0; r < proxy->rowCount(parent); ++r) {
                const QModelIndex i = proxy->index(r, 0, parent);
                shown << i.data().toString();
                walk(i);
            }
        };
        walk({});
        QVERIFY2(shown.contains("thigh_l") && shown.contains("thigh_r") && shown.contains("pelvis"), qPrintable(shown.join(",")));
        QVERIFY(!shown.contains("spine"));
        QVERIFY(!shown.contains("shin_l"));
    }

    void keysMoveTheCurrentFrame()
    {
        MainWindow w(false);
        w.show();
        QApplication::setActiveWindow(&w); // shortcuts go to the active window
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(QApplication::activeWindow(), &w);
        QVERIFY(w.openDemoNow(false));
        Document* doc = w.document();
        w.viewport()->setFocus();
        QTest::keyClick(&w, Qt::Key_Right);
        QCOMPARE(doc->frame(), 1);
        QTest::keyClick(&w, Qt::Key_End);
        QCOMPARE(doc->frame(), doc->lastFrame());
        QTest::keyClick(&w, Qt::Key_Left);
        QCOMPARE(doc->frame(), doc->lastFrame() - 1);
        QTest::keyClick(&w, Qt::Key_Home);
        QCOMPARE(doc->frame(), 0);
        QTest::keyClick(&w, Qt::Key_Up); // the walk has a key on every frame
        QCOMPARE(doc->frame(), 1);
        QTest::keyClick(&w, Qt::Key_Down);
        QCOMPARE(doc->frame(), 0);
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        QTRY_VERIFY(doc->time() > 0);
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(!w.playback()->isPlaying());
    }

    // The ruler and the dope sheet repaint only the cursor's strips while the time moves: what is
    // on screen (read back from the X server) must equal a full repaint, with no stale cursor left.
    void timelineOnScreenMatchesAFullRepaint()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY(w.openDemoNow(false));
        Document* doc = w.document();
        for (long long f : {0LL, 3LL, 4LL, 17LL, 9LL, doc->lastFrame()}) {
            doc->setTime(doc->timeOfFrame(f));
            QCoreApplication::processEvents();
        }
        for (const char* name : {"timelineRuler", "dopeSheet"}) {
            QWidget* widget = w.findChild<QWidget*>(name);
            QVERIFY2(widget, name);
            QTRY_VERIFY2(widget->isVisible(), name);
            QTRY_COMPARE_WITH_TIMEOUT(guitest::onScreenDiffersFromFullRepaint(widget), 0, 5000);
        }
    }
};

QTEST_MAIN(WindowTest)
#include "window_test.moc"
