// View > Avatar figure on a Second Life animation: the female and male bodies drawn skinned to the
// walk (pixels where the stick skeleton alone draws none, and the two shapes differ), a prop on the
// right hand moving with it, the menu offered only on the avatar skeleton, and the same through
// `bonescope --screenshot --figure --attach`.
#include <QAction>
#include <QtTest>

#include "app/gui/command_line.h"
#include "app/gui/document/document.h"
#include "app/gui/headless_modes.h"
#include "app/gui/main_window.h"
#include "app/gui/viewport/avatar_figure_menu.h"
#include "formats/file_io.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "gui_test_support.h"
#include "render/skinning.h"
#include "render/viewport.h"
#include "tools/demo/glb_writer.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kWalk = BONESCOPE_SAMPLES "/secondlife/linden_walk.anim";

// The figure's colour, shaded: red well above blue (the background, grid and bones are grey or blue).
bool skinTone(QRgb c) { return qRed(c) > 90 && qRed(c) > qBlue(c) + 25 && qGreen(c) > qBlue(c); }

using Tone = guitest::PixelSpot;

Tone skinPixels(const QImage& image)
{
    return guitest::pixelsWhere(image, [&](int x, int y) { return skinTone(image.pixel(x, y)); });
}

// A cube of half-size `half` around the origin, rigid on its one bone, written as a .glb.
QString writeCubeGlb(const QString& path, float half)
{
    Skeleton sk;
    sk.bones.push_back(Bone{"prop"});
    Mesh m;
    for (int axis = 0; axis < 3; ++axis)
        for (float sign : {-1.f, 1.f}) {
            glm::vec3 n(0.f), u(0.f), v(0.f);
            n[axis] = sign;
            u[(axis + 1) % 3] = 1;
            v[(axis + 2) % 3] = 1;
            if (sign < 0)
                std::swap(u, v); // counter-clockwise seen from outside
            const auto first = uint32_t(m.positions.size());
            for (glm::vec2 c : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
                m.positions.push_back(half * (n + c.x * u + c.y * v));
                m.normals.push_back(n);
                m.joints.push_back(glm::uvec4(0));
                m.weights.push_back(glm::vec4(1, 0, 0, 0));
            }
            m.indices.insert(m.indices.end(), {first, first + 1, first + 2, first, first + 2, first + 3});
        }
    m.inverseBind = {glm::mat4(1.f)};
    writeFileAtomic(path.toStdString(), demo::writeSkinnedGlb(sk, m));
    return path;
}

} // namespace

class AvatarFigureTest : public QObject {
    Q_OBJECT
    QString cube;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        cube = writeCubeGlb(guitest::tempDir() + "/cube.glb", 0.05f);
    }

    void femaleAndMaleBodiesAreDrawnOnTheWalk()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1400, 1000}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(doc->timeOfFrame(5));
        QAction* menu = guitest::findAction(w, "avatarFigure");
        QAction* off = guitest::findAction(w, "avatarFigureOff");
        QAction* female = guitest::findAction(w, "avatarFigureFemale");
        QAction* male = guitest::findAction(w, "avatarFigureMale");
        QVERIFY(menu && off && female && male);
        QVERIFY(menu->isEnabled());
        QVERIFY(off->isChecked());
        QVERIFY(!doc->mesh());

        const QImage stick = guitest::viewportImage(w);
        female->trigger();
        QVERIFY(doc->figureShown());
        QVERIFY(doc->mesh() && doc->mesh()->positions.size() > 1000);
        const QImage femaleImage = guitest::viewportImage(w);
        male->trigger();
        const QImage maleImage = guitest::viewportImage(w);

        // The stick skeleton alone has no skin-toned pixels; each body covers thousands.
        const Tone s = skinPixels(stick), f = skinPixels(femaleImage), m = skinPixels(maleImage);
        QVERIFY2(s.count < 20, qPrintable(QString::number(s.count)));
        QVERIFY2(f.count > 5000, qPrintable(QString::number(f.count)));
        // The male is taller and broader: more of him on screen, and the two pictures differ.
        QVERIFY2(m.count > f.count * 1.1, qPrintable(QString("%1 vs %2").arg(m.count).arg(f.count)));
        QVERIFY(guitest::differingPixels(femaleImage, maleImage) > 2000);

        // Its skinning follows the walk: the body moves between frames.
        doc->setTime(doc->timeOfFrame(12));
        const QImage later = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(maleImage, later) > 2000);

        off->trigger();
        QVERIFY(!doc->figureShown());
        QVERIFY(!doc->mesh());
    }

    void aPropOnTheRightHandMovesWithIt()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 750}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        Document* doc = w.document();
        QString error;
        QVERIFY2(w.avatarFigure()->attachNow("Right Hand", cube, &error), qPrintable(error));
        QVERIFY(guitest::findAction(w, "detachProps")->isEnabled());
        // Without a body only the prop is drawn: its 24 vertices, on the hand's attachment point.
        QVERIFY(doc->mesh());
        const Mesh& mesh = *doc->mesh();
        QCOMPARE(mesh.positions.size(), size_t(24));
        const int hand = doc->skeleton().find("Right Hand");
        QVERIFY(hand >= 0);

        QPointF centres[2];
        glm::vec3 corner[2];
        const long long frames[2] = {3, 10};
        for (int i = 0; i < 2; ++i) {
            doc->setTime(doc->timeOfFrame(frames[i]));
            if (i == 0)
                w.viewport()->frameAll();
            // Every vertex rides on the point: 5 cm from it along each axis of its frame.
            const glm::mat4 point = doc->pose().world[hand];
            const auto& skin = w.viewport()->skinMatrices();
            for (size_t v = 0; v < mesh.positions.size(); ++v) {
                const glm::vec3 local = glm::vec3(glm::inverse(point) * glm::vec4(render::skinnedPosition(mesh, v, skin), 1.f));
                QVERIFY(std::abs(glm::length(local) - 0.05f * std::sqrt(3.f)) < 1e-4f);
            }
            corner[i] = render::skinnedPosition(mesh, 0, skin);
            const Tone t = skinPixels(guitest::viewportImage(w));
            QVERIFY2(t.count > 30, qPrintable(QString::number(t.count)));
            centres[i] = t.centre;
            // The prop's pixels are where the hand's attachment point is drawn.
            const QPointF onScreen = w.viewport()->jointOnScreen(hand);
            QVERIFY2(QLineF(t.centre, onScreen).length() < 25,
                     qPrintable(QString("prop at %1,%2, hand at %3,%4").arg(t.centre.x()).arg(t.centre.y())
                                    .arg(onScreen.x()).arg(onScreen.y())));
        }
        QVERIFY(glm::distance(corner[0], corner[1]) > 0.1f);
        QVERIFY(QLineF(centres[0], centres[1]).length() > 15);

        // The body comes and goes around the prop; Detach props removes it.
        w.avatarFigure()->setShape(secondlife::AvatarShape::Female);
        QVERIFY(doc->mesh()->positions.size() > 1000);
        guitest::findAction(w, "detachProps")->trigger();
        QVERIFY(w.avatarFigure()->propCount() == 0);
        QVERIFY(doc->mesh()->positions.size() > 1000); // the body stays
        QVERIFY(!w.avatarFigure()->attachNow("Tentacle", cube, &error));
        QVERIFY(error.contains("Tentacle"));
        QVERIFY(!w.avatarFigure()->attachNow("Left Hand", cube + ".missing.glb", &error));
    }

    void offeredOnlyOnTheAvatarSkeleton()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {800, 600}));
        QVERIFY(w.openDemoNow(false));
        QAction* menu = guitest::findAction(w, "avatarFigure");
        QVERIFY(menu && !menu->isEnabled());
        w.avatarFigure()->setShape(secondlife::AvatarShape::Male);
        QVERIFY(!w.document()->figureShown()); // the choice waits: the demo keeps its own mesh
        QVERIFY(w.document()->mesh() && w.document()->mesh()->positions.size() != 0);
        QVERIFY(w.openFileNow(kWalk));
        QVERIFY(menu->isEnabled());
        QVERIFY(w.document()->figureShown());
        QVERIFY(guitest::findAction(w, "avatarFigureMale")->isChecked());
    }

    void screenshotFromTheCommandLine()
    {
        const QString dir = guitest::tempDir();
        QString error;
        const auto plain = parseOptions({"bonescope", "--screenshot", dir + "/plain.png", "--frame", "5", "--size",
                                         "1400x1000", kWalk},
                                        &error);
        const auto figure = parseOptions({"bonescope", "--screenshot", dir + "/figure.png", "--frame", "5", "--size",
                                          "1400x1000", "--figure", "male", "--attach", "Right Hand=" + cube, kWalk},
                                         &error);
        QVERIFY2(plain && figure, qPrintable(error));
        QCOMPARE(figure->attach, QStringList{"Right Hand=" + cube});
        QCOMPARE(runScreenshot(*plain), 0);
        QCOMPARE(runScreenshot(*figure), 0);
        const Tone p = skinPixels(QImage(dir + "/plain.png")), f = skinPixels(QImage(dir + "/figure.png"));
        // The window around the viewport has some skin-toned pixels of its own (the timeline's marks).
        QVERIFY2(f.count > p.count + 5000, qPrintable(QString("%1, %2").arg(p.count).arg(f.count)));

        QVERIFY(!parseOptions({"bonescope", "--figure", "child", kWalk}, &error));
        QVERIFY(error.contains("female or male"));
        QVERIFY(!parseOptions({"bonescope", "--attach", "Right Hand", kWalk}, &error));
        QVERIFY(error.contains("POINT=MESH"));
        const auto badPoint = parseOptions({"bonescope", "--screenshot", dir + "/bad.png", "--attach",
                                            "Tentacle=" + cube, kWalk},
                                           &error);
        QVERIFY(badPoint);
        QCOMPARE(runScreenshot(*badPoint), 1);
        QVERIFY(!QFileInfo::exists(dir + "/bad.png"));
    }
};

QTEST_MAIN(AvatarFigureTest)
#include "viewer_avatar_figure_test.moc"
