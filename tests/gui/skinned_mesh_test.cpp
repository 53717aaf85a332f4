// A skinned glTF written here (by the demo generator's code) loads through Assimp, binds the
// animation by bone name and deforms when played.
#include <QtTest>
#include <glm/gtc/matrix_transform.hpp>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "formats/file_io.h"
#include "formats/seanim/seanim_format.h"
#include "gui_test_support.h"
#include "render/skinning.h"
#include "render/viewport.h"
#include "tools/demo/demo_character.h"
#include "tools/demo/glb_writer.h"
#include "tools/demo/walk_cycle.h"

using namespace bonescope;
using namespace bonescope::gui;

class SkinnedMeshTest : public QObject {
    Q_OBJECT
    QString glb, anim, renamed;
    demo::Character character;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        character = demo::buildCharacter();
        glb = guitest::tempDir() + "/character.glb";
        anim = guitest::tempDir() + "/walk.seanim";
        renamed = guitest::tempDir() + "/walk_renamed.seanim";
        writeFileAtomic(glb.toStdString(), demo::writeSkinnedGlb(character.skeleton, character.mesh));
        Scene s;
        s.animations.push_back(demo::buildWalkCycle(character.skeleton));
        writeFileAtomic(anim.toStdString(), SeanimFormat().write(s));
        // The same walk with names as another exporter writes them: a namespace and other case.
        for (Track& t : s.animations[0].tracks)
            t.name = "mixamorig:" + QString::fromStdString(t.name).toUpper().toStdString();
        Track extra;
        extra.name = "no_such_bone";
        extra.rotation.keys.push_back({0.0, glm::dquat(1, 0, 0, 0)});
        s.animations[0].tracks.push_back(extra);
        writeFileAtomic(renamed.toStdString(), SeanimFormat().write(s));
    }

    void meshLoadsThroughAssimpAndDeforms()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {800, 600}));
        QVERIFY2(w.openFileNow(anim), qPrintable(w.lastError()));
        QVERIFY2(w.loadSkeletonMeshNow(glb), qPrintable(w.lastError()));
        Document* doc = w.document();
        QVERIFY(doc->mesh());
        const Mesh& mesh = *doc->mesh();
        QCOMPARE(mesh.indices.size(), character.mesh.indices.size()); // every triangle arrives
        QVERIFY(mesh.skinned());
        QVERIFY(doc->unmatchedTracks().isEmpty());

        // A head vertex is rigid on the head bone: it keeps its rest distance to the head joint.
        const int headBone = doc->skeleton().find("head");
        QVERIFY(headBone >= 0);
        size_t headVertex = mesh.positions.size();
        for (size_t v = 0; v < mesh.positions.size(); ++v)
            if (mesh.weights[v].x == 1.f && int(mesh.joints[v].x) == headBone && mesh.positions[v].y > 1.7f) {
                headVertex = v;
                break;
            }
        QVERIFY(headVertex < mesh.positions.size());
        const glm::vec3 restHead = glm::vec3(doc->skeleton().restWorld()[headBone][3]);
        const float restDist = glm::distance(mesh.positions[headVertex], restHead);

        std::vector<glm::vec3> at[2];
        QImage image[2];
        const long long frames[2] = {0, 8};
        for (int i = 0; i < 2; ++i) {
            doc->setTime(doc->timeOfFrame(frames[i]));
            if (i == 0)
                w.viewport()->frameAll();
            const auto& skin = w.viewport()->skinMatrices();
            QCOMPARE(skin.size(), doc->skeleton().size());
            for (size_t v = 0; v < mesh.positions.size(); ++v)
                at[i].push_back(render::skinnedPosition(mesh, v, skin));
            const glm::vec3 head = glm::vec3(doc->pose().world[headBone][3]);
            QVERIFY(std::abs(glm::distance(at[i][headVertex], head) - restDist) < 1e-4f);
            image[i] = guitest::viewportImage(w);
        }
        // The whole character walks forward (root motion along +Z) and its limbs swing.
        float moved = 0;
        for (size_t v = 0; v < mesh.positions.size(); ++v)
            moved = std::max(moved, glm::distance(at[0][v], at[1][v]));
        QVERIFY2(moved > 0.2f, qPrintable(QString::number(moved)));
        QVERIFY(guitest::differingPixels(image[0], image[1]) > 500);
    }

    void bindsByLooseNamesAndListsUnmatchedTracks()
    {
        MainWindow w(false);
        QVERIFY(w.openFileNow(renamed));
        QVERIFY(w.loadSkeletonMeshNow(glb));
        Document* doc = w.document();
        QCOMPARE(doc->unmatchedTracks(), QStringList{"no_such_bone"});
        const int thigh = doc->skeleton().find("thigh_l");
        QVERIFY(doc->binding().trackOfBone[thigh] >= 0);
    }

    // RobotExpressive as our glTF reader gives it keeps the file's node order, where FootL_1 comes
    // before its parent FootL. With only FootL posed (a pose skeleton that lacks FootL_1), FootL_1
    // follows FootL with its rest offset, not its rest alone as a root.
    void unposedBoneFollowsAParentListedAfterIt()
    {
        const Skeleton sk = loadScene(BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb").scene.skeleton;
        const int foot = sk.find("FootL"), mesh = sk.find("FootL_1");
        QVERIFY(foot >= 0 && mesh >= 0);
        QCOMPARE(sk.bones[size_t(mesh)].parent, foot);
        QVERIFY(mesh < foot); // the case: the child first
        std::vector<int> poseOf(sk.size(), -1);
        poseOf[size_t(foot)] = 0;
        Pose pose;
        pose.resize(1);
        pose.world[0] = glm::translate(glm::mat4(1.f), glm::vec3(1, 2, 3)) * glm::mat4_cast(glm::angleAxis(0.5f, glm::vec3(0, 1, 0)));
        std::vector<glm::mat4> world;
        render::meshJointWorld(sk, poseOf, pose, world);
        const Bone& b = sk.bones[size_t(mesh)];
        const glm::mat4 expected = pose.world[0] * glm::mat4(composeTRS(b.restTranslation, b.restRotation, b.restScale));
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                QVERIFY2(std::abs(world[size_t(mesh)][c][r] - expected[c][r]) < 1e-5f,
                         qPrintable(QString("column %1 row %2: %3, not %4").arg(c).arg(r).arg(world[size_t(mesh)][c][r]).arg(expected[c][r])));
    }

    void notAMeshFileIsAnError()
    {
        MainWindow w(false);
        QVERIFY(!w.loadSkeletonMeshNow(anim + ".missing.glb"));
        QVERIFY(!w.lastError().isEmpty());
    }
};

QTEST_MAIN(SkinnedMeshTest)
#include "skinned_mesh_test.moc"
