// The retarget mapping dialog: auto-match fills the combos from core/retarget's matcher, the user's
// choice overrides it, the unmapped bones are listed, and saving writes the map as JSON.
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QPushButton>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/dialogs/retarget_action.h"
#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/dialogs/retarget_options.h"
#include "formats/registry.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_adapter.h"
#include "formats/skeleton_source.h"
#include "gui_test_support.h"

#include <QCheckBox>
#include <QTreeWidget>

using namespace bonescope;
using namespace bonescope::gui;

namespace {

Skeleton chain(std::initializer_list<const char*> names)
{
    Skeleton s;
    int parent = -1;
    for (const char* n : names) {
        s.bones.push_back(Bone{.name = n, .parent = parent});
        parent = int(s.bones.size()) - 1;
    }
    return s;
}

} // namespace

class RetargetDialogTest : public QObject {
    Q_OBJECT
    // Source: a BVH-style rig; target: a Mixamo-style rig. "hip" -> "mixamorig:Hips" needs the
    // synonym pass, "LeftUpLeg" the namespace pass; "tail" has no counterpart.
    const Skeleton source = chain({"hip", "LeftUpLeg", "tail"});
    const Skeleton target = chain({"mixamorig:Hips", "mixamorig:LeftUpLeg", "mixamorig:Spine"});

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void autoMatchFillsTheCombos()
    {
        RetargetDialog d(source, target);
        QCOMPARE(d.rowCount(), 3);
        d.setMap({}); // clear, then match again through the button's slot
        QCOMPARE(d.targetCombo(0)->currentText(), QString("(none)"));
        d.autoMatch();
        QCOMPARE(d.targetCombo(0)->currentText(), QString("mixamorig:Hips"));
        QCOMPARE(d.targetCombo(1)->currentText(), QString("mixamorig:LeftUpLeg"));
        QCOMPARE(d.targetCombo(2)->currentText(), QString("(none)"));
        QCOMPARE(d.unmappedSource(), QStringList{"tail"});
        QCOMPARE(d.unmappedTarget(), QStringList{"mixamorig:Spine"});
    }

    void userOverrideAndSaveWritesTheJson()
    {
        RetargetDialog d(source, target);
        d.targetCombo(2)->setCurrentIndex(3); // tail -> mixamorig:Spine
        QVERIFY(d.unmappedSource().isEmpty());
        QVERIFY(d.unmappedTarget().isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath("map.json");
        QCOMPARE(d.saveMap(path), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const BoneMap saved = BoneMap::fromJson(f.readAll().toStdString());
        QCOMPARE(saved.map.size(), size_t(3));
        QCOMPARE(QString::fromStdString(saved.map.at("hip")), QString("mixamorig:Hips"));
        QCOMPARE(QString::fromStdString(saved.map.at("tail")), QString("mixamorig:Spine"));

        // Loading it into a fresh dialog gives the same rows.
        RetargetDialog other(source, target);
        other.setMap({});
        QCOMPARE(other.loadMap(path), QString());
        QCOMPARE(other.targetCombo(2)->currentText(), QString("mixamorig:Spine"));
        QVERIFY(!other.loadMap(dir.filePath("missing.json")).isEmpty());
    }

    // File > Retarget as a user does it: pick the rig in the file dialog, accept the mapping. The
    // result is new, unsaved work: modified (closing asks) and Save asks for a name rather than
    // writing it over the source animation.
    void retargetResultIsUnsavedWork()
    {
        const QString sample = BONESCOPE_SAMPLES "/secondlife/linden_walk.anim";
        const QString rig = BONESCOPE_FIXTURES "/../../resources/demo/demo_character.glb";
        Document doc;
        LoadResult r = loadAnimationFile(sample);
        QVERIFY(r.scene);
        doc.setScene(std::move(*r.scene), sample);
        QVERIFY(!doc.isModified());

        bool pickedRig = false, mapped = false;
        QStringList reports;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (guitest::answerFileDialog(modal, rig)) {
                pickedRig = true;
            } else if (auto* map = qobject_cast<RetargetDialog*>(modal); map && map->isVisible()) {
                map->accept();
                mapped = true;
            } else if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
                reports << box->text();
                box->accept(); // the retarget report
            }
        });
        answer.start();
        retargetDocument(nullptr, &doc);
        answer.stop();
        QVERIFY(pickedRig);
        QVERIFY2(mapped, qPrintable(reports.join("\n")));
        QVERIFY(doc.isModified());
        QVERIFY(doc.needsSaveAs());
        QCOMPARE(doc.path(), sample); // the source file itself is untouched
        // It plays on the rig's own mesh, and it is one undo step: Edit > Undo brings the source back.
        QCOMPARE(QString::fromStdString(doc.scene().format), QString("gltf")); // the rig is a .glb
        QVERIFY(doc.mesh() != nullptr);
        QVERIFY(doc.undoStack()->canUndo());
        QVERIFY(doc.undoStack()->undoText().startsWith("Retarget onto"));
        doc.undoStack()->undo();
        QCOMPARE(QString::fromStdString(doc.scene().format), QString("secondlife"));
        QCOMPARE(doc.skeleton().size(), secondlife::avatarSkeleton().size());
        doc.undoStack()->redo();
        QCOMPARE(QString::fromStdString(doc.scene().format), QString("gltf"));
    }

    // The dialog's choices and its measure of the result, before anything is accepted: the Second
    // Life walk onto the demo character, matching the source's pose, limbs within a degree.
    void choicesAndQualityBeforeAccepting()
    {
        const std::string sample = BONESCOPE_SAMPLES "/secondlife/linden_walk.anim";
        LoadResult r = loadAnimationFile(QString::fromStdString(sample));
        QVERIFY(r.scene);
        Scene common = *r.scene;
        Registry::instance().byId(common.format)->toCommon(common);
        const SkeletonSource rig = loadSkeletonScene(BONESCOPE_FIXTURES "/../../resources/demo/demo_character.glb");
        RetargetDialog d(common.skeleton, rig.scene.skeleton, nullptr, common.currentAnimation());
        QCOMPARE(d.settings().mode, RetargetMode::MatchPose); // the default, as on the command line
        QVERIFY2(d.qualityText().contains("degrees"), qPrintable(d.qualityText()));
        QVERIFY(d.qualityTable()->topLevelItemCount() >= 10); // limbs and the ends' orientations
        for (int i = 0; i < d.qualityTable()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem* row = d.qualityTable()->topLevelItem(i);
            QVERIFY2(row->text(1).toDouble() <= 1.0, qPrintable(row->text(0) + " " + row->text(1)));
        }
        // Check quality with nothing changed says it checked (the same text looked like a dead button).
        auto* check = d.findChild<QPushButton*>("checkQuality");
        QVERIFY(check);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        const QString first = d.qualityText();
        QTest::mouseClick(check, Qt::LeftButton);
        QCOMPARE(d.qualityText(), first + " (Checked again: the same as before.)");
        // The choices travel with the saved map.
        d.options()->modeBox()->setCurrentIndex(1);
        d.options()->footLockBox()->setChecked(true);
        QVERIFY(d.qualityText().startsWith("Changed"));
        QTemporaryDir dir;
        QCOMPARE(d.saveMap(dir.filePath("setup.json")), QString());
        RetargetDialog other(common.skeleton, rig.scene.skeleton);
        QCOMPARE(other.loadMap(dir.filePath("setup.json")), QString());
        QCOMPARE(other.settings().mode, RetargetMode::KeepRest);
        QVERIFY(other.settings().footLock && other.settings().legIk);
    }

    // A source whose rest pose lies down (Bandai Namco: every bone along its own X) is measured from
    // its first frame, and the dialog says so under the quality table; a rig that stands says nothing.
    void aRestThatDoesNotStandIsSaid()
    {
        const QString bandai = BONESCOPE_FIXTURES "/rigs/bandainamco_walk_normal_002.bvh";
        if (!QFile::exists(bandai))
            QSKIP("the Bandai Namco fixture is not in this checkout (CC BY-NC 4.0, tests/fixtures/rigs/SOURCES.md)");
        LoadResult r = loadAnimationFile(bandai);
        QVERIFY(r.scene);
        Scene common = *r.scene;
        Registry::instance().byId(common.format)->toCommon(common);
        RetargetDialog d(common.skeleton, secondlife::avatarInCommonFrame(), nullptr, common.currentAnimation());
        QVERIFY2(d.qualityText().contains("rest pose does not stand"), qPrintable(d.qualityText()));
        QVERIFY2(d.qualityText().contains("within 0.0 degrees"), qPrintable(d.qualityText()));

        LoadResult cmu = loadAnimationFile(BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh");
        QVERIFY(cmu.scene);
        Scene standing = *cmu.scene;
        Registry::instance().byId(standing.format)->toCommon(standing);
        RetargetDialog e(standing.skeleton, secondlife::avatarInCommonFrame(), nullptr, standing.currentAnimation());
        QVERIFY2(!e.qualityText().contains("does not stand"), qPrintable(e.qualityText()));
    }
};

QTEST_MAIN(RetargetDialogTest)
#include "retarget_dialog_test.moc"
