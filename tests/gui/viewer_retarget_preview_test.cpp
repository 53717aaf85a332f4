// File > Retarget onto skeleton, used as a person does: a real mocap walk (CMU subject 131, BVH)
// onto a glTF character of another family (CesiumMan: numbered joint names, Z-up container). The
// dialog plays the source and the result side by side before anything is accepted: both views draw
// the walk, one slider and the Play button move both, and a changed map shows in the result's view
// (and only there) once Check quality is pressed.
#include <QApplication>
#include <QComboBox>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/dialogs/retarget_preview.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::actionNamed;
using guitest::differingPixels;
using guitest::menuNamed;

namespace {

// The view as painted after what was just changed.
QImage painted(render::Viewport* view)
{
    const quint64 before = view->framesPainted();
    view->update();
    if (!QTest::qWaitFor([&] { return view->framesPainted() > before; }, 5000))
        return {};
    return view->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
}

QPushButton* buttonNamed(QWidget* parent, const QString& text)
{
    for (QPushButton* b : parent->findChildren<QPushButton*>())
        if (b->text().remove('&') == text)
            return b;
    return nullptr;
}

} // namespace

class RetargetPreviewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void sourceAndResultPlaySideBySide()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1400, 950}));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_FIXTURES) + "/rigs/cmu_131_01_walk.bvh"), qPrintable(w.lastError()));
        Document* doc = w.document();
        QAction* retarget = actionNamed(menuNamed(w.menuBar()->actions(), "File"), "Retarget onto skeleton...");
        QVERIFY(retarget);

        bool checked = false, pickedRig = false;
        QString failure;
        auto fail = [&](const QString& why) {
            if (failure.isEmpty())
                failure = why;
            // Closed, so that the test ends with the failure rather than waiting on the dialog.
            if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget()))
                QTimer::singleShot(0, d, &QDialog::reject);
        };
        QTimer answer;
        answer.setInterval(50);
        connect(&answer, &QTimer::timeout, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (guitest::answerFileDialog(modal, QString(BONESCOPE_FIXTURES) + "/rigs/CesiumMan.glb")) {
                pickedRig = true;
                return;
            }
            if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
                box->accept(); // the retarget's report
                return;
            }
            auto* dialog = qobject_cast<RetargetDialog*>(modal);
            if (!dialog || !dialog->isVisible() || checked)
                return;
            checked = true;
            answer.stop(); // the checks below wait in the event loop: no second round meanwhile
            RetargetPreview* preview = dialog->preview();
            if (!preview)
                return fail("no preview in the dialog");
            render::Viewport *source = preview->sourceView(), *result = preview->resultView();
            if (!source->isVisible() || !result->isVisible() || source->width() < 200 || result->width() < 200)
                return fail("the two views are not shown");

            // The slider moves both: a walk changes both pictures.
            const QImage source0 = painted(source), result0 = painted(result);
            preview->slider()->setValue(preview->slider()->maximum() / 2);
            if (!(preview->time() > 0.4 * doc->duration()))
                return fail(QString("the slider did not move the time: %1").arg(preview->time()));
            const QImage sourceMid = painted(source), resultMid = painted(result);
            if (differingPixels(source0, sourceMid) < 100 || differingPixels(result0, resultMid) < 100)
                return fail(QString("the pictures did not follow the slider: %1 and %2 pixels")
                                .arg(differingPixels(source0, sourceMid))
                                .arg(differingPixels(result0, resultMid)));

            // At the walk's end (8 s, several metres on) both walkers are still in their views: the
            // cameras follow the hips (a first-use pass saw them walk out of sight by 3 s).
            preview->slider()->setValue(preview->slider()->maximum());
            for (render::Viewport* view : {source, result}) {
                (void)painted(view);
                int joints = 0, seen = 0; // jointOnScreen past the last joint is (-1, -1)
                for (; view->jointOnScreen(joints) != QPointF(-1, -1) && joints < 1000; ++joints)
                    seen += QRectF(view->rect()).contains(view->jointOnScreen(joints));
                if (joints < 10 || seen * 10 < joints * 9)
                    return fail(QString("the walker left the view at the end: %1 of %2 joints in %3 x %4")
                                    .arg(seen)
                                    .arg(joints)
                                    .arg(view->width())
                                    .arg(view->height()));
            }

            // Play, as a click on the button does: time goes on, then Pause stops it.
            QTest::mouseClick(preview->playButton(), Qt::LeftButton);
            const double started = preview->time();
            (void)QTest::qWaitFor([&] { return std::abs(preview->time() - started) > 0.1; }, 5000);
            if (!preview->playing() || std::abs(preview->time() - started) <= 0.1)
                return fail("Play did not play");
            QTest::mouseClick(preview->playButton(), Qt::LeftButton);
            if (preview->playing())
                return fail("Pause did not stop");

            // The left thigh left out of the map: after Check quality, the result's picture changes
            // at the same moment, the source's does not.
            preview->slider()->setValue(preview->slider()->maximum() / 2);
            const QImage sourceBefore = painted(source), resultBefore = painted(result);
            int thigh = -1;
            for (int r = 0; r < dialog->rowCount(); ++r)
                if (dialog->findChild<QTableWidget*>()->item(r, 0)->text() == "LeftHip")
                    thigh = r;
            if (thigh < 0)
                return fail("no LeftHip row");
            dialog->targetCombo(thigh)->setCurrentIndex(0);
            QPushButton* check = buttonNamed(dialog, "Check quality");
            if (!check)
                return fail("no Check quality button");
            QTest::mouseClick(check, Qt::LeftButton);
            const QImage sourceAfter = painted(source), resultAfter = painted(result);
            if (differingPixels(sourceBefore, sourceAfter) != 0)
                return fail("the source's picture changed with the map");
            if (differingPixels(resultBefore, resultAfter) < 20)
                return fail(QString("the result's picture did not change with the map: %1 pixels")
                                .arg(differingPixels(resultBefore, resultAfter)));
            dialog->targetCombo(thigh)->setCurrentIndex(dialog->targetCombo(thigh)->findText("leg_joint_L_1"));
            answer.start();
            QTest::mouseClick(buttonNamed(dialog, "Retarget"), Qt::LeftButton);
        });
        answer.start();
        retarget->trigger();
        answer.stop();
        QVERIFY(pickedRig);
        QVERIFY(checked);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        // Accepted: the document plays the result on CesiumMan, one undo step.
        QVERIFY(doc->skeleton().find("leg_joint_L_1") >= 0);
        QVERIFY(doc->undoStack()->undoText().startsWith("Retarget onto"));
    }
};

QTEST_MAIN(RetargetPreviewTest)
#include "viewer_retarget_preview_test.moc"
