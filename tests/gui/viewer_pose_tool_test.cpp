// Posing in the viewport (R rotates, G moves the selected bone, following the mouse): a click keeps the
// pose as a key and one undo step takes it back; Esc (or a right click) puts the pose back and leaves
// nothing behind, not even a step to redo. Driven with keys and mouse moves on the viewport, as a
// person poses.
#include <QAction>
#include <QCursor>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/viewport/pose_tool.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

float distance(const glm::mat4& a, const glm::mat4& b)
{
    float d = 0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            d = std::max(d, std::abs(a[c][r] - b[c][r]));
    return d;
}

// The same pose up to float rounding (the sampler may take another path to it after an edit).
bool near(const glm::mat4& a, const glm::mat4& b) { return distance(a, b) < 1e-5f; }

} // namespace

class PoseToolTest : public QObject {
    Q_OBJECT

    MainWindow* w = nullptr;

    // The chosen bone's world matrix now.
    glm::mat4 worldOf(int bone) const { return w->document()->pose().world[size_t(bone)]; }

    // Starts a gesture (`key`: R or G) with the mouse on the viewport's centre and drags it 60 px right.
    void gesture(Qt::Key key)
    {
        render::Viewport* view = w->viewport();
        const QPoint centre(view->width() / 2, view->height() / 2);
        QCursor::setPos(view->mapToGlobal(centre));
        QTest::qWait(50);
        QTest::keyClick(view, key);
        QMouseEvent move(QEvent::MouseMove, QPointF(centre + QPoint(60, -20)), view->mapToGlobal(QPointF(centre + QPoint(60, -20))),
                         Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(view, &move);
    }

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        w = new MainWindow(false);
        QVERIFY(guitest::showWindow(*w, {1280, 800}));
        QVERIFY(w->openDemoNow(false));
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w));
    }

    // R and G are the window's: with the keyboard in the bone tree (where a bone was just picked, and
    // where R went to the tree's type-ahead and picked "ROOT") and the mouse over the view, R poses.
    void keysPoseWhereverTheKeyboardIsWhileTheMouseIsOverTheView()
    {
        Document* doc = w->document();
        const int bone = doc->skeleton().find("forearm_l");
        doc->setSelection({bone}, bone);
        w->boneTree()->setFocus();
        QCursor::setPos(w->viewport()->mapToGlobal(QPoint(w->viewport()->width() / 2, w->viewport()->height() / 2)));
        QTest::qWait(50);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_R);
        QCOMPARE(doc->currentBone(), bone);
        QCOMPARE(w->poseTool()->mode(), PoseTool::Mode::Rotate);
        // While posing, the status bar says how to keep or drop the pose (nothing on screen did).
        QVERIFY2(w->statusBar()->currentMessage().startsWith("Rotating forearm_l: move the mouse; click or Enter keeps "
                                                               "the pose as a key, Esc or a right click cancels"),
                 qPrintable(w->statusBar()->currentMessage()));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QCOMPARE(w->poseTool()->mode(), PoseTool::Mode::None);
        QCOMPARE(w->statusBar()->currentMessage(), QString("Posing cancelled: nothing changed"));
        // The mouse away from the view: nothing starts, and the status bar says why.
        QCursor::setPos(w->boneTree()->mapToGlobal(QPoint(5, 5)));
        QTest::qWait(50);
        w->boneTree()->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_G);
        QCOMPARE(w->poseTool()->mode(), PoseTool::Mode::None);
        QVERIFY2(w->statusBar()->currentMessage().contains("mouse over the view"), qPrintable(w->statusBar()->currentMessage()));
    }
    void cleanupTestCase() { delete w; }

    void escapePutsThePoseBackAndLeavesNoRedo()
    {
        Document* doc = w->document();
        const int bone = doc->skeleton().find("forearm_l");
        QVERIFY(bone >= 0);
        doc->setSelection({bone}, bone);
        doc->setTime(0.2);
        const glm::mat4 before = worldOf(bone);
        QUndoStack* undo = doc->undoStack();
        const int steps = undo->count();
        gesture(Qt::Key_R);
        QVERIFY2(distance(worldOf(bone), before) > 0.01f, "the bone follows the mouse while posing");
        QTest::keyClick(w->viewport(), Qt::Key_Escape);
        QVERIFY2(near(worldOf(bone), before), qPrintable(QString::number(distance(worldOf(bone), before))));
        QCOMPARE(undo->count(), steps);
        QVERIFY(!undo->canRedo());
        // Edit > Redo says so too (it stayed enabled as "Redo Pose bone").
        QAction* redo = nullptr;
        for (QAction* a : w->findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(QKeySequence::Redo))
                redo = a;
        QVERIFY(redo);
        QVERIFY2(!redo->isEnabled(), qPrintable(redo->text()));
        QVERIFY(!doc->isModified());
    }

    void clickKeepsThePoseAsOneUndoStep()
    {
        Document* doc = w->document();
        const int bone = doc->skeleton().find("forearm_l");
        doc->setSelection({bone}, bone);
        const glm::mat4 before = worldOf(bone);
        QUndoStack* undo = doc->undoStack();
        const int steps = undo->count();
        gesture(Qt::Key_G);
        const glm::mat4 posed = worldOf(bone);
        QVERIFY(distance(posed, before) > 0.01f);
        QTest::mouseClick(w->viewport(), Qt::LeftButton, {}, QPoint(w->viewport()->width() / 2 + 60, w->viewport()->height() / 2 - 20));
        QCOMPARE(worldOf(bone), posed);
        QCOMPARE(undo->count(), steps + 1);
        QVERIFY2(w->statusBar()->currentMessage().startsWith("Pose kept as a key at frame "), qPrintable(w->statusBar()->currentMessage()));
        QVERIFY(doc->isModified());
        undo->undo();
        QVERIFY(near(worldOf(bone), before));
    }
};

QTEST_MAIN(PoseToolTest)
#include "viewer_pose_tool_test.moc"
