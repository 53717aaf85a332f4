// A LEGO Island .ani with camera keys (built byte by byte here): the viewport draws the eye's path and
// the eye and target at the current time, and View > Look through animated camera shows the scene from
// that camera as playback moves it. The sample pns065rd.ani has no camera: nothing is drawn and the
// action is disabled.
#include <QAction>
#include <QtTest>

#include "app/gui/viewport/camera_track.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "formats/file_io.h"
#include "gui_test_support.h"
#include "render/viewport.h"
#include "tests/formats/lego_test_builder.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// One second long. Camera (flag 0x01 "active" on every key): the eye moves from (0,2,-10) to
// (4,2,-10), the target from (0,1,0) to (4,1,0), no roll. Nodes: "-scene" at the origin holding
// "dummy", which follows the camera target exactly, with "above" half a unit over it, and "anchor"
// standing at (10,0,5) so that framing the whole scene does not centre on the dummy.
// The viewer negates x of every position (the game is left-handed): the dummy is at (-4t, 1, 0).
std::vector<uint8_t> cameraFile()
{
    test::AniBuilder b;
    b.header(1, 0, {}, 1000);
    b.count(2).vec(0, 1, 0, 2, -10).vec(1000, 1, 4, 2, -10);
    b.count(2).vec(0, 1, 0, 1, 0).vec(1000, 1, 4, 1, 0);
    b.count(1).roll(0, 1, 0);
    b.bareNode("-scene", 2);
    b.name("dummy").count(2).vec(0, 1, 0, 1, 0).vec(1000, 1, 4, 1, 0).count(0).count(0).count(0).children(1);
    b.name("above").count(1).vec(0, 1, 0, 0.5f, 0).count(0).count(0).count(0).children(0);
    b.name("anchor").count(1).vec(0, 1, 10, 0, 5).count(0).count(0).count(0).children(0);
    return b.bytes();
}

bool near(const glm::vec3& a, const glm::vec3& b) { return glm::distance(a, b) < 1e-5f; }

} // namespace

class CameraTest : public QObject {
    Q_OBJECT
    QString file;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        file = guitest::tempDir() + "/camera.ani";
        writeFileAtomic(file.toStdString(), cameraFile());
    }

    void pathAndTargetAreDrawn()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(file), qPrintable(w.lastError()));
        QVERIFY(w.cameraTrack()->available());
        render::Viewport* view = w.viewport();
        w.document()->setTime(0.5);

        // The path through the eye's keys, then the eye and the target now, then the line between.
        const auto& paths = view->paths();
        QCOMPARE(paths.size(), size_t(4));
        QCOMPARE(paths[0].points.size(), size_t(2));
        QVERIFY(near(paths[0].points[0], {0, 2, -10}));
        QVERIFY(near(paths[0].points[1], {-4, 2, -10}));
        QCOMPARE(paths[1].points.size(), size_t(1));
        QVERIFY(near(paths[1].points[0], {-2, 2, -10}));
        QCOMPARE(paths[2].points.size(), size_t(1));
        QVERIFY(near(paths[2].points[0], {-2, 1, 0}));

        // The overlay shows in the picture.
        view->frameAll();
        const QImage with = guitest::viewportImage(w);
        const auto kept = paths;
        view->setPaths({});
        const QImage without = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(with, without) > 50);
        view->setPaths(kept);
    }

    void lookThroughFollowsPlayback()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(file), qPrintable(w.lastError()));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        const int dummy = doc->skeleton().find("dummy"), above = doc->skeleton().find("above");
        QVERIFY(dummy >= 0 && above >= 0);
        QAction* look = guitest::findAction(w, "lookThroughCamera");
        QVERIFY(look && look->isEnabled() && look->isCheckable() && !look->isChecked());

        doc->setTime(0.25);
        view->frameAll();
        const QImage orbit = guitest::viewportImage(w);
        const QPointF centre(view->width() / 2.0, view->height() / 2.0);
        auto distanceToCentre = [&](int bone) {
            const QPointF p = view->jointOnScreen(bone);
            return std::hypot(p.x() - centre.x(), p.y() - centre.y());
        };
        QVERIFY(distanceToCentre(dummy) > 20); // framing the scene centres elsewhere

        look->trigger();
        QVERIFY(view->lookingThrough());
        const QImage through = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(orbit, through) > 500);
        // The camera looks at its target, where the dummy is: the centre of the view, at every time.
        for (double t : {0.25, 0.5, 0.75, 1.0}) {
            doc->setTime(t);
            QVERIFY2(distanceToCentre(dummy) < 1.0, qPrintable(QString("t %1: %2").arg(t).arg(distanceToCentre(dummy))));
            // Its up is the world's: "above" is straight above the target on screen.
            const QPointF up = view->jointOnScreen(above);
            QVERIFY(std::abs(up.x() - centre.x()) < 1.0);
            QVERIFY(up.y() < centre.y() - 5);
        }
        // Playback moves the camera: the picture changes between times.
        doc->setTime(0.25);
        const QImage early = guitest::viewportImage(w);
        doc->setTime(0.75);
        QVERIFY(guitest::differingPixels(early, guitest::viewportImage(w)) > 100);

        look->trigger();
        QVERIFY(!view->lookingThrough());
    }

    void fileWithoutCameraDrawsNone()
    {
        MainWindow w(false);
        QVERIFY(w.openFileNow(file));
        QAction* look = guitest::findAction(w, "lookThroughCamera");
        look->trigger();
        QVERIFY(w.viewport()->lookingThrough());
        QVERIFY2(w.openFileNow(BONESCOPE_SAMPLES "/lego/pns065rd.ani"), qPrintable(w.lastError()));
        QVERIFY(!w.cameraTrack()->available());
        QVERIFY(!look->isEnabled());
        QVERIFY(!look->isChecked());
        QVERIFY(!w.viewport()->lookingThrough());
        QVERIFY(w.viewport()->paths().empty());
    }
};

QTEST_MAIN(CameraTest)
#include "viewer_camera_test.moc"
