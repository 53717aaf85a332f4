// Second Life's avatar: collision volumes and attachment points are helpers, hidden by default and
// drawn as markers (never as bones) when View > Show collision volumes / attachment points is on;
// the avatar stands upright (Z up source). LEGO Island: the transform-only root far from its actors
// is reached by dashed links, not giant bones, and framing shows the actors. Bone shapes are closed
// and wound for back-face culling.
#include <QAction>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "gui_test_support.h"
#include "render/shapes.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

int countMarks(const MainWindow& w, render::JointMark mark, BoneKind kind)
{
    const Skeleton& sk = w.document()->skeleton();
    int n = 0;
    for (size_t i = 0; i < sk.size(); ++i)
        n += sk.bones[i].kind == kind && w.viewport()->jointMark(int(i)) == mark;
    return n;
}

} // namespace

class HelpersTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void secondLifeHelpersHiddenUntilAsked()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 750}));
        QVERIFY2(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        QCOMPARE(doc->skeleton().size(), size_t(216));
        doc->setTime(doc->timeOfFrame(10));

        // By default: the 27 base limbs (26 bones and mRoot) drawn as joints; the 107 Bento extension
        // bones, which the classic walk does not move, and the 82 helpers hidden.
        QCOMPARE(countMarks(w, render::JointMark::Joint, BoneKind::Bone), 27);
        QCOMPARE(countMarks(w, render::JointMark::Hidden, BoneKind::Extension), 107);
        QCOMPARE(countMarks(w, render::JointMark::Hidden, BoneKind::CollisionVolume), 26);
        QCOMPARE(countMarks(w, render::JointMark::Hidden, BoneKind::AttachmentPoint), 56);
        const QImage plain = guitest::viewportImage(w);

        QAction* volumes = guitest::findAction(w, "showCollisionVolumes");
        QAction* attachments = guitest::findAction(w, "showAttachmentPoints");
        QVERIFY(volumes && attachments);
        QVERIFY(volumes->isCheckable() && !volumes->isChecked());
        QVERIFY(attachments->isCheckable() && !attachments->isChecked());

        volumes->trigger();
        QCOMPARE(countMarks(w, render::JointMark::Volume, BoneKind::CollisionVolume), 26);
        QCOMPARE(countMarks(w, render::JointMark::Hidden, BoneKind::AttachmentPoint), 56);
        const QImage withVolumes = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(plain, withVolumes) > 50);

        attachments->trigger();
        QCOMPARE(countMarks(w, render::JointMark::Attachment, BoneKind::AttachmentPoint), 56);
        const QImage withBoth = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(withVolumes, withBoth) > 50);

        // Hidden again, a helper cannot be picked where it would be drawn.
        const int skull = doc->skeleton().find("Skull");
        QVERIFY(skull >= 0);
        QVERIFY(w.viewport()->jointOnScreen(skull).x() >= 0);
        volumes->trigger();
        attachments->trigger();
        QCOMPARE(countMarks(w, render::JointMark::Hidden, BoneKind::CollisionVolume), 26);
        QCOMPARE(w.viewport()->boneAt(w.viewport()->jointOnScreen(skull).toPoint()) == skull, false);
        QCOMPARE(guitest::differingPixels(plain, guitest::viewportImage(w)), 0);
    }

    void extensionBonesShowWhenAnimatedOrAsked()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 750}));
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"));
        const QImage plain = guitest::viewportImage(w);
        QAction* extensions = guitest::findAction(w, "showExtensionBones");
        QVERIFY(extensions && extensions->isCheckable() && !extensions->isChecked());
        extensions->trigger();
        QCOMPARE(countMarks(w, render::JointMark::Joint, BoneKind::Extension), 107);
        QVERIFY(guitest::differingPixels(plain, guitest::viewportImage(w)) > 50);
        extensions->trigger();
        QCOMPARE(countMarks(w, render::JointMark::Hidden, BoneKind::Extension), 107);

        // The Bento T-pose keys fingers and face: those extension bones show without asking.
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/opensim_PS_T_Pose_bento2.anim"));
        const Skeleton& sk = w.document()->skeleton();
        const auto& tracks = w.document()->binding().trackOfBone;
        int animatedExtensions = 0;
        for (size_t i = 0; i < sk.size(); ++i) {
            if (sk.bones[i].kind != BoneKind::Extension)
                continue;
            const bool animated = tracks[i] >= 0;
            animatedExtensions += animated;
            QCOMPARE(w.viewport()->jointMark(int(i)) == render::JointMark::Joint, animated);
        }
        QVERIFY(animatedExtensions > 50);
    }

    void secondLifeAvatarStandsUpright()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 750}));
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"));
        Document* doc = w.document();
        QCOMPARE(doc->upAxis(), render::UpAxis::Z);
        w.viewport()->frameAll();
        guitest::viewportImage(w);
        // On screen the head is above the pelvis, which is above the ankles (smaller y is higher).
        auto screenY = [&](const char* name) {
            const int b = doc->skeleton().find(name);
            return w.viewport()->jointOnScreen(b).y();
        };
        QVERIFY(screenY("mHead") < screenY("mPelvis"));
        QVERIFY(screenY("mPelvis") < screenY("mAnkleLeft"));
        QVERIFY(screenY("mPelvis") < screenY("mAnkleRight"));
    }

    void legoActorsFarFromTheRootAreLinkedNotBoned()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 750}));
        QVERIFY2(w.openFileNow(BONESCOPE_SAMPLES "/lego/pns065rd.ani"), qPrintable(w.lastError()));
        Document* doc = w.document();
        const Skeleton& sk = doc->skeleton();
        const int root = sk.find("-PNS065RD"), rd = sk.find("RD"), pg = sk.find("PG");
        QVERIFY(root == 0 && rd > 0 && pg > 0);
        render::Viewport* view = w.viewport();
        // The two actors hang about 45 units from the root at the origin: dashed links.
        QVERIFY(view->drawnAsLink(rd));
        QVERIFY(view->drawnAsLink(pg));
        // Bones inside an actor stay bones.
        QVERIFY(!view->drawnAsLink(sk.find("INFOGRON")));
        QVERIFY(!view->drawnAsLink(sk.find("BIKERD")));

        // Framing shows the actors, not the empty space down to the origin: the two riders, about 8
        // units apart, are far apart on screen, and the origin is outside the view.
        view->frameAll();
        guitest::viewportImage(w);
        const QPointF a = view->jointOnScreen(rd), b = view->jointOnScreen(pg);
        QVERIFY(a.x() >= 0 && b.x() >= 0);
        const double apart = std::hypot(a.x() - b.x(), a.y() - b.y());
        QVERIFY2(apart > view->width() * 0.25, qPrintable(QString::number(apart)));
        const QPointF origin = view->jointOnScreen(root);
        QVERIFY(!QRectF(0, 0, view->width(), view->height()).contains(origin));
    }

    // Bones and joints are drawn with back faces culled: every triangle of their shapes must be
    // counter-clockwise seen from outside (its winding normal points away from the shape's centre).
    void boneShapesFaceOutwards()
    {
        auto outward = [](glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 centre) {
            return glm::dot(glm::cross(b - a, c - a), (a + b + c) / 3.f - centre) > 0;
        };
        const auto octa = render::octahedronBone();
        QCOMPARE(octa.size(), size_t(24));
        for (size_t i = 0; i < octa.size(); i += 3)
            QVERIFY2(outward(octa[i].position, octa[i + 1].position, octa[i + 2].position, {0, 0.1f, 0}),
                     qPrintable(QString("octahedron face %1").arg(i / 3)));
        for (const auto& [rings, sides] : {std::pair{8, 12}, std::pair{4, 6}, std::pair{2, 4}}) {
            const render::IndexedShape ball = render::sphere(rings, sides);
            int faces = 0;
            for (size_t i = 0; i < ball.indices.size(); i += 3) {
                const glm::vec3 a = ball.vertices[ball.indices[i]].position,
                                b = ball.vertices[ball.indices[i + 1]].position,
                                c = ball.vertices[ball.indices[i + 2]].position;
                if (glm::length(glm::cross(b - a, c - a)) < 1e-6f)
                    continue; // the poles' degenerate triangles
                QVERIFY(outward(a, b, c, glm::vec3(0.f)));
                ++faces;
            }
            QVERIFY(faces >= 2 * (rings - 1) * sides);
        }
    }
};

QTEST_MAIN(HelpersTest)
#include "viewer_helpers_test.moc"
