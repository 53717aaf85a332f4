// Issue 38, items 1-3, driven through the window's real menus and dialogs: File > Export offers
// destinations (Second Life upload BVH, .anim, .anim optimised, Unreal PSA, Source and GoldSrc SMD) and
// writes what `bonescope-cli convert` writes for them; a humanoid BVH (CMU) goes to .anim through the
// avatar map shown and editable first, stands on the avatar's feet and passes the upload rules; File >
// Check for Second Life upload lists findings with fixes; the Format dock shows what each joint plays at,
// offers to take the joints along when the base priority changes, and the saved file has the applied
// priorities; a joint is renamed in the bone tree, with undo.
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTreeView>
#include <QUndoStack>
#include <QWheelEvent>
#include <QDockWidget>
#include <QtTest>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/dialogs/upload_check_dialog.h"
#include "app/gui/document/document.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/saving/save_controller.h"
#include "core/playback/sampler.h"
#include "formats/convert/convert_file.h"
#include "formats/convert/upload_findings.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_priorities.h"
#include "formats/secondlife/secondlife_upload.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::typeFileName;
using guitest::whenModal;

namespace {

const QString kWalk = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");
const QString kStandup = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_standup.anim"); // base 3, every joint 3
const QString kCmu = QStringLiteral(BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh");

QString copyTo(const QString& from, const QString& name)
{
    const QString to = guitest::tempDir() + "/" + name;
    QFile::remove(to);
    return QFile::copy(from, to) ? to : QString();
}

Scene readFile(const QString& path)
{
    LoadResult r = loadAnimationFile(path);
    return r.scene ? std::move(*r.scene) : Scene{};
}

// Every finding of the Second Life upload rules (`validate --target secondlife`) that is an error.
QStringList uploadErrors(const Scene& s)
{
    QStringList out;
    for (const Finding& f : uploadFindings(s))
        if (f.severity == Finding::Severity::Error)
            out << QString::fromStdString(f.message);
    return out;
}

// File > Export... with the dialog answered: `filter` selected in its type list as a person picks it,
// `name` typed; a report box answered "Export anyway"; `onMap` (when given) handles the avatar map.
void exportThroughMenu(MainWindow& w, const QString& filter, const QString& name,
                       std::function<void(RetargetDialog*)> onMap = {})
{
    whenModal<QFileDialog>([filter, name, onMap](QFileDialog* d) {
        if (!guitest::pickFileType(d, filter))
            return;
        if (onMap)
            whenModal<RetargetDialog>([onMap](RetargetDialog* map) {
                onMap(map);
                whenModal<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Ok)->click(); });
            });
        else
            whenModal<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Ok)->click(); });
        typeFileName(d, name);
    });
    QAction* exportAction = guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "File"), "Export...");
    QVERIFY(exportAction);
    exportAction->trigger();
}

glm::dvec3 worldAt(const Pose& p, int bone) { return glm::dvec3(p.world[size_t(bone)][3]); }

} // namespace

class ExportDestinationsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    // An .anim exported "Second Life upload (BVH)" is what convert --target secondlife writes: root hip,
    // the uploader's joints, accepted by the upload rules; the status bar names the destination.
    void uploadBvhIsWhatConvertWrites()
    {
        const QString walk = copyTo(kWalk, "walk.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(walk));
        QStringList offered;
        whenModal<QFileDialog>([&](QFileDialog* d) { offered = d->nameFilters(); }, 100);
        exportThroughMenu(w, "Second Life upload (BVH) (*.bvh)", "walk_upload");
        const QString out = guitest::tempDir() + "/walk_upload.bvh";
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(out), 15000);
        for (const char* f : {"Second Life upload (BVH) (*.bvh)", "Second Life .anim (*.anim)",
                                 "Second Life .anim, optimised for upload (*.anim)", "Unreal (PSA) (*.psa)",
                                 "Source (SMD) (*.smd)", "GoldSrc (SMD) (*.smd)", "BVH (*.bvh)"})
            QVERIFY2(offered.contains(QString(f)), f);

        const Scene bvh = readFile(out);
        QCOMPARE(bvh.format, std::string("bvh"));
        QCOMPARE(bvh.skeleton.bones.front().name, std::string("hip"));
        QVERIFY2(bvh.skeleton.size() < 60, qPrintable(QString::number(bvh.skeleton.size()))); // not the 216-joint avatar
        QVERIFY2(uploadErrors(bvh).isEmpty(), qPrintable(uploadErrors(bvh).join("\n")));
        // The same bytes as the library's conversion for --target secondlife.
        ConvertOptions upload;
        upload.forSecondLife = true;
        Report report;
        const ConvertedFile expected = convertFile(readFile(kWalk), *Registry::instance().byId("bvh"), upload, report);
        const std::vector<uint8_t> bytes = expected.bytes();
        QCOMPARE(guitest::fileBytes(out), QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())));
        QVERIFY2(w.statusBar()->currentMessage().contains("Second Life upload (BVH)"), qPrintable(w.statusBar()->currentMessage()));
    }

    // A CMU BVH (Hips, LeftUpLeg...) exported "optimised for upload": the avatar map is shown with the
    // automatic match (Hips -> mPelvis), the file passes the upload rules, fits the size limit, and the
    // avatar stands on its feet at frame 0.
    void cmuToOptimisedAnimThroughTheMap()
    {
        const QString cmu = copyTo(kCmu, "cmu_walk.bvh");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(cmu));
        QString hipsTarget, title;
        int rows = 0;
        bool framePoseOffered = false;
        exportThroughMenu(w, "Second Life .anim, optimised for upload (*.anim)", "cmu_upload", [&](RetargetDialog* map) {
            title = map->windowTitle();
            auto* firstFrame = map->findChild<QCheckBox*>("sourcePoseFrame0");
            framePoseOffered = firstFrame && firstFrame->isVisible() && !firstFrame->isChecked();
            rows = map->rowCount();
            for (int r = 0; r < map->rowCount(); ++r)
                if (map->findChild<QTableWidget*>()->item(r, 0)->text() == "Hips")
                    hipsTarget = map->targetCombo(r)->currentText();
            map->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        const QString out = guitest::tempDir() + "/cmu_upload.anim";
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(out), 60000);
        QVERIFY2(title.contains("Second Life"), qPrintable(title));
        QVERIFY(rows > 20);
        QCOMPARE(hipsTarget, QString("mPelvis"));
        QVERIFY(framePoseOffered); // frame 0 as the reference, for files whose rest pose does not stand
        // The retarget's measure is not among what the format cannot carry (it was counted as a loss).
        for (const QString& line : w.saves()->lastExportReport())
            QVERIFY2(!line.contains("limb directions") && !line.contains("match-pose"), qPrintable(line));
        QVERIFY(QFileInfo(out).size() <= qint64(secondlife::MaxUploadBytes));
        const Scene anim = readFile(out);
        QCOMPARE(anim.format, std::string("secondlife"));
        QVERIFY2(uploadErrors(anim).isEmpty(), qPrintable(uploadErrors(anim).join("\n")));
        // The status line names the file and how much smaller it came out, and fits the status bar at
        // 1280 pixels (it was cut mid-sentence); the whole path and the byte counts are its tooltip.
        const QString status = w.statusBar()->currentMessage();
        QVERIFY2(status.contains(QRegularExpression("^Exported cmu_upload\\.anim \\(Second Life \\.anim, optimised for "
                                                    "upload, [0-9]+% smaller\\)")),
                 qPrintable(status));
        QVERIFY2(w.statusBar()->fontMetrics().horizontalAdvance(status) < w.statusBar()->width() - 20, qPrintable(status));
        QVERIFY2(w.statusBar()->toolTip().startsWith(QDir::toNativeSeparators(out) + "\n") &&
                     w.statusBar()->toolTip().contains(" bytes ("),
                 qPrintable(w.statusBar()->toolTip()));

        // On its feet: the lowest foot joint within -15..+25 cm of the floor (z 0 in the file's Z-up
        // axes), the head at least 30 cm above the pelvis.
        Sampler sampler(anim.animations.front(), anim.skeleton);
        Pose pose;
        sampler.sample(0.0, pose);
        double lowest = HUGE_VAL;
        for (const char* foot : {"mFootLeft", "mFootRight", "mToeLeft", "mToeRight"})
            lowest = std::min(lowest, worldAt(pose, anim.skeleton.find(foot)).z);
        const double headAbovePelvis = worldAt(pose, anim.skeleton.find("mHead")).z - worldAt(pose, anim.skeleton.find("mPelvis")).z;
        qInfo("CMU -> .anim at frame 0: lowest foot %.3f m, head %.3f m above the pelvis, %lld bytes", lowest, headAbovePelvis,
              QFileInfo(out).size());
        QVERIFY2(lowest > -0.15 && lowest < 0.25, qPrintable(QString::number(lowest)));
        QVERIFY2(headAbovePelvis >= 0.30, qPrintable(QString::number(headAbovePelvis)));
    }

    // The bundled demo (an SEAnim, which carries no skeleton, playing on its character's) exported to
    // .anim: the map is shown for the character's skeleton, and the avatar's arms hang and swing as the
    // demo's do instead of staying out in the avatar's T-pose (a first-use pass found them out).
    void demoOntoTheAvatarKeepsItsArmsDown()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openDemoNow(false));
        QString upperArmTarget;
        // The demo's folder is not where exports go: the whole path is typed.
        exportThroughMenu(w, "Second Life .anim (*.anim)", guitest::tempDir() + "/demo_sl", [&](RetargetDialog* map) {
            for (int r = 0; r < map->rowCount(); ++r)
                if (map->findChild<QTableWidget*>()->item(r, 0)->text() == "upperarm_l")
                    upperArmTarget = map->targetCombo(r)->currentText();
            map->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        const QString out = guitest::tempDir() + "/demo_sl.anim";
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(out), 60000);
        QCOMPARE(upperArmTarget, QString("mShoulderLeft"));
        const Scene anim = readFile(out);
        Sampler sampler(anim.animations.front(), anim.skeleton);
        Pose pose;
        for (const double t : {0.0, 0.5}) {
            sampler.sample(t, pose);
            for (const auto& [shoulder, elbow] : {std::pair{"mShoulderLeft", "mElbowLeft"}, std::pair{"mShoulderRight", "mElbowRight"}}) {
                const glm::dvec3 arm = glm::normalize(worldAt(pose, anim.skeleton.find(elbow)) - worldAt(pose, anim.skeleton.find(shoulder)));
                // Z up in the avatar's axes: hanging within 45 degrees of straight down, not out sideways.
                QVERIFY2(arm.z < -0.7, qPrintable(QString("%1 at %2 s: %3 %4 %5").arg(shoulder).arg(t).arg(arm.x).arg(arm.y).arg(arm.z)));
            }
        }
    }

    // A row of the map set to "(none)" before exporting: that joint's motion is not written.
    void editedMapIsTheMapUsed()
    {
        const QString cmu = copyTo(kCmu, "cmu_edit.bvh");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(cmu));
        QString dropped;
        exportThroughMenu(w, "Second Life .anim (*.anim)", "cmu_edited", [&](RetargetDialog* map) {
            for (int r = 0; r < map->rowCount(); ++r)
                if (map->findChild<QTableWidget*>()->item(r, 0)->text() == "Head") {
                    dropped = map->targetCombo(r)->currentText();
                    map->targetCombo(r)->setCurrentIndex(0); // (none)
                }
            map->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        const QString out = guitest::tempDir() + "/cmu_edited.anim";
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(out), 60000);
        QCOMPARE(dropped, QString("mHead"));
        const Scene anim = readFile(out);
        QVERIFY(anim.animations.front().findTrack("mPelvis") >= 0);
        QCOMPARE(anim.animations.front().findTrack("mHead"), -1);
    }

    // The Format dock: the joint table says what each joint plays at; base 3 -> 5 on a file whose
    // joints all say 3 offers to take them along; applied, Preview while follows at once, the saved
    // file has 5 on every joint, and undo puts 3 back.
    void basePriorityAppliedToJoints()
    {
        const QString standup = copyTo(kStandup, "standup.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(standup));
        Document* doc = w.document();
        doc->setPreviewBase(secondlife::loadPreviewBase("stand"));
        auto* base = w.findChild<QSpinBox*>("basePriority");
        QVERIFY(base);
        QCOMPARE(base->value(), 3);
        auto* table = w.findChild<QTableWidget*>("jointPriorities");
        QVERIFY(table);
        QCOMPARE(table->horizontalHeaderItem(2)->text(), QString("Plays at"));
        QCOMPARE(table->item(0, 2)->text(), QString("3"));
        auto* apply = w.findChild<QPushButton*>("applyBasePriority");
        QVERIFY(apply);
        QWidget* offer = apply->parentWidget();
        QVERIFY(offer->isHidden()); // every joint plays at the base

        base->setValue(5);
        QTRY_VERIFY(!offer->isHidden());
        const auto* label = apply->parentWidget()->findChild<QLabel*>();
        QVERIFY2(label->text().contains("19 joints still play at 3"), qPrintable(label->text()));
        QCOMPARE(table->item(0, 2)->text(), QString("3")); // the joints keep their own 3 until applied
        QTest::mouseClick(apply, Qt::LeftButton);
        QTRY_COMPARE(table->item(0, 2)->text(), QString("5"));
        QTRY_VERIFY(offer->isHidden());
        // Preview while plays the joints at 5 at once.
        const int torso = doc->skeleton().find("mTorso");
        QVERIFY(torso >= 0 && size_t(torso) < doc->previewDrivers().size());
        QCOMPARE(doc->previewDrivers()[size_t(torso)].animationPriority, 5);

        QVERIFY(w.saves()->save());
        const Scene saved = readFile(standup);
        const auto* x = saved.animations.front().extra.as<SecondLifeExtra>();
        QVERIFY(x);
        QCOMPARE(x->basePriority, 5);
        QCOMPARE(x->joints.size(), saved.animations.front().tracks.size());
        for (const SecondLifeJoint& j : x->joints)
            QCOMPARE(j.priority, 5);

        doc->undoStack()->undo();
        QTRY_COMPARE(table->item(0, 2)->text(), QString("3"));
    }

    // File > Check for Second Life upload: the findings of the upload rules, and the fix for joints that
    // play at their own priority applied from the dialog.
    void uploadCheckListsFindingsWithFixes()
    {
        const QString standup = copyTo(kStandup, "standup_check.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(standup));
        editExtra<SecondLifeExtra>(w.document(), "base", [](SecondLifeExtra& e, Scene&) { e.basePriority = 4; });
        QStringList before, after;
        bool applyWasEnabled = false;
        whenModal<UploadCheckDialog>([&](UploadCheckDialog* d) {
            before = d->findings();
            auto* apply = d->findChild<QPushButton*>("applyBasePriorityToAll");
            applyWasEnabled = apply->isEnabled();
            QTest::mouseClick(apply, Qt::LeftButton);
            after = d->findings();
            d->reject();
        });
        guitest::findAction(w, "checkUpload")->trigger();
        QVERIFY2(before.join("\n").contains("19 of 19 joints play at their own priority"), qPrintable(before.join("\n")));
        QVERIFY(applyWasEnabled);
        QVERIFY2(!after.join("\n").contains("own priority"), qPrintable(after.join("\n")));
        const auto* x = w.document()->animation().extra.as<SecondLifeExtra>();
        QCOMPARE(secondlife::motionPriorities(w.document()->animation()).joints.size(), w.document()->animation().tracks.size());
        for (size_t i = 0; i < w.document()->animation().tracks.size(); ++i)
            QCOMPARE(x->priorityOf(i, w.document()->animation().tracks[i].name), 4);
    }

    // Enter in the upload check closes it and changes nothing: the Bento reset animation's joints play at
    // their own priorities on purpose, and a fix must be pressed, never fall to Enter (a first-use pass
    // lost them that way).
    void enterClosesTheUploadCheckWithoutAFix()
    {
        const QString reset = copyTo(BONESCOPE_SAMPLES "/secondlife/ll_bento_reset_bones_and_attachments.anim", "reset.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(reset));
        const int undoBefore = w.document()->undoStack()->count();
        bool closedByEnter = false;
        whenModal<UploadCheckDialog>([&](UploadCheckDialog* d) {
            QTest::keyClick(d, Qt::Key_Return);
            closedByEnter = !d->isVisible();
            if (!closedByEnter)
                d->reject();
        });
        guitest::findAction(w, "checkUpload")->trigger();
        QVERIFY(closedByEnter);
        QCOMPARE(w.document()->undoStack()->count(), undoBefore);
        QVERIFY(!w.document()->isModified());
    }

    // The wheel over a Format field the user has not clicked into scrolls past it and changes nothing
    // (a first-use pass changed an ease-in and a loop's end that way without noticing); clicked into, the
    // field takes the wheel.
    void wheelChangesOnlyAFocusedField()
    {
        const QString walk = copyTo(kWalk, "walk_wheel.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(walk));
        auto* base = w.findChild<QSpinBox*>("basePriority");
        QVERIFY(base);
        for (QWidget* p = base; p; p = p->parentWidget()) // the Format dock in front, as a person brings it
            if (auto* dock = qobject_cast<QDockWidget*>(p)) {
                dock->show();
                dock->raise();
            }
        QTRY_VERIFY(base->isVisible());
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const int before = base->value();
        const auto wheel = [&] {
            const QPointF at(base->width() / 2.0, base->height() / 2.0);
            QWheelEvent e(at, base->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                          false);
            QApplication::sendEvent(base, &e);
        };
        // A wheel from a real mouse (spontaneous) gives the focus to a Qt::WheelFocus widget before any
        // filter sees it, and the guard would then let it through: the fields must not take the focus
        // from the wheel (this test's own wheel is not spontaneous, so only this check catches that).
        QCOMPARE(base->focusPolicy(), Qt::StrongFocus);
        auto* hand = w.findChild<QComboBox*>("handPose");
        QVERIFY(hand);
        QCOMPARE(hand->focusPolicy(), Qt::StrongFocus);
        w.findChild<QTreeView*>()->setFocus(); // the focus elsewhere, as after a click in the bone tree
        QTRY_VERIFY(!base->hasFocus());
        wheel();
        QCOMPARE(base->value(), before);
        QVERIFY(!w.document()->isModified());
        base->setFocus();
        QTRY_VERIFY(base->hasFocus());
        wheel();
        QCOMPARE(base->value(), before - 1);
    }

    // The upload check on a mocap BVH says that an export for Second Life maps its bones, rather than
    // leaving 29 "rename it" errors as work to do by hand; on the avatar's own file it says nothing of it.
    void uploadCheckSaysExportMapsForeignBones()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QString onCmu, onWalk;
        for (const auto& [file, summary] : {std::pair{copyTo(kCmu, "cmu_check.bvh"), &onCmu}, std::pair{copyTo(kWalk, "walk_check.anim"), &onWalk}}) {
            QVERIFY(w.openFileNow(file));
            whenModal<UploadCheckDialog>([s = summary](UploadCheckDialog* d) {
                *s = d->summary();
                d->reject();
            });
            guitest::findAction(w, "checkUpload")->trigger();
        }
        QVERIFY2(onCmu.contains("refuses") && onCmu.contains("maps them onto the avatar"), qPrintable(onCmu));
        QVERIFY2(!onWalk.contains("maps them"), qPrintable(onWalk));
    }

    // A bone search typed for one file does not hide the next file's bones.
    void boneSearchStartsEmptyInTheNextFile()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kWalk, "walk_search.anim")));
        auto* tree = w.findChild<BoneTreePanel*>();
        QVERIFY(tree);
        QTest::keyClicks(tree->filter(), "Shoulder");
        QCOMPARE(tree->filter()->text(), QString("Shoulder"));
        QCOMPARE(tree->proxy()->rowCount(), 1); // mPelvis, above the shoulders
        QVERIFY(w.openFileNow(copyTo(kCmu, "cmu_search.bvh")));
        QCOMPARE(tree->filter()->text(), QString());
        QVERIFY(tree->proxy()->rowCount() >= 1);
        QModelIndex first = tree->proxy()->index(0, 0);
        QCOMPARE(first.data().toString(), QString("Hips"));
        QVERIFY(tree->proxy()->rowCount(first) >= 3); // legs and spine shown
    }

    // A joint renamed in the bone tree (F2, type, Return) renames its track; a name another bone has is
    // refused with the reason in the status bar; undo puts the name back.
    void renameJointInTheBoneTree()
    {
        const QString cmu = copyTo(kCmu, "cmu_rename.bvh");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(cmu));
        auto* tree = w.findChild<BoneTreePanel*>();
        QVERIFY(tree);
        QTreeView* view = tree->view();
        const int hips = w.document()->skeleton().find("Hips");
        QVERIFY(hips >= 0);
        auto rename = [&](const QString& to) {
            QModelIndex at;
            for (int r = 0; r < view->model()->rowCount(); ++r)
                if (view->model()->index(r, 0).data().toString() == QString::fromStdString(w.document()->skeleton().bones[size_t(hips)].name))
                    at = view->model()->index(r, 0);
            QVERIFY(at.isValid());
            view->setCurrentIndex(at);
            view->setFocus();
            QTest::keyClick(view, Qt::Key_F2);
            QLineEdit* editor = nullptr;
            QTRY_VERIFY((editor = view->viewport()->findChild<QLineEdit*>()) && editor->isVisible());
            // The editor starts from the name (a first-use pass found it blank).
            QCOMPARE(editor->text(), QString::fromStdString(w.document()->skeleton().bones[size_t(hips)].name));
            editor->selectAll();
            QTest::keyClicks(editor, to);
            QTest::keyClick(editor, Qt::Key_Return);
        };
        rename("hip_renamed");
        QTRY_COMPARE(w.document()->skeleton().bones[size_t(hips)].name, std::string("hip_renamed"));
        QVERIFY(w.document()->animation().findTrack("hip_renamed") >= 0);
        QCOMPARE(w.document()->animation().findTrack("Hips"), -1);

        rename("LeftKnee"); // another bone's name
        QTRY_VERIFY2(w.statusBar()->currentMessage().contains("already named LeftKnee"), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.document()->skeleton().bones[size_t(hips)].name, std::string("hip_renamed"));

        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->skeleton().bones[size_t(hips)].name, std::string("Hips"));
        QVERIFY(w.document()->animation().findTrack("Hips") >= 0);
    }
};

QTEST_MAIN(ExportDestinationsTest)
#include "viewer_export_destinations_test.moc"
