// Game models as skeleton meshes: the demo character as a SEModel (written here byte by byte, as the
// SETools writers lay it out) and as a Cast model, each drawn skinned and animated by an SEAnim and a
// Cast walk bound by bone name; the window offers a model with matching bones from the folder.
#include <QPushButton>
#include <QtTest>

#include <cstring>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "formats/cast/cast_format.h"
#include "formats/file_io.h"
#include "formats/seanim/seanim_format.h"
#include "gui_test_support.h"
#include "render/skinning.h"
#include "render/viewport.h"
#include "tests/support/le_bytes.h"
#include "tools/demo/demo_character.h"
#include "tools/demo/walk_cycle.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

using Out = test::LeBytes;

// Local transforms and scales, one mesh with one UV layer, normals and four influences.
std::vector<uint8_t> semodelOf(const Skeleton& skeleton, const Mesh& mesh)
{
    Out o;
    o.b = {'S', 'E', 'M', 'o', 'd', 'e', 'l'};
    o.u16(1);
    o.u16(0x14);
    o.u8(1 | 2), o.u8(2 | 4), o.u8(1 | 2 | 8);
    o.u32(uint32_t(skeleton.size())), o.u32(1), o.u32(0);
    o.u8(0), o.u8(0), o.u8(0);
    for (const Bone& b : skeleton.bones)
        o.s(b.name);
    for (const Bone& b : skeleton.bones) {
        o.u8(0);
        o.u32(uint32_t(b.parent));
        for (double v : {b.restTranslation.x, b.restTranslation.y, b.restTranslation.z, b.restRotation.x,
                         b.restRotation.y, b.restRotation.z, b.restRotation.w, b.restScale.x, b.restScale.y,
                         b.restScale.z})
            o.f(float(v));
    }
    const size_t n = mesh.positions.size();
    o.u8(0), o.u8(1), o.u8(4);
    o.u32(uint32_t(n)), o.u32(uint32_t(mesh.indices.size() / 3));
    for (const auto& p : mesh.positions)
        o.f(p.x), o.f(p.y), o.f(p.z);
    for (size_t i = 0; i < n; ++i)
        o.f(mesh.uvs.empty() ? 0.f : mesh.uvs[i].x), o.f(mesh.uvs.empty() ? 0.f : mesh.uvs[i].y);
    for (const auto& p : mesh.normals)
        o.f(p.x), o.f(p.y), o.f(p.z);
    for (size_t i = 0; i < n; ++i)
        for (int k = 0; k < 4; ++k) {
            o.u8(uint8_t(mesh.joints[i][k])); // fewer than 256 bones: one byte
            o.f(mesh.weights[i][k]);
        }
    const int width = n <= 0xFF ? 1 : n <= 0xFFFF ? 2 : 4;
    for (uint32_t i : mesh.indices)
        for (int k = 0; k < width; ++k)
            o.u8(uint8_t(i >> (8 * k)));
    o.u32(0xFFFFFFFF); // no material for the UV layer
    return std::move(o.b);
}

} // namespace

// The skeleton mesh the status bar offers to load, or "" when none is offered.
QString offer(MainWindow& w)
{
    for (QPushButton* b : w.findChildren<QPushButton*>())
        if (b->isVisible() && b->text().startsWith("Load skeleton mesh"))
            return b->text();
    return QString();
}

class GameModelsTest : public QObject {
    Q_OBJECT
    QString folder, semodel, castModel, seanimWalk, castWalk;
    demo::Character character;

    // Loads `animation` and `model`, checks the binding, renders frames 0 and 8 (saved in
    // $BONESCOPE_TEST_SHOTS for a person to look at) and checks that the skinned mesh moved.
    void playsSkinned(const QString& animation, const QString& model, const QString& shot)
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(animation), qPrintable(w.lastError()));
        QVERIFY2(w.loadSkeletonMeshNow(model), qPrintable(w.lastError()));
        Document* doc = w.document();
        QVERIFY(doc->mesh());
        const Mesh& mesh = *doc->mesh();
        QCOMPARE(mesh.indices.size(), character.mesh.indices.size());
        QVERIFY(mesh.skinned());
        QVERIFY(doc->unmatchedTracks().isEmpty());
        QCOMPARE(doc->skeleton().size(), character.skeleton.size());
        std::vector<glm::vec3> at[2];
        QImage image[2];
        const long long frames[2] = {0, 8};
        for (int i = 0; i < 2; ++i) {
            doc->setTime(doc->timeOfFrame(frames[i]));
            if (i == 0)
                w.viewport()->frameAll();
            const auto& skin = w.viewport()->skinMatrices();
            for (size_t v = 0; v < mesh.positions.size(); ++v)
                at[i].push_back(render::skinnedPosition(mesh, v, skin));
            image[i] = guitest::viewportImage(w);
            const QString shots = qEnvironmentVariable("BONESCOPE_TEST_SHOTS", guitest::tempDir());
            image[i].save(shots + "/" + shot + QString::number(frames[i]) + ".png");
        }
        float moved = 0;
        for (size_t v = 0; v < mesh.positions.size(); ++v)
            moved = std::max(moved, glm::distance(at[0][v], at[1][v]));
        QVERIFY2(moved > 0.2f, qPrintable(QString::number(moved)));
        QVERIFY(guitest::differingPixels(image[0], image[1]) > 500);
    }

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        character = demo::buildCharacter();
        folder = guitest::tempDir();
        semodel = folder + "/hero_model.semodel";
        castModel = folder + "/hero_model.cast";
        seanimWalk = folder + "/anim_walk.seanim";
        castWalk = folder + "/anim_walk.cast";
        writeFileAtomic(semodel.toStdString(), semodelOf(character.skeleton, character.mesh));
        Scene model;
        model.skeleton = character.skeleton;
        model.mesh = character.mesh;
        writeFileAtomic(castModel.toStdString(), CastFormat().write(model));
        Scene walk;
        walk.animations.push_back(demo::buildWalkCycle(character.skeleton));
        writeFileAtomic(seanimWalk.toStdString(), SeanimFormat().write(walk));
        writeFileAtomic(castWalk.toStdString(), CastFormat().write(walk));
    }

    void semodelPlaysSeanimSkinned() { playsSkinned(seanimWalk, semodel, "semodel_seanim_"); }
    void castModelPlaysCastAnimationSkinned() { playsSkinned(castWalk, castModel, "cast_cast_"); }
    void semodelPlaysCastAnimationSkinned() { playsSkinned(castWalk, semodel, "semodel_cast_"); }

    void folderModelWithMatchingBonesIsOffered()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QSignalSpy searched(&w, &MainWindow::companionSearchFinished);
        QVERIFY2(w.openFileNow(seanimWalk), qPrintable(w.lastError()));
        // The folder is searched on another thread: the animation is on screen before it ends.
        QCOMPARE(offer(w), QString());
        QVERIFY(searched.wait(10000));
        // No model shares the animation's name; both models match its bones and the first by name
        // wins (the .cast, its skeleton read without its mesh; anim_walk.cast, animations only, is not).
        QCOMPARE(offer(w), QString("Load skeleton mesh hero_model.cast"));
    }

    // A model in use is not offered again, whichever finished loading first (with --skeleton on the
    // command line both load at once).
    void noOfferWhileAModelIsInUse()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QSignalSpy searched(&w, &MainWindow::companionSearchFinished);
        QVERIFY2(w.openFileNow(seanimWalk), qPrintable(w.lastError()));
        QVERIFY(searched.wait(10000));
        QCOMPARE(offer(w), QString("Load skeleton mesh hero_model.cast"));
        QVERIFY2(w.loadSkeletonMeshNow(semodel), qPrintable(w.lastError()));
        QCOMPARE(offer(w), QString());
        // A model loaded while the search still runs: the search's answer is not offered.
        MainWindow racing(false);
        QVERIFY(guitest::showWindow(racing, {900, 700}));
        QSignalSpy racingSearched(&racing, &MainWindow::companionSearchFinished);
        QVERIFY2(racing.openFileNow(seanimWalk), qPrintable(racing.lastError()));
        QVERIFY2(racing.loadSkeletonMeshNow(semodel), qPrintable(racing.lastError()));
        QVERIFY(racingSearched.wait(10000));
        QCOMPARE(offer(racing), QString());
        // The model first, then the animation: it is kept (its bones fit) and nothing is offered.
        MainWindow other(false);
        QVERIFY(guitest::showWindow(other, {900, 700}));
        QVERIFY2(other.loadSkeletonMeshNow(castModel), qPrintable(other.lastError()));
        QVERIFY2(other.openFileNow(seanimWalk), qPrintable(other.lastError()));
        QCOMPARE(other.document()->meshPath(), castModel);
        QCOMPARE(offer(other), QString());
    }
};

QTEST_MAIN(GameModelsTest)
#include "viewer_game_models_test.moc"
