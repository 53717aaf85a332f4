// View > Camera: the numpad's fixed views (pressed as keys on the viewport), orthographic projection,
// the grid and axes toggles and looking through a bone, checked on the camera's direction and on the
// shape the figure takes in the picture; and the same from `bonescope --screenshot --camera ...`.
#include <QAction>
#include <QLineEdit>
#include <QtTest>

#include <glm/geometric.hpp>

#include "app/gui/command_line.h"
#include "app/gui/document/document.h"
#include "app/gui/headless_modes.h"
#include "app/gui/main_window.h"
#include "app/gui/viewport/bone_camera.h"
#include "app/gui/viewport/keypad_shortcuts.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

bool near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-4f) { return glm::distance(a, b) < tolerance; }

QString text(const glm::vec3& v) { return QString("(%1, %2, %3)").arg(v.x).arg(v.y).arg(v.z); }

bool differs(QRgb a, QRgb b)
{
    return std::abs(qRed(a) - qRed(b)) > 12 || std::abs(qGreen(a) - qGreen(b)) > 12 || std::abs(qBlue(a) - qBlue(b)) > 12;
}

// The bounding box of the pixels inside `area` that are not the background (its top-left pixel).
QRect drawnBox(const QImage& image, QRect area = {}, QRgb background = 0)
{
    if (area.isNull())
        area = image.rect();
    if (background == 0)
        background = image.pixel(area.topLeft());
    QRect box;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            if (differs(image.pixel(x, y), background))
                box |= QRect(x, y, 1, 1);
    return box;
}

int rowsDrawn(const QImage& image)
{
    const QRgb background = image.pixel(0, 0);
    int rows = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (differs(image.pixel(x, y), background)) {
                ++rows;
                break;
            }
    return rows;
}

glm::vec3 translation(const glm::mat4& m) { return glm::vec3(m[3]); }

// The direction a source-space vector takes on screen is compared with the camera's in display space.
glm::vec3 toDisplay(const Document& doc, const glm::vec3& v)
{
    return glm::vec3(render::displayMatrix(doc.upAxis()) * glm::vec4(v, 0.f));
}

// A key pressed on the viewport: the window's shortcut map triggers the action when the window is
// active; when another test's window on the same display holds the focus (ctest -j), or from a real
// X11 numpad, KeypadShortcuts does (keypadKeysReachActionsWhenTheShortcutMapMissesThem).
void press(render::Viewport* view, Qt::Key key, Qt::KeyboardModifiers mods = Qt::KeypadModifier)
{
    QWidget* window = view->window();
    if (!window->isActiveWindow()) {
        window->activateWindow();
        (void)QTest::qWaitForWindowActive(window, 1000); // another test's window may keep the focus: see above
    }
    view->setFocus();
    QTest::keyClick(view, key, mods);
}

// The figure's box in the picture with the grid and the axes hidden.
QRect figureBox(MainWindow& w) { return drawnBox(guitest::viewportImage(w)); }

std::optional<Options> options(QStringList args)
{
    args.prepend("bonescope");
    QString error;
    auto o = parseOptions(args, &error);
    if (!o)
        qWarning("%s", qPrintable(error));
    return o;
}

} // namespace

class CameraPresetsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void numpadKeysTurnTheCamera()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 760}));
        QVERIFY(w.openDemoNow(false));
        render::Viewport* view = w.viewport();
        const Document& doc = *w.document();
        QCOMPARE(doc.upAxis(), render::UpAxis::Y);

        // The demo character faces +Z (its toes are ahead of its feet): Front looks at it along -Z.
        const struct {
            Qt::Key key;
            bool ctrl;
            glm::vec3 forward;
        } views[] = {
            {Qt::Key_1, false, {0, 0, -1}}, {Qt::Key_1, true, {0, 0, 1}},  {Qt::Key_3, false, {-1, 0, 0}},
            {Qt::Key_3, true, {1, 0, 0}},   {Qt::Key_7, false, {0, -1, 0}}, {Qt::Key_7, true, {0, 1, 0}},
        };
        for (const auto& v : views) {
            view->camera().yaw = 0.3f, view->camera().pitch = 0.2f;
            press(view, v.key, Qt::KeypadModifier | (v.ctrl ? Qt::ControlModifier : Qt::NoModifier));
            QVERIFY2(near(view->camera().forward(), v.forward),
                     qPrintable(QString("numpad %1%2: looks along %3")
                                    .arg(v.ctrl ? "Ctrl+" : "")
                                    .arg(QKeySequence(v.key).toString())
                                    .arg(text(view->camera().forward()))));
        }
        const int toe = doc.skeleton().find("toe_l"), foot = doc.skeleton().find("foot_l");
        QVERIFY(toe >= 0 && foot >= 0);
        press(view, Qt::Key_1);
        const glm::vec3 toes = toDisplay(doc, translation(doc.pose().world[toe]) - translation(doc.pose().world[foot]));
        QVERIFY2(glm::dot(view->camera().forward(), toes) < 0, "the toes point towards the front camera");

        // A numpad digit typed in a text field stays there.
        QLineEdit* search = nullptr;
        for (QLineEdit* e : w.findChildren<QLineEdit*>())
            if (e->placeholderText().startsWith("Search"))
                search = e;
        QVERIFY(search);
        search->setFocus();
        view->camera().yaw = 0.3f;
        QKeyEvent digit(QEvent::KeyPress, Qt::Key_7, Qt::KeypadModifier, "7");
        QApplication::sendEvent(search, &digit);
        QCOMPARE(view->camera().yaw, 0.3f);
        QCOMPARE(search->text(), QString("7"));
        search->clear();

        // The digits above the letters are not the numpad's.
        view->camera().yaw = 0.3f;
        press(view, Qt::Key_3, Qt::NoModifier);
        QCOMPARE(view->camera().yaw, 0.3f);

        // 5 toggles orthographic, and the menu's check follows.
        QAction* ortho = guitest::findAction(w, "orthographic");
        QVERIFY(ortho);
        QVERIFY(!view->camera().ortho);
        press(view, Qt::Key_5);
        QVERIFY(view->camera().ortho);
        QVERIFY(ortho->isChecked());
        press(view, Qt::Key_5);
        QVERIFY(!view->camera().ortho);

        // Numpad . frames the selected bone as View > Frame selected does: at the head's height.
        const int head = doc.skeleton().find("head");
        w.document()->setSelection({head}, head);
        view->frameSelected();
        const render::OrbitCamera selected = view->camera();
        view->frameAll();
        QVERIFY(std::abs(view->camera().target.y - selected.target.y) > 0.3f);
        press(view, Qt::Key_Period);
        QVERIFY2(near(view->camera().target, selected.target) && std::abs(view->camera().distance - selected.distance) < 1e-4f,
                 qPrintable(text(view->camera().target) + " vs " + text(selected.target)));
        const glm::vec3 headAt = toDisplay(doc, translation(doc.pose().world[head]));
        QVERIFY2(std::abs(selected.target.y - headAt.y) < 0.1f, qPrintable(text(selected.target) + " vs " + text(headAt)));
    }

    void keypadKeysReachActionsWhenTheShortcutMapMissesThem()
    {
        // What a real X11 numpad gives Qt 6.4 after its shortcut map found nothing: a key press for
        // the focused widget, which KeypadShortcuts turns into the window's action with that shortcut.
        QWidget window, other;
        auto* field = new QLineEdit(&window);
        auto* plain = new QWidget(&window);
        QAction top(&window);
        top.setShortcut(QKeySequence(Qt::KeypadModifier | Qt::Key_7));
        window.addAction(&top);
        QAction bottom(&window);
        bottom.setShortcut(QKeySequence(Qt::ControlModifier | Qt::KeypadModifier | Qt::Key_7));
        window.addAction(&bottom);
        int tops = 0, bottoms = 0;
        connect(&top, &QAction::triggered, this, [&] { ++tops; });
        connect(&bottom, &QAction::triggered, this, [&] { ++bottoms; });
        KeypadShortcuts filter(&window);
        QKeyEvent numpad7(QEvent::KeyPress, Qt::Key_7, Qt::KeypadModifier, "7");
        QKeyEvent ctrlNumpad7(QEvent::KeyPress, Qt::Key_7, Qt::KeypadModifier | Qt::ControlModifier);
        QKeyEvent digit7(QEvent::KeyPress, Qt::Key_7, Qt::NoModifier, "7");
        QVERIFY(filter.eventFilter(plain, &numpad7));
        QCOMPARE(tops, 1);
        QVERIFY(filter.eventFilter(plain, &ctrlNumpad7));
        QCOMPARE(bottoms, 1);
        QVERIFY(!filter.eventFilter(plain, &digit7));     // the digit row is not the numpad
        QVERIFY(!filter.eventFilter(field, &numpad7));    // text fields take digits
        QVERIFY(!filter.eventFilter(&other, &numpad7));   // another window
        top.setEnabled(false);
        QVERIFY(!filter.eventFilter(plain, &numpad7));    // a disabled action
        QCOMPARE(tops, 1);
    }

    void zUpFilesFaceTheirFront()
    {
        // Second Life's avatar is Z up and faces +X (FORMATS.md): Front looks along display -X.
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 760}));
        QVERIFY2(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"), qPrintable(w.lastError()));
        const Document& doc = *w.document();
        QCOMPARE(doc.upAxis(), render::UpAxis::Z);
        render::Viewport* view = w.viewport();
        press(view, Qt::Key_1);
        QVERIFY2(near(view->camera().forward(), {-1, 0, 0}), qPrintable(text(view->camera().forward())));
        const int toe = doc.skeleton().find("mToeLeft"), foot = doc.skeleton().find("mFootLeft");
        QVERIFY(toe >= 0 && foot >= 0);
        const glm::vec3 toes = toDisplay(doc, translation(doc.pose().world[toe]) - translation(doc.pose().world[foot]));
        QVERIFY2(glm::dot(view->camera().forward(), toes) < 0, qPrintable(text(toes)));
        // Top: straight down, the character's front at the bottom of the screen.
        press(view, Qt::Key_7);
        QVERIFY(near(view->camera().forward(), {0, -1, 0}));
        const QPointF toeOnScreen = view->jointOnScreen(toe), footOnScreen = view->jointOnScreen(foot);
        QVERIFY2(toeOnScreen.y() > footOnScreen.y(), "the toes are lower on screen than the foot");
    }

    void presetsShapeThePicture()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 760}));
        QVERIFY(w.openDemoNow(false));
        render::Viewport* view = w.viewport();
        QAction* grid = guitest::findAction(w, "showGrid");
        QAction* axes = guitest::findAction(w, "showAxes");
        QVERIFY(grid && axes && grid->isChecked() && axes->isChecked());
        grid->setChecked(false);
        axes->setChecked(false);

        press(view, Qt::Key_1);
        view->frameAll();
        const QRect front = figureBox(w);
        press(view, Qt::Key_3);
        const QRect side = figureBox(w);
        press(view, Qt::Key_7);
        const QRect top = figureBox(w);
        const QString sizes = QString("front %1x%2, side %3x%4, top %5x%6")
                                  .arg(front.width()).arg(front.height()).arg(side.width()).arg(side.height())
                                  .arg(top.width()).arg(top.height());
        qInfo("%s", qPrintable(sizes));
        // Standing: far taller than wide from the front and the side; from above, no taller than wide
        // (shoulders across, chest to back down the screen) and much smaller than its standing height.
        QVERIFY2(front.height() > 2 * front.width(), qPrintable(sizes));
        QVERIFY2(side.height() > 2 * side.width(), qPrintable(sizes));
        QVERIFY2(side.width() < front.width(), qPrintable(sizes));
        QVERIFY2(top.height() <= top.width(), qPrintable(sizes));
        QVERIFY2(top.height() * 2 < front.height(), qPrintable(sizes));

        // Orthographic from the front: the same figure in a different projection, about as tall.
        press(view, Qt::Key_1);
        const QImage perspective = guitest::viewportImage(w);
        press(view, Qt::Key_5);
        const QImage orthographic = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(perspective, orthographic) > 200);
        const QRect orthoBox = drawnBox(orthographic);
        QVERIFY2(std::abs(orthoBox.height() - front.height()) < front.height() / 5,
                 qPrintable(QString("%1 vs %2").arg(orthoBox.height()).arg(front.height())));

        // The grid alone: seen edge on in orthographic front view it is one line; in perspective,
        // from the figure's height, it recedes over many rows.
        view->setShowMesh(false);
        view->setShowBones(false);
        QCOMPARE(drawnBox(guitest::viewportImage(w)), QRect()); // nothing: grid and axes are off
        grid->setChecked(true);
        const int orthoRows = rowsDrawn(guitest::viewportImage(w));
        press(view, Qt::Key_5);
        const int perspectiveRows = rowsDrawn(guitest::viewportImage(w));
        QVERIFY2(orthoRows > 0 && orthoRows <= 4 && perspectiveRows > 50,
                 qPrintable(QString("grid rows: ortho %1, perspective %2").arg(orthoRows).arg(perspectiveRows)));
        grid->setChecked(false);
        axes->setChecked(true);
        QVERIFY(!drawnBox(guitest::viewportImage(w)).isNull()); // the axes alone
    }

    void lookThroughBoneFollowsIt()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 760}));
        QVERIFY(w.openDemoNow(false));
        Document* doc = w.document();
        render::Viewport* view = w.viewport();
        QAction* look = guitest::findAction(w, "lookThroughBone");
        QVERIFY(look);
        doc->setSelection({}, -1);
        QVERIFY(!look->isEnabled()); // which bone? none selected

        const int head = doc->skeleton().find("head");
        doc->setSelection({head}, head);
        QVERIFY(look->isEnabled());
        const QImage orbit = guitest::viewportImage(w);
        look->setChecked(true);
        QVERIFY(view->lookingThrough());
        const QImage atStart = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(orbit, atStart) > 1000);

        // The eye is the bone's position and looks along its -Z, at each time.
        std::vector<glm::vec3> eyes;
        for (double t : {0.0, 0.25, 0.5}) {
            doc->setTime(t);
            const glm::mat4& world = doc->pose().world[head];
            const auto& pose = view->lookThroughPose();
            QVERIFY(pose);
            QVERIFY2(near(pose->eye, translation(world)), qPrintable(text(pose->eye) + " vs " + text(translation(world))));
            QVERIFY(near(pose->target - pose->eye, -glm::normalize(glm::vec3(world[2]))));
            eyes.push_back(pose->eye);
        }
        QVERIFY2(glm::distance(eyes[0], eyes[1]) > 0.005f, "the head moves while walking");
        doc->setTime(0.25);
        const QImage later = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(atStart, later) > 200);

        // The forward axis can be the bone's +Y (Blender's along-the-bone) instead.
        auto* bone = w.findChild<BoneCamera*>();
        QVERIFY(bone);
        bone->setForward(BoneForward::PlusY);
        const glm::mat4& world = doc->pose().world[head];
        QVERIFY(near(view->lookThroughPose()->target - view->lookThroughPose()->eye, glm::normalize(glm::vec3(world[1]))));
        QVERIFY(near(view->lookThroughPose()->up, glm::normalize(glm::vec3(world[2]))));
        // +Z, a glTF character's head: the demo's head looks ahead (+Z) with +Y up.
        bone->setForward(BoneForward::PlusZ);
        QVERIFY(near(view->lookThroughPose()->target - view->lookThroughPose()->eye, glm::normalize(glm::vec3(world[2]))));
        QVERIFY((view->lookThroughPose()->target - view->lookThroughPose()->eye).z > 0.9f);
        QVERIFY(near(view->lookThroughPose()->up, glm::normalize(glm::vec3(world[1]))));
        // +X with +Z up (Call of Duty's tag_camera).
        bone->setForward(BoneForward::PlusX);
        QVERIFY(near(view->lookThroughPose()->target - view->lookThroughPose()->eye, glm::normalize(glm::vec3(world[0]))));
        QVERIFY(near(view->lookThroughPose()->up, glm::normalize(glm::vec3(world[2]))));

        // Selecting another bone keeps the camera; a numpad view leaves it.
        doc->setSelection({0}, 0);
        QCOMPARE(bone->bone(), head);
        press(view, Qt::Key_1);
        QVERIFY(!view->lookingThrough());
        QVERIFY(!look->isChecked());
        QCOMPARE(bone->bone(), -1);
    }

    void screenshotOptions()
    {
        // Same file and frame, two views: what differs between the images is the viewport.
        const QString dir = guitest::tempDir();
        std::map<QString, QImage> shots;
        for (const QString view : {"front", "side", "top"}) {
            const QString path = dir + "/" + view + ".png";
            const auto o = options({"--screenshot", path, "--camera", view, "--no-grid", "--size", "1000x760"});
            QVERIFY(o);
            QCOMPARE(o->camera, view);
            QCOMPARE(runScreenshot(*o), 0);
            QVERIFY(shots[view].load(path));
        }
        // The viewport's place in the image: where it is in a window of that size showing the same.
        const QImage& front = shots["front"];
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 760}));
        QVERIFY(w.openDemoNow(false));
        guitest::viewportImage(w);
        const QRect area(w.viewport()->mapTo(&w, QPoint(0, 0)), w.viewport()->size());
        QVERIFY2(front.rect().contains(area), qPrintable(QString("%1 x %2").arg(area.width()).arg(area.height())));
        // The background: the commonest colour there (the figure covers much less of the viewport).
        QHash<QRgb, int> counts;
        for (int y = area.top(); y <= area.bottom(); ++y)
            for (int x = area.left(); x <= area.right(); ++x)
                ++counts[front.pixel(x, y)];
        const QRgb background = std::max_element(counts.begin(), counts.end()).key();
        const QRect frontBox = drawnBox(front, area, background), sideBox = drawnBox(shots["side"], area, background),
                    topBox = drawnBox(shots["top"], area, background);
        const QString sizes = QString("front %1x%2, side %3x%4, top %5x%6")
                                  .arg(frontBox.width()).arg(frontBox.height()).arg(sideBox.width())
                                  .arg(sideBox.height()).arg(topBox.width()).arg(topBox.height());
        qInfo("%s", qPrintable(sizes));
        QVERIFY2(frontBox.width() > 20 && sideBox.width() > 10 && topBox.width() > 20, qPrintable(sizes));
        QVERIFY2(frontBox.height() > 2 * frontBox.width(), qPrintable(sizes));
        QVERIFY2(sideBox.width() < frontBox.width(), qPrintable(sizes));
        // From above the standing figure is about as deep as it is wide, where from the front it is three
        // times as tall (each view is framed as it projects, so sizes across views are not compared).
        const double frontAspect = double(frontBox.height()) / frontBox.width();
        const double topAspect = double(topBox.height()) / topBox.width();
        QVERIFY2(topAspect * 2 < frontAspect, qPrintable(sizes));

        // --ortho changes the picture; --look-through-bone shows the bone's view, which moves.
        const QString ortho = dir + "/ortho.png", head0 = dir + "/head0.png", head10 = dir + "/head10.png";
        QCOMPARE(runScreenshot(*options({"--screenshot", ortho, "--camera", "front", "--ortho", "--no-grid", "--size", "1000x760"})), 0);
        QVERIFY(guitest::differingPixels(front, QImage(ortho)) > 200);
        QCOMPARE(runScreenshot(*options({"--screenshot", head0, "--look-through-bone", "chest", "--size", "1000x760"})), 0);
        QCOMPARE(runScreenshot(*options({"--screenshot", head10, "--look-through-bone", "chest", "--frame", "10",
                                         "--size", "1000x760"})), 0);
        QVERIFY(guitest::differingPixels(QImage(head0), QImage(head10)) > 200);
        QVERIFY(guitest::differingPixels(QImage(head0), front) > 200);
        const QString ahead = dir + "/ahead.png";
        QCOMPARE(runScreenshot(*options({"--screenshot", ahead, "--look-through-bone", "chest", "--bone-forward", "+z",
                                         "--size", "1000x760"})), 0);
        QVERIFY(guitest::differingPixels(QImage(head0), QImage(ahead)) > 200);

        // Bad values are refused with a message; a bone the skeleton lacks fails the run.
        QString error;
        QVERIFY(!parseOptions({"bonescope", "--screenshot", ortho, "--camera", "diagonal"}, &error));
        QVERIFY2(error.contains("--camera takes front"), qPrintable(error));
        QVERIFY(!parseOptions({"bonescope", "--camera", "top"}, &error));
        QVERIFY2(error.contains("go with --screenshot"), qPrintable(error));
        QVERIFY(!parseOptions({"bonescope", "--screenshot", ortho, "--look-through-bone", "head", "--bone-forward", "-q"}, &error));
        QVERIFY2(error.contains("--bone-forward takes"), qPrintable(error));
        QCOMPARE(runScreenshot(*options({"--screenshot", ortho, "--look-through-bone", "no such bone"})), 1);
    }
};

QTEST_MAIN(CameraPresetsTest)
#include "viewer_camera_presets_test.moc"
