// Edit > Clip > Root motion, chosen in the window's own menus as a user does, on a real mocap walk
// (CMU subject 131, BVH): In place leaves the hips where they started, Extract moves the travel to a
// new root bone (the feet stay where they were), Put back restores the hips' keys; each one undo step.
#include <QMenuBar>
#include <QMessageBox>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::actionNamed;
using guitest::menuNamed;

namespace {

glm::vec3 worldOf(Document* doc, const char* bone)
{
    const int b = doc->skeleton().find(bone);
    return b < 0 ? glm::vec3(NAN) : glm::vec3(doc->pose().world[size_t(b)][3]);
}

} // namespace

class RootMotionTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void inPlaceExtractAndPutBack()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_FIXTURES) + "/rigs/cmu_131_01_walk.bvh"), qPrintable(w.lastError()));
        Document* doc = w.document();
        const double end = doc->duration();
        doc->setTime(0);
        const glm::vec3 start = worldOf(doc, "Hips");
        doc->setTime(end);
        const glm::vec3 last = worldOf(doc, "Hips"), foot = worldOf(doc, "LeftAnkle");
        QVERIFY(glm::length(glm::vec2(last.x - start.x, last.z - start.z)) > 20); // it walks (three leg lengths)

        QMenu* clip = menuNamed(menuNamed(w.menuBar()->actions(), "Edit")->actions(), "Clip");
        QVERIFY(clip);
        emit clip->aboutToShow();
        QMenu* root = menuNamed(clip->actions(), "Root motion");
        QVERIFY(root);

        actionNamed(root, "In place (remove the travel)")->trigger();
        QCOMPARE(doc->undoStack()->undoText(), QString("Root motion in place"));
        doc->setTime(end);
        const glm::vec3 inPlace = worldOf(doc, "Hips");
        QVERIFY2(glm::length(glm::vec2(inPlace.x - start.x, inPlace.z - start.z)) < 1e-3,
                 qPrintable(QString::number(glm::length(glm::vec2(inPlace.x - start.x, inPlace.z - start.z)))));
        doc->undoStack()->undo();

        const size_t bones = doc->skeleton().size();
        actionNamed(root, "Extract to a root bone")->trigger();
        QCOMPARE(doc->undoStack()->undoText(), QString("Extract root motion"));
        QCOMPARE(doc->skeleton().size(), bones + 1);
        QVERIFY(doc->skeleton().find("root") >= 0);
        doc->setTime(end);
        QVERIFY(glm::length(worldOf(doc, "LeftAnkle") - foot) < 1e-3); // the body moves as before
        QVERIFY(glm::length(worldOf(doc, "root")) > 20);                // carried by the root

        actionNamed(root, "Put back into the hips")->trigger();
        doc->setTime(end);
        QVERIFY(glm::length(worldOf(doc, "LeftAnkle") - foot) < 1e-3);
        QVERIFY(glm::length(worldOf(doc, "root")) < 1e-3);
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QCOMPARE(doc->skeleton().size(), bones);
        QVERIFY(!doc->isModified());
    }
};

QTEST_MAIN(RootMotionTest)
#include "viewer_root_motion_test.moc"
