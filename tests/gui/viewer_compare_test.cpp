// File > Compare with... on a real BVH (opencollar_tower.bvh) against a copy whose lForeArm key of
// frame 30 is turned 20 degrees: through the real menu and file dialog, the copy plays as a second
// skeleton in magenta over the document (pixels of that colour appear around the forearm and hand at
// frame 30, none while both poses agree), the bone tree's Difference column shows 20 degrees for the
// forearm and its hand and none for the hips, the timeline marks frame 30, the graph editor has the
// copy's curve, an overlay moved aside draws the whole figure, and File > End comparison takes it
// all away.
#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

#include "app/gui/compare/compare_session.h"
#include "app/gui/document/document.h"
#include "app/gui/graph/graph_editor_panel.h"
#include "app/gui/graph/graph_widget.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "app/gui/timeline/timeline_widget.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kTower = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/opencollar_tower.bvh");

// The tower with lForeArm's rotation key of frame 30 turned 20 degrees about Z (across the arm, which lies along X), as a BVH.
QString towerWithOneKeyTurned()
{
    Scene s = loadScene(kTower.toStdString()).scene;
    Animation& a = *s.currentAnimation();
    Track& t = a.tracks.at(size_t(a.findTrack("lForeArm")));
    const glm::dquat q = t.rotation.keys[30].value;
    t.rotation.keys.setValue(30, glm::normalize(q * glm::angleAxis(glm::radians(20.0), glm::dvec3(0, 0, 1))));
    const QString path = guitest::tempDir() + "/tower_turned.bvh";
    const auto bytes = Registry::instance().byId("bvh")->write(s);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size()))
        return {};
    return path;
}

// Pixels of the comparison's magenta (lit: bright red and blue, little green).
int magentaPixels(const QImage& img)
{
    return guitest::pixelsWhere(img, [&](int x, int y) {
               const QRgb p = img.pixel(x, y);
               return qRed(p) > 120 && qBlue(p) > 100 && qGreen(p) < 0.55 * qRed(p) && qGreen(p) < 0.6 * qBlue(p);
           })
        .count;
}

QString differenceOf(MainWindow& w, const char* bone)
{
    BoneTreeModel* model = w.boneTree()->model();
    const QModelIndex i = model->indexOfBone(w.document()->skeleton().find(bone));
    return model->data(i.siblingAtColumn(BoneTreeModel::Difference), Qt::DisplayRole).toString();
}

} // namespace

class CompareTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void compareWithPlaysTheOtherFileAndShowsItsDifferences()
    {
        const QString turned = towerWithOneKeyTurned();
        QVERIFY(!turned.isEmpty());
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1200, 900}));
        QVERIFY2(w.openFileNow(kTower), qPrintable(w.lastError()));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        doc->setTime(doc->timeOfFrame(30));
        view->frameAll();
        const QImage alone = guitest::viewportImage(w);
        QCOMPARE(magentaPixels(alone), 0);
        QVERIFY(w.boneTree()->view()->isColumnHidden(BoneTreeModel::Difference));
        QAction* end = guitest::findAction(w, "endComparison");
        QVERIFY(end && !end->isEnabled());

        // The real menu item and file dialog.
        QMenu* file = guitest::menuNamed(w.menuBar()->actions(), "File");
        QVERIFY(file);
        QAction* compare = guitest::actionNamed(file, "Compare with...");
        QVERIFY(compare && compare == guitest::findAction(w, "compareWith"));
        bool picked = false;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, [&] {
            if (guitest::answerFileDialog(QApplication::activeModalWidget(), turned))
                picked = true;
        });
        answer.start();
        compare->trigger();
        answer.stop();
        QVERIFY(picked);
        CompareSession* session = w.comparison();
        QVERIFY2(session->active(), qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(end->isEnabled());
        QVERIFY2(w.statusBar()->currentMessage().contains("tower_turned.bvh"), qPrintable(w.statusBar()->currentMessage()));

        // The viewport: the copy's forearm and hand in magenta where they leave the document's.
        const render::OverlaySkeleton* overlay = view->overlaySkeleton(session->overlayId());
        QVERIFY(overlay);
        QCOMPARE(overlay->joints.size(), doc->skeleton().size());
        const int hand = doc->skeleton().find("lHand");
        QVERIFY(glm::distance(overlay->joints[size_t(hand)], glm::vec3(doc->pose().world[size_t(hand)][3])) > 0.5f);
        const int hip = doc->skeleton().find("hip");
        QVERIFY(glm::distance(overlay->joints[size_t(hip)], glm::vec3(doc->pose().world[size_t(hip)][3])) < 1e-4f);
        const QImage compared = guitest::viewportImage(w);
        const int atFrame30 = magentaPixels(compared);
        QVERIFY2(atFrame30 > 40, qPrintable(QString::number(atFrame30)));
        const guitest::PixelSpot spot = guitest::pixelsWhere(compared, [&](int x, int y) {
            const QRgb p = compared.pixel(x, y);
            return qRed(p) > 120 && qBlue(p) > 100 && qGreen(p) < 0.55 * qRed(p) && qGreen(p) < 0.6 * qBlue(p);
        });
        const QPointF handOnScreen = view->overlayJointOnScreen(session->overlayId(), hand);
        const QPointF elbow = view->jointOnScreen(doc->skeleton().find("lForeArm"));
        // The magenta lies between the elbow and the copy's hand.
        const QPointF mid = (handOnScreen + elbow) / 2;
        QVERIFY2(std::hypot(spot.centre.x() - mid.x(), spot.centre.y() - mid.y()) <
                     std::hypot(handOnScreen.x() - elbow.x(), handOnScreen.y() - elbow.y()) + 20,
                 qPrintable(QString("centre %1,%2 mid %3,%4").arg(spot.centre.x()).arg(spot.centre.y()).arg(mid.x()).arg(mid.y())));
        // Far from frame 30 the two agree: no magenta.
        doc->setTime(doc->timeOfFrame(10));
        QCOMPARE(magentaPixels(guitest::viewportImage(w)), 0);
        // Moved aside (what a side-by-side preview does): the whole figure in magenta.
        view->setOverlayOffset(session->overlayId(), {60.f, 0.f, 0.f});
        view->frameAll();
        const int aside = magentaPixels(guitest::viewportImage(w));
        QVERIFY2(aside > 5 * atFrame30, qPrintable(QString("%1 vs %2").arg(aside).arg(atFrame30)));
        view->setOverlayOffset(session->overlayId(), {0.f, 0.f, 0.f});

        // The bone tree: the forearm's own rotation and its hand's world rotation 20 degrees off.
        QVERIFY(!w.boneTree()->view()->isColumnHidden(BoneTreeModel::Difference));
        QVERIFY2(differenceOf(w, "lForeArm").startsWith("20.00°"), qPrintable(differenceOf(w, "lForeArm")));
        QVERIFY2(differenceOf(w, "lHand").startsWith("20.00°"), qPrintable(differenceOf(w, "lHand")));
        QVERIFY2(differenceOf(w, "hip").startsWith("0.00° 0.00"), qPrintable(differenceOf(w, "hip")));
        const BoneTreeModel* model = w.boneTree()->model();
        const QString tip = model->data(model->indexOfBone(doc->skeleton().find("lForeArm")).siblingAtColumn(BoneTreeModel::Difference),
                                        Qt::ToolTipRole)
                                .toString();
        QVERIFY2(tip.contains("Local rotation: 20.0000° at frame 30"), qPrintable(tip));

        // The timeline marks frame 30 first.
        const auto& marks = w.timeline()->ruler()->marks();
        QVERIFY(!marks.empty());
        QCOMPARE(std::llround(marks.front() * doc->fps()), 30LL);

        // The graph editor: the forearm's curves with the copy's under them, 20 degrees apart at frame 30.
        doc->setSelection({doc->skeleton().find("lForeArm")}, doc->skeleton().find("lForeArm"));
        GraphWidget* graph = w.graphEditor()->graph();
        QVERIFY(graph->overlayAnimation() == session->animationB());
        bool apart = false;
        for (const CurveId& c : graph->curves().curves()) {
            if (c.channel != ChannelKind::Rotation)
                continue;
            const double t = doc->timeOfFrame(30);
            const auto mine = graph->curves().samples(c.track, c.channel, t, t + 1e-6, 1);
            const auto theirs = graph->overlaySamples(c, t, t + 1e-6, 1);
            QVERIFY(!mine.empty() && !theirs.empty());
            apart = apart || std::abs(mine[0].value[c.component] - theirs[0].value[c.component]) > 5;
        }
        QVERIFY(apart);

        // End comparison: everything it showed goes.
        end->trigger();
        QVERIFY(!session->active());
        QVERIFY(!end->isEnabled());
        QVERIFY(!view->overlaySkeleton(session->overlayId()));
        QVERIFY(w.boneTree()->view()->isColumnHidden(BoneTreeModel::Difference));
        QVERIFY(w.timeline()->ruler()->marks().empty());
        QVERIFY(graph->overlayAnimation() == nullptr);
        doc->setTime(doc->timeOfFrame(30));
        QCOMPARE(magentaPixels(guitest::viewportImage(w)), 0);
    }

    void aFileThatDoesNotReadIsReportedAndNothingStarts()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(kTower), qPrintable(w.lastError()));
        const QString junk = guitest::tempDir() + "/junk.bvh";
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("HIERARCHY\nnot really\n");
        f.close();
        QString error;
        QVERIFY(!w.comparison()->start(junk, error));
        QVERIFY2(error.contains("junk.bvh"), qPrintable(error));
        QVERIFY(!w.comparison()->active());
        QVERIFY(!guitest::findAction(w, "endComparison")->isEnabled());
    }
};

QTEST_MAIN(CompareTest)
#include "viewer_compare_test.moc"
