// "Frame all" frames a short walk whole: a figure that walks away stays in view to the last frame, and
// fills at least half the view's height (a longer walk is framed where it stands: first-use test); a bone that moves away from the body later in the clip stays in view
// (Frame all and Frame selected); a lone joint is framed with the floor round it. A frame rate the file does not give (glTF) is marked as derived.
#include <algorithm>
#include <cmath>

#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/properties_panel.h"
#include "app/gui/timeline/timeline_widget.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// The shown joints' screen rectangle.
QRectF shownJoints(render::Viewport* view, const Skeleton& sk)
{
    double left = HUGE_VAL, top = HUGE_VAL, right = -HUGE_VAL, bottom = -HUGE_VAL;
    for (size_t i = 0; i < sk.size(); ++i) {
        if (view->jointMark(int(i)) == render::JointMark::Hidden)
            continue;
        const QPointF p = view->jointOnScreen(int(i)); // (-1, -1) behind the camera
        left = std::min(left, p.x());
        right = std::max(right, p.x());
        top = std::min(top, p.y());
        bottom = std::max(bottom, p.y());
    }
    return QRectF(QPointF(left, top), QPointF(right, bottom));
}

// The frame counter (a field that takes typed frames).
QWidget* frameCounter(MainWindow& w) { return w.timeline()->frameField(); }

} // namespace

class ViewerFramingTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void walkStaysInViewAfterFrameAll()
    {
        // The demo walks 1.4 m forward over its cycle.
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY(w.openDemoNow(false));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        doc->setTime(0);
        view->frameAll();
        guitest::viewportImage(w);
        const QRectF screen(0, 0, view->width(), view->height());
        const QRectF first = shownJoints(view, doc->skeleton());
        // Legible: the figure fills at least half the view height (issue 38).
        QVERIFY2(first.height() >= screen.height() * 0.5, qPrintable(QString::number(first.height())));
        for (long long f : {doc->lastFrame() / 2, doc->lastFrame()}) {
            doc->setTime(doc->timeOfFrame(f));
            guitest::viewportImage(w);
            const QRectF r = shownJoints(view, doc->skeleton());
            QVERIFY2(screen.contains(r), qPrintable(QString("frame %1: joints span (%2, %3) to (%4, %5) in %6 x %7")
                                                        .arg(f)
                                                        .arg(r.left())
                                                        .arg(r.top())
                                                        .arg(r.right())
                                                        .arg(r.bottom())
                                                        .arg(screen.width())
                                                        .arg(screen.height())));
        }
    }

    void bonesOverTheClipStayInView()
    {
        // An arm three units long lifts from pointing sideways (+X) to pointing up (+Y) halfway through
        // the clip while the body stays put: framing at the first frame must leave room for the lifted
        // arm, for Frame all and for Frame selected on the arm.
        const QString path = guitest::tempDir() + "/lift.bvh";
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("HIERARCHY\nROOT hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation "
                  "Xrotation Yrotation\n JOINT spine\n {\n  OFFSET 0 1 0\n  CHANNELS 3 Zrotation Xrotation Yrotation\n"
                  "  JOINT arm\n  {\n   OFFSET 0 0.2 0\n   CHANNELS 3 Zrotation Xrotation Yrotation\n   End Site\n"
                  "   {\n    OFFSET 3 0 0\n   }\n  }\n }\n}\nMOTION\nFrames: 3\nFrame Time: 0.5\n"
                  "0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 90 0 0\n0 0 0 0 0 0 0 0 0 0 0 0\n");
        out.close();

        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(path), qPrintable(w.lastError()));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        const Skeleton& sk = doc->skeleton();
        int tip = -1;
        for (size_t i = 0; i < sk.size(); ++i)
            if (sk.bones[i].parent == sk.find("arm"))
                tip = int(i);
        QVERIFY(tip >= 0);
        const QRectF screen(0, 0, view->width(), view->height());
        for (const bool selected : {false, true}) {
            doc->setTime(0);
            if (selected) {
                doc->setSelection({sk.find("arm")}, sk.find("arm"));
                view->frameSelected();
            } else {
                view->frameAll();
            }
            doc->setTime(0.5);
            guitest::viewportImage(w);
            QVERIFY(std::abs(doc->pose().world[tip][3].y - 4.2f) < 1e-3f); // lifted
            const QPointF at = view->jointOnScreen(tip);
            QVERIFY2(screen.contains(at), qPrintable(QString("%1: the lifted arm's tip at (%2, %3) in %4 x %5")
                                                         .arg(selected ? "frame selected" : "frame all")
                                                         .arg(at.x()).arg(at.y()).arg(screen.width()).arg(screen.height())));
        }
    }

    void frameRateFromKeySpacingIsMarked()
    {
        // A glTF file has no frame rate: the one shown is derived from its key spacing, and says so.
        const QByteArray bytes = guitest::fileBytes(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");
        const Scene walk = Registry::instance().byId("secondlife")->read(std::vector<uint8_t>(bytes.begin(), bytes.end()));
        const Format& gltf = *Registry::instance().byId("assimp");
        Report report;
        const std::vector<uint8_t> glb = gltf.write(prepareForTarget(walk, gltf, {}, report));
        const QString path = guitest::writeTempFile("walk.glb", glb);
        QVERIFY(!path.isEmpty());

        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(path), qPrintable(w.lastError()));
        QVERIFY(w.document()->animation().fpsFromKeys);
        const QString rate = QString("%1 fps (from key spacing)").arg(w.document()->fps(), 0, 'g', 6);
        QVERIFY2(guitest::treeRows(w.properties()->tree()).contains("Frame rate: " + rate),
                 qPrintable(guitest::treeRows(w.properties()->tree()).join("\n")));
        QWidget* counter = frameCounter(w);
        QVERIFY(counter);
        QVERIFY2(counter->toolTip().contains(rate), qPrintable(counter->toolTip()));

        // A file with its own rate is not marked.
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim"));
        QVERIFY(!guitest::treeRows(w.properties()->tree()).join("\n").contains("key spacing"));
        QVERIFY(!frameCounter(w)->toolTip().contains("key spacing"));
    }

    void oneJointIsFramedWithTheFloorRoundIt()
    {
        // One joint (synth_fc70000_u32), or two at one point (synth_additive_highprec: rotations only):
        // Frame all (A, typed in the view) shows the joint as a ball a fraction of the view tall with
        // the floor's grid round it, not the eye inside the ball (first-use pass 3, F8).
        for (const char* name : {"synth_fc70000_u32.seanim", "synth_additive_highprec.seanim"}) {
            MainWindow w(false);
            QVERIFY(guitest::showWindow(w, {900, 700}));
            QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES "/seanim/") + name), qPrintable(w.lastError()));
            render::Viewport* view = w.viewport();
            QTest::mouseClick(view, Qt::LeftButton, {}, QPoint(10, 10));
            QTest::keyClick(view, Qt::Key_A);
            const QImage all = guitest::viewportImage(w);
            const int area = all.width() * all.height();
            // The joint: what hiding the bones takes away.
            QAction* bones = guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "View"), "Show bones");
            QVERIFY(bones && bones->isChecked());
            bones->trigger();
            const QImage noBones = guitest::viewportImage(w);
            bones->trigger();
            const int joint = guitest::differingPixels(all, noBones);
            QVERIFY2(joint > area / 1000 && joint < area / 5,
                     qPrintable(QString("%1: the joint covers %2 of %3 pixels").arg(name).arg(joint).arg(area)));
            const QPointF at = view->jointOnScreen(0);
            QVERIFY2(QRectF(view->rect()).adjusted(view->width() / 4, view->height() / 4, -view->width() / 4,
                                                   -view->height() / 4).contains(at),
                     qPrintable(QString("%1: the joint at (%2, %3)").arg(name).arg(at.x()).arg(at.y())));
            // The floor: what hiding the grid takes away, more than a line or two.
            QAction* grid = guitest::findAction(w, "showGrid");
            QVERIFY(grid && grid->isChecked());
            grid->trigger();
            const int floor = guitest::differingPixels(all, guitest::viewportImage(w));
            grid->trigger();
            QVERIFY2(floor > view->width() * 4, qPrintable(QString("%1: the grid covers %2 pixels").arg(name).arg(floor)));
        }
    }
};

QTEST_MAIN(ViewerFramingTest)
#include "viewer_framing_test.moc"
