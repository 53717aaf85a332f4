// View > Onion skin and View > Motion paths on the demo walk (it travels forward one stride per
// second): ghosts in the "before" colour lie behind the figure and those in the "after" colour ahead
// of it; a bone's path passes through its projected positions over the clip and follows edits and
// the selection; both go away when turned off, and `bonescope --screenshot --onion --paths` draws
// them without a window on screen.
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QtTest>

#include "app/gui/command_line.h"
#include "app/gui/document/document.h"
#include "app/gui/headless_modes.h"
#include "app/gui/main_window.h"
#include "app/gui/viewport/motion_overlay.h"
#include "core/playback/motion_trail.h"
#include "core/playback/sampler.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// Ghost colours far from the demo's own (grey-blue bones, skin-toned mesh, orange selection).
const QColor kBefore(0, 255, 0), kAfter(255, 0, 255);

// Pixels of `with` that differ from `without` and are tinted towards `tint`: a translucent ghost
// over any background moves the pixel towards its colour.
guitest::PixelSpot tinted(const QImage& with, const QImage& without, const QColor& tint)
{
    return guitest::pixelsWhere(with, [&](int x, int y) {
        const QRgb a = with.pixel(x, y), b = without.pixel(x, y);
        const int d[3] = {qRed(a) - qRed(b), qGreen(a) - qGreen(b), qBlue(a) - qBlue(b)};
        if (std::abs(d[0]) + std::abs(d[1]) + std::abs(d[2]) < 30)
            return false;
        // The change points towards the tint: up where the tint is bright, down elsewhere.
        const int want[3] = {tint.red() > 128 ? 1 : -1, tint.green() > 128 ? 1 : -1, tint.blue() > 128 ? 1 : -1};
        for (int c = 0; c < 3; ++c)
            if (d[c] * want[c] < -4)
                return false;
        return true;
    });
}

// The demo, shown in a window of this size and stopped at its first frame.
bool showDemo(MainWindow& w, QSize size) { return guitest::showWindow(w, size) && w.openDemoNow(false); }

// Pixels within `radius` of `at` close to `color` (lines are drawn unlit).
int pixelsNear(const QImage& img, QPointF at, int radius, const QColor& color)
{
    int n = 0;
    for (int y = int(at.y()) - radius; y <= int(at.y()) + radius; ++y)
        for (int x = int(at.x()) - radius; x <= int(at.x()) + radius; ++x) {
            if (x < 0 || y < 0 || x >= img.width() || y >= img.height())
                continue;
            const QRgb p = img.pixel(x, y);
            if (std::abs(qRed(p) - color.red()) <= 12 && std::abs(qGreen(p) - color.green()) <= 12 &&
                std::abs(qBlue(p) - color.blue()) <= 12)
                ++n;
        }
    return n;
}

int pixelsLike(const QImage& img, const QColor& color)
{
    return pixelsNear(img, QPointF(img.width() / 2.0, img.height() / 2.0), std::max(img.width(), img.height()), color);
}

QColor pathColor()
{
    const glm::vec4 c = render::MotionPath().color;
    return QColor::fromRgbF(c.r, c.g, c.b);
}

double dot(QPointF a, QPointF b) { return a.x() * b.x() + a.y() * b.y(); }

} // namespace

class OnionPathsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void ghostsBeforeBehindAndAfterAhead()
    {
        MainWindow w(false);
        QVERIFY(showDemo(w, {1200, 900}));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        MotionOverlay* motion = w.motionOverlay();
        QAction* action = guitest::findAction(w, "onionSkin");
        QVERIFY(action && action->isCheckable() && !action->isChecked());
        doc->setTime(doc->timeOfFrame(15));
        view->frameAll();
        const QImage plain = guitest::viewportImage(w);

        motion->setOnion({2, 4, kBefore, kAfter});
        action->trigger();
        QVERIFY(motion->onionShown());
        // Two on each side, the nearest first, from the aside samplers: the pose now is untouched.
        QCOMPARE(view->ghosts().size(), size_t(4));
        const QImage ghosts = guitest::viewportImage(w);
        const guitest::PixelSpot before = tinted(ghosts, plain, kBefore), after = tinted(ghosts, plain, kAfter);
        QVERIFY2(before.count > 300 && after.count > 300, qPrintable(QString("%1 %2").arg(before.count).arg(after.count)));

        // Along the walk: the pelvis 4 frames earlier and later, projected, gives the direction.
        const int pelvis = doc->skeleton().find("pelvis");
        QVERIFY(pelvis >= 0);
        Sampler sampler(doc->animation(), doc->skeleton());
        Pose pose;
        sampler.sample(doc->timeOfFrame(11), pose);
        const QPointF earlier = view->pointOnScreen(glm::vec3(pose.world[pelvis][3]));
        sampler.sample(doc->timeOfFrame(19), pose);
        const QPointF later = view->pointOnScreen(glm::vec3(pose.world[pelvis][3]));
        const QPointF now = view->jointOnScreen(pelvis);
        const QPointF forward = later - earlier;
        QVERIFY2(std::hypot(forward.x(), forward.y()) > 20, "the walk moves across the screen");
        QVERIFY2(dot(before.centre - now, forward) < 0, "the ghosts before are behind");
        QVERIFY2(dot(after.centre - now, forward) > 0, "the ghosts after are ahead");
        // The first ghost before is the pose 4 frames earlier.
        sampler.sample(doc->timeOfFrame(11), pose);
        QVERIFY(glm::distance(view->ghosts()[0].joints[pelvis], glm::vec3(pose.world[pelvis][3])) < 1e-5f);

        // They follow the time: at the last frame there are none after.
        doc->setTime(doc->duration());
        QCOMPARE(view->ghosts().size(), size_t(2));
        doc->setTime(doc->timeOfFrame(15));

        action->trigger();
        QVERIFY(view->ghosts().empty());
        QCOMPARE(guitest::differingPixels(guitest::viewportImage(w), plain), 0);
    }

    void pathFollowsTheBonesProjectedPositions()
    {
        MainWindow w(false);
        QVERIFY(showDemo(w, {1200, 900}));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        MotionOverlay* motion = w.motionOverlay();
        view->setShowMesh(false);
        view->setShowNames(false); // the selected bone's label would cover the path near it
        const int foot = doc->skeleton().find("foot_l");
        QVERIFY(foot >= 0);
        doc->setSelection({foot}, foot);
        doc->setTime(doc->timeOfFrame(10));
        view->frameAll();
        const QImage plain = guitest::viewportImage(w);

        QAction* action = guitest::findAction(w, "motionPaths");
        QVERIFY(action && !action->isChecked());
        action->trigger();
        QCOMPARE(view->motionPaths().size(), size_t(1));
        const auto& points = view->motionPaths()[0].points;
        QCOMPARE(points.size(), size_t(doc->lastFrame() + 1));
        const QImage drawn = guitest::viewportImage(w);
        // Every fifth frame: path-coloured pixels within a few pixels of where the foot is then.
        Sampler sampler(doc->animation(), doc->skeleton());
        Pose pose;
        int checked = 0;
        for (long long f = 0; f <= doc->lastFrame(); f += 5) {
            sampler.sample(doc->timeOfFrame(f), pose);
            QVERIFY(glm::distance(points[f], glm::vec3(pose.world[foot][3])) < 1e-6f);
            const QPointF at = view->pointOnScreen(points[f]);
            QVERIFY(at.x() >= 0);
            if (f == 10)
                continue; // the current frame's point is under the bright dot, checked below
            QVERIFY2(pixelsNear(drawn, at, 3, pathColor()) > 0, qPrintable(QString("frame %1 at %2,%3").arg(f).arg(at.x()).arg(at.y())));
            QCOMPARE(pixelsNear(plain, at, 3, pathColor()), 0);
            ++checked;
        }
        QCOMPARE(checked, 6);
        // The bright dot where the foot is now.
        QVERIFY(pixelsNear(drawn, view->jointOnScreen(foot), 2, QColor(255, 255, 255)) +
                    pixelsNear(drawn, view->jointOnScreen(foot), 2, QColor(240, 240, 240)) > 0);

        // Another bone selected: its path. An edit (the root raised by 0.5): sampled again.
        const int hand = doc->skeleton().find("forearm_r");
        doc->setSelection({hand}, hand);
        QCOMPARE(motion->pathBones(), std::vector<int>{hand});
        QVERIFY(view->motionPaths()[0].points != points);
        Scene edited = doc->scene();
        Animation& anim = edited.animations[edited.current];
        const int rootTrack = anim.findTrack("root");
        QVERIFY(rootTrack >= 0);
        const glm::vec3 handBefore = view->motionPaths()[0].points[3];
        const glm::vec3 up = doc->upAxis() == render::UpAxis::Z ? glm::vec3(0, 0, 0.5f) : glm::vec3(0, 0.5f, 0);
        for (auto&& key : anim.tracks[rootTrack].translation.keys.edit())
            key.value += glm::dvec3(up);
        doc->changeScene([&](Scene& s) { s = edited; });
        const glm::vec3 handAfter = view->motionPaths()[0].points[3];
        QVERIFY2(glm::distance(handAfter, handBefore + up) < 1e-4f,
                 qPrintable(QString("%1 %2 %3").arg(handAfter.x - handBefore.x).arg(handAfter.y - handBefore.y).arg(handAfter.z - handBefore.z)));

        action->trigger();
        QVERIFY(view->motionPaths().empty());
        doc->changeScene([](Scene&) {}); // no paths sampled while off
        QVERIFY(view->motionPaths().empty());
    }

    void settingsDialogAppliesAndRemembers()
    {
        MainWindow w(false);
        QVERIFY(showDemo(w, {1000, 700}));
        w.document()->setTime(w.document()->timeOfFrame(15));
        // As a user: View > Onion skin settings..., three ghosts 5 frames apart, OK.
        bool answered = false;
        QTimer::singleShot(50, this, [&] {
            auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->findChild<QSpinBox*>("onionCount")->setValue(3);
            dialog->findChild<QSpinBox*>("onionStep")->setValue(5);
            QVERIFY(dialog->findChild<QPushButton*>("onionBefore")->text() == OnionSkin().before.name());
            dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
            answered = true;
        });
        guitest::findAction(w, "onionSkinSettings")->trigger();
        QVERIFY(answered);
        MotionOverlay* motion = w.motionOverlay();
        QVERIFY(motion->onionShown());
        QVERIFY(guitest::findAction(w, "onionSkin")->isChecked());
        QCOMPARE(motion->onion().count, 3);
        QCOMPARE(motion->onion().step, 5);
        QCOMPARE(w.viewport()->ghosts().size(), size_t(6)); // frames 0, 5, 10 | 20, 25, 30
        QCOMPARE(QSettings().value("view/onionCount").toInt(), 3);
        // A new window starts with them, the ghosts off until asked for.
        MainWindow again(false);
        QCOMPARE(again.motionOverlay()->onion().step, 5);
        QVERIFY(!again.motionOverlay()->onionShown());
    }

    void screenshotWithOnionAndPaths()
    {
        const QString dir = guitest::tempDir();
        const QString walk = BONESCOPE_SAMPLES "/secondlife/linden_walk.anim";
        auto shoot = [&](const QString& name, const QStringList& extra) {
            QString error;
            const auto o = parseOptions(QStringList{"bonescope", "--screenshot", dir + "/" + name, "--frame", "7",
                                                    "--size", "1400x1000", walk} + extra, &error);
            if (!o)
                qWarning() << error;
            return o && runScreenshot(*o) == 0 ? QImage(dir + "/" + name).convertToFormat(QImage::Format_RGB32) : QImage();
        };
        const QImage plain = shoot("plain.png", {});
        const QImage onion = shoot("onion.png", {"--onion", "2", "--onion-step", "3"});
        const QImage paths = shoot("paths.png", {"--paths", "--select", "mAnkleLeft,mWristRight"});
        QVERIFY(!plain.isNull() && !onion.isNull() && !paths.isNull());
        // Default colours: greenish before, reddish after.
        const guitest::PixelSpot before = tinted(onion, plain, OnionSkin().before), after = tinted(onion, plain, OnionSkin().after);
        QVERIFY2(before.count > 300 && after.count > 300, qPrintable(QString("%1 %2").arg(before.count).arg(after.count)));
        QCOMPARE(pixelsLike(plain, pathColor()), 0);
        QVERIFY2(pixelsLike(paths, pathColor()) > 200, qPrintable(QString::number(pixelsLike(paths, pathColor()))));
        QCOMPARE(pixelsLike(onion, pathColor()), 0);

        QString error;
        QVERIFY(!parseOptions({"bonescope", "--onion", "2", walk}, &error));
        QVERIFY(error.contains("--screenshot"));
        QVERIFY(!parseOptions({"bonescope", "--screenshot", dir + "/x.png", "--onion", "0", walk}, &error));
        QVERIFY(error.contains("1 to 10"));
        QVERIFY(!parseOptions({"bonescope", "--screenshot", dir + "/x.png", "--onion-step", "2", walk}, &error));
        QVERIFY(error.contains("needs --onion"));
        const auto unknown = parseOptions({"bonescope", "--screenshot", dir + "/bad.png", "--paths", "--select", "mTail9", walk}, &error);
        QVERIFY(unknown);
        QCOMPARE(runScreenshot(*unknown), 1);
        QVERIFY(!QFileInfo::exists(dir + "/bad.png"));
    }
};

QTEST_MAIN(OnionPathsTest)
#include "viewer_onion_paths_test.moc"
