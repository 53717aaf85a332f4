// Bone shapes join a joint only to the children connected to it (at their rest offset); a child the
// animation carries off that offset, and every child of a root that has one, is joined by a thin
// dashed relationship line (render/bone_links.h). The CMU walk retargeted onto RobotExpressive: its
// armature root `Bone` stays at the origin while the walk takes Body (the hips) and the IK feet
// metres away; drawn as bones, three blades ran from the floor to the hips and feet. A joint the view
// hides is passed over: Second Life's walk hides mSpine1..4 (the animation leaves them alone), and its
// torso and chest are joined to the pelvis and the torso, not left floating over the legs.
#include <cmath>

#include <QMenuBar>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/viewport/viewport_binding.h"
#include "core/playback/layering.h"
#include "core/playback/sampler.h"
#include "formats/convert/convert_file.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "formats/skeleton_source.h"
#include "gui_test_support.h"
#include "render/bone_links.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const std::string kCmu = BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh";
const std::string kRobot = BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb";
constexpr int kFrame = 300; // of the result's 240 fps: the hips are over a metre from the origin
const QString kWalk = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");

// The walk on the robot as `bonescope-cli convert walk.bvh out.glb --skeleton RobotExpressive.glb`
// writes it.
QString writeRetargetedWalk()
{
    LoadedScene walk = loadScene(kCmu);
    walk.scene.current = 0;
    SkeletonSource rig = loadSkeletonScene(kRobot);
    ConvertOptions options;
    options.targetSkeleton = rig.scene.skeleton;
    options.targetSkeletonPath = kRobot;
    if (!rig.scene.mesh.empty())
        options.targetMesh = rig.scene.mesh;
    const Format* glb = Registry::instance().byExtension("out.glb");
    Report report;
    const ConvertedFile converted = convertFile(std::move(walk.scene), *glb, options, report);
    const QString path = guitest::tempDir() + "/walk_on_robot.glb";
    writeFileAtomic(path.toStdString(), converted.bytes());
    return path;
}

// The widest run of pixels (of 2 * reach + 1 across) that differ between `a` and `b` on the cross-sections
// of the segment from `from` to `to` between 30% and 70% of its length.
int widestAcross(const QImage& a, const QImage& b, QPointF from, QPointF to, int reach)
{
    const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
    if (length <= 0)
        return 0;
    const QPointF along = (to - from) / length, across(-along.y(), along.x());
    auto differs = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= a.width() || y >= a.height())
            return false;
        const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
        return std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) + std::abs(p.blue() - q.blue()) > 24;
    };
    int widest = 0;
    for (double t = 0.3 * length; t <= 0.7 * length; t += 1) {
        const QPointF c = from + along * t;
        int width = 0;
        for (int s = -reach; s <= reach; ++s) {
            const QPointF p = c + across * s;
            width += differs(int(std::lround(p.x())), int(std::lround(p.y())));
        }
        widest = std::max(widest, width);
    }
    return widest;
}

// The viewport with View > Show bones on, and off.
std::pair<QImage, QImage> withAndWithoutBones(MainWindow& w)
{
    QMenu* viewMenu = guitest::menuNamed(w.menuBar()->actions(), "View");
    QAction* showBones = viewMenu ? guitest::actionNamed(viewMenu, "Show bones") : nullptr;
    if (!showBones || !showBones->isChecked())
        return {};
    const QImage with = guitest::viewportImage(w);
    showBones->trigger();
    const QImage without = guitest::viewportImage(w);
    showBones->trigger();
    return {with, without};
}

// Per bone of `scene`'s first animation at `time`: 1 when joined to its parent by a line.
std::vector<uint8_t> linksAt(const Scene& scene, double time)
{
    const Skeleton& sk = scene.skeleton;
    const Animation& clip = scene.animations.at(0);
    Sampler sampler(clip, sk);
    std::vector<LocalTransform> locals;
    sampler.sampleLocal(time, locals);
    Pose pose;
    composePose(sk, *sk.evaluationOrder(), locals, pose);
    std::vector<uint8_t> moved = render::movedInFrame(render::restOffsets(sk), pose.local);
    const std::vector<uint8_t> overClip = movedOverClip(clip, sk);
    for (size_t i = 0; i < moved.size(); ++i)
        moved[i] |= overClip[i];
    std::vector<uint8_t> drawn(sk.size());
    for (size_t i = 0; i < sk.size(); ++i)
        drawn[i] = !sk.bones[i].isSceneNode() && !sk.bones[i].isHelper();
    std::vector<int> parents;
    for (const Bone& b : sk.bones)
        parents.push_back(b.parent);
    return render::relationshipLinks(parents, moved, drawn);
}

} // namespace

class BoneLinksTest : public QObject {
    Q_OBJECT
    QString robotWalk;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        robotWalk = writeRetargetedWalk();
    }

    // Which joins are bones and which are lines, on the files themselves.
    void connectedChildrenAreBonesOthersLines()
    {
        const Scene robot = loadScene(robotWalk.toStdString()).scene;
        const Skeleton& sk = robot.skeleton;
        const std::vector<uint8_t> links = linksAt(robot, kFrame / 240.0);
        auto line = [&](const char* child) {
            const int b = sk.find(child);
            return b >= 0 && links[size_t(b)];
        };
        auto bone = [&](const char* child) {
            const int b = sk.find(child);
            return b >= 0 && !links[size_t(b)];
        };
        // The walk carries the hips and the IK feet off the armature root: lines, and so are the
        // root's other children (the pole targets), which stay at rest beside them.
        for (const char* child : {"Body", "FootL", "FootR", "PoleTargetL", "PoleTargetR"})
            QVERIFY2(line(child), child);
        // Limbs, spine and the feet's own tips stay bones.
        for (const char* child : {"UpperLegL", "LowerLegL", "LowerLegL_end", "UpperLegR", "Hips", "Abdomen", "Torso_1",
                                  "Neck", "Head", "UpperArmL", "LowerArmL", "FootL_end", "PoleTargetL_end"})
            QVERIFY2(bone(child), child);

        // The CMU walk itself: its root is the hips, every offset is the file's own: all bones.
        const Scene cmu = loadScene(kCmu).scene;
        const std::vector<uint8_t> cmuLinks = linksAt(cmu, 1.0);
        QCOMPARE(std::count(cmuLinks.begin(), cmuLinks.end(), uint8_t(1)), 0);
    }

    // In the window at frame 300: along the join from the root at the origin to the hips, the bones
    // add at most a thin line's width of pixels (a bone shape there was tens of pixels wide).
    void noBoneShapeFromTheOriginToTheHips()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY2(w.openFileNow(robotWalk), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(doc->timeOfFrame(kFrame));
        render::Viewport* view = w.viewport();
        view->frameAll();
        const int root = doc->skeleton().find("Bone"), hips = doc->skeleton().find("Body");
        QVERIFY(root >= 0 && hips >= 0);
        guitest::viewportImage(w);
        const QPointF a = view->jointOnScreen(root), b = view->jointOnScreen(hips);
        QVERIFY(a.x() >= 0 && b.x() >= 0);
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        QVERIFY2(length > 80, qPrintable(QString::number(length)));

        const auto [withBones, withoutBones] = withAndWithoutBones(w);
        QVERIFY(!withBones.isNull());
        const int widest = widestAcross(withBones, withoutBones, a, b, 14);
        QVERIFY2(widest <= 4, qPrintable(QString("%1 px of bone across the root-to-hips join").arg(widest)));

        QVERIFY(view->drawnAsLink(hips));
        // A relationship line is no bone of the root's: clicking on it does not pick the root.
        QVERIFY(view->boneAt(((a + b) / 2).toPoint()) != root);
    }

    // Second Life's walk in the window: mSpine1 and mSpine2 (between mPelvis and mTorso) and mSpine3
    // and mSpine4 (between mTorso and mChest) are hidden, and the torso and chest are joined by bone
    // shapes to the pelvis and the torso (they stand at their rest offsets through the hidden joints):
    // the joins' middles have bone pixels, where the upper body floated apart from the legs.
    void hiddenSpineJointsAreBridged()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY2(w.openFileNow(kWalk), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(doc->timeOfFrame(5));
        render::Viewport* view = w.viewport();
        view->frameAll();
        const Skeleton& sk = doc->skeleton();
        for (const char* spine : {"mSpine1", "mSpine2", "mSpine3", "mSpine4"})
            QVERIFY2(view->jointMark(sk.find(spine)) == render::JointMark::Hidden, spine);
        const auto [withBones, withoutBones] = withAndWithoutBones(w);
        QVERIFY(!withBones.isNull());
        for (const auto& [parent, child] : {std::pair{"mPelvis", "mTorso"}, std::pair{"mTorso", "mChest"}}) {
            const int p = sk.find(parent), c = sk.find(child);
            QVERIFY(p >= 0 && c >= 0);
            QVERIFY2(view->jointMark(p) == render::JointMark::Joint && view->jointMark(c) == render::JointMark::Joint, child);
            QVERIFY2(!view->drawnAsLink(c), child);
            const QPointF a = view->jointOnScreen(p), b = view->jointOnScreen(c);
            QVERIFY(a.x() >= 0 && b.x() >= 0);
            QVERIFY2(std::hypot(b.x() - a.x(), b.y() - a.y()) > 12, child);
            const int widest = widestAcross(withBones, withoutBones, a, b, 8);
            QVERIFY2(widest >= 2, qPrintable(QString("%1 to %2: %3 px of bone across the join").arg(parent, child).arg(widest)));
        }
        // Clicking the middle of the torso-to-chest bone picks the torso, whose bone it is.
        const int torso = sk.find("mTorso");
        QCOMPARE(view->boneAt(((view->jointOnScreen(torso) + view->jointOnScreen(sk.find("mChest"))) / 2).toPoint()), torso);
    }
};

QTEST_MAIN(BoneLinksTest)
#include "viewer_bone_links_test.moc"
