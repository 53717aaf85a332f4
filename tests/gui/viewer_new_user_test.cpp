// The window as a new user meets it (issue 12): a failed open leaves the window answering and the
// next file opens through the real Open dialog; Export names and formats the file from what is typed
// in its dialog; Save As has its key; the bone tree's counts follow edits; a skeleton mesh is kept
// only for animations whose bones match; the Help menu lists the window's own shortcuts.
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QListWidget>
#include <QHeaderView>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>
#include <QFile>
#include <QtTest>
#include <cmath>
#include <functional>
#include <optional>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/panels/format_properties_panel.h"
#include "app/gui/panels/properties_panel.h"
#include "app/gui/document/demo_assets.h"
#include "app/gui/document/document.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "app/gui/saving/export_target.h"
#include "app/gui/saving/file_filters.h"
#include "app/gui/dialogs/help_menu.h"
#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/panels/key_editor_panel.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/timeline/timeline_widget.h"
#include "render/viewport.h"
#include "app/gui/main_window.h"
#include "app/gui/saving/save_controller.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_extra.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kSeanim = QStringLiteral(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");

using guitest::typeFileName;
using guitest::whenModal;

QString copyTo(const QString& from, const QString& name)
{
    const QString to = guitest::tempDir() + "/" + name;
    QFile::remove(to);
    return QFile::copy(from, to) ? to : QString();
}

// One bone standing still at (0, 1, 0) and one that walks from the origin to `to` over one second.
Animation walkTo(const std::string& name, glm::dvec3 to)
{
    Animation a;
    a.name = name;
    a.fps = 30;
    a.duration = 1;
    Track still, walker;
    still.name = "still";
    still.translation.keys = {{0.0, {0, 1, 0}}};
    walker.name = "walker";
    walker.translation.keys = {{0.0, {0, 0, 0}}, {1.0, to}};
    a.tracks = {still, walker};
    return a;
}

bool onScreen(MainWindow& w, int bone)
{
    const QPointF p = w.viewport()->jointOnScreen(bone);
    return p.x() >= 0 && p.y() >= 0 && p.x() < w.viewport()->width() && p.y() < w.viewport()->height();
}

const Format* detectFile(const QString& path)
{
    const QByteArray bytes = guitest::fileBytes(path);
    return Registry::instance().detect(
        std::span(reinterpret_cast<const uint8_t*>(bytes.constData()), size_t(bytes.size())), path.toStdString());
}

} // namespace

class NewUserTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        QApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    }

    void failedOpenThenOpenThroughTheDialog()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        const QString broken = guitest::tempDir() + "/broken.seanim";
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("SEAnim\0\0 this is not an animation", 34);
        }
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        // The error box runs its own event loop: what a user sees and does there is scheduled ahead.
        bool progressShown = false, progressAlive = false, boxStuck = false;
        QString text;
        QWidget* modal = nullptr;
        QMessageBox* shown = nullptr;
        whenModal<QMessageBox>([&](QMessageBox* box) {
            shown = box;
            text = box->text();
            // A Loading box still alive here has its show timer running (the box showed it, modal, over
            // the error whenever the load took its 300 ms).
            progressAlive = !w.findChildren<QProgressDialog*>().isEmpty();
            // Longer than the progress box's show delay (300 ms): it must not come up over the error.
            QTimer::singleShot(800, box, [&, box] {
                for (QProgressDialog* p : w.findChildren<QProgressDialog*>())
                    progressShown = progressShown || p->isVisible();
                modal = QApplication::activeModalWidget();
                QTest::keyClick(modal, Qt::Key_Return); // where a user's key goes
                QTimer::singleShot(500, box, [&, box] { // cancelled when the box is gone
                    if (box->isVisible()) { // the key did not close it: close it to go on
                        boxStuck = true;
                        box->done(0);
                    }
                });
            });
        });
        {
            // As in the application, the load ends inside a running event loop (a deleteLater() posted
            // there waits while the error box runs its own loop).
            QEventLoop loop;
            connect(&w, &MainWindow::loadFinished, &loop, &QEventLoop::quit);
            QTimer::singleShot(0, &w, [&] { w.openFile(broken); });
            QTimer::singleShot(20000, &loop, &QEventLoop::quit);
            loop.exec();
        }
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(shown);
        QVERIFY(text.contains("broken.seanim"));
        QVERIFY2(!progressAlive, "the Loading... box outlives the load, under the error box");
        QVERIFY2(!progressShown, "the Loading... box covers the error box");
        QCOMPARE(modal, static_cast<QWidget*>(shown));
        QVERIFY2(!boxStuck, "Return does not close the error box");

        // Then File > Open, the path typed in the dialog.
        whenModal<QFileDialog>([](QFileDialog* d) { typeFileName(d, kSeanim); });
        QAction* open = guitest::findAction(w, "open");
        QVERIFY(open);
        open->trigger();
        QTRY_COMPARE(finished.count(), 2);
        QCOMPARE(finished.at(1).at(0).toBool(), true);
        QCOMPARE(QFileInfo(w.document()->path()).canonicalFilePath(), QFileInfo(kSeanim).canonicalFilePath());
        QVERIFY(w.document()->skeleton().size() > 0);
        QVERIFY(!QApplication::activeModalWidget());
    }

    void exportFollowsTheTypedExtension()
    {
        const QString walk = copyTo(kSeanim, "walk.seanim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(walk));
        const Format* seanim = Registry::instance().byId("seanim");
        const Format* bvh = Registry::instance().byId("bvh");

        // The dialog offers the document's base name; "walk.bvh" typed with the SEAnim filter is BVH.
        QString offered, filter;
        whenModal<QFileDialog>([&](QFileDialog* d) {
            offered = d->findChild<QLineEdit*>("fileNameEdit")->text();
            filter = d->selectedNameFilter();
            whenModal<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Ok)->click(); }); // loss report
            typeFileName(d, "walk.bvh");
        });
        QVERIFY2(w.saves()->exportTo(), qPrintable(w.saves()->lastError()));
        QCOMPARE(offered, QString("walk.seanim"));
        QCOMPARE(filter, formatFilter(*seanim));
        const QString walkBvh = guitest::tempDir() + "/walk.bvh";
        QCOMPARE(detectFile(walkBvh), bvh);
        QVERIFY(w.saves()->lastExportReport().join('\n').contains("note")); // BVH has no notes: reported
        // The status bar says what was written, and that something was left out.
        // (The file's name on the line, its whole path in the tooltip.)
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Exported walk.bvh (BVH"), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.statusBar()->toolTip(), QDir::toNativeSeparators(walkBvh));
        QVERIFY2(w.statusBar()->currentMessage().contains(" the format cannot carry were left out"), qPrintable(w.statusBar()->currentMessage()));

        // No extension typed: the chosen filter's format, and its suffix is added.
        QFile::remove(guitest::tempDir() + "/walk2.bvh");
        whenModal<QFileDialog>([&](QFileDialog* d) {
            d->selectNameFilter(formatFilter(*bvh));
            whenModal<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Ok)->click(); });
            typeFileName(d, "walk2");
        });
        QVERIFY2(w.saves()->exportTo(), qPrintable(w.saves()->lastError()));
        QCOMPARE(detectFile(guitest::tempDir() + "/walk2.bvh"), bvh);
        QVERIFY(!QFileInfo::exists(guitest::tempDir() + "/walk2"));
        QVERIFY(!QFileInfo::exists(guitest::tempDir() + "/walk2.seanim"));
    }

    void exportTargetRules()
    {
        const Format* seanim = Registry::instance().byId("seanim");
        const Format* bvh = Registry::instance().byId("bvh");
        QCOMPARE(exportTarget("/x/walk.bvh", seanim).format, bvh);
        QCOMPARE(exportTarget("/x/walk.bvh", seanim).path, QString("/x/walk.bvh"));
        QCOMPARE(exportTarget("/x/walk.BVH", nullptr).format, bvh);
        QCOMPARE(exportTarget("/x/walk", bvh).path, QString("/x/walk.bvh"));
        QCOMPARE(exportTarget("/x/walk.v2", seanim).path, QString("/x/walk.v2.seanim"));
        QVERIFY(!exportTarget("/x/walk", nullptr).format);
        // Shared extensions (the Dash variants): the chosen one when it writes the extension.
        for (const auto& f : Registry::instance().formats())
            if (f->capabilities().write)
                QCOMPARE(exportTarget("/x/a." + QString::fromStdString(f->writtenExtension()), f.get()).format, f.get());
        // Names glTF is read from but not written as: no format, whatever the filter, and no suffix
        // added (a .fbx given glTF bytes, or walk.fbx.glb, would both surprise).
        const Format* gltf = Registry::instance().byId("assimp");
        for (const QString name : {"/x/walk.fbx", "/x/walk.dae", "/x/walk.gltf"}) {
            QVERIFY(!exportTarget(name, gltf).format);
            QCOMPARE(exportTarget(name, gltf).path, name);
        }
        QCOMPARE(exportTarget("/x/walk.glb", gltf).format, gltf);
        QCOMPARE(suggestedExportPath("/x/y/walk.fbx", *gltf), QString("/x/y/walk.glb"));
        QCOMPARE(suggestedExportPath("/x/y/walk.anim", *bvh), QString("/x/y/walk.bvh"));
        QCOMPARE(suggestedExportPath("", *bvh), QString("animation.bvh"));
    }

    // The demo lives in a folder deleted on quit: Ctrl+S asks where, offering the user's documents
    // folder (home when there is none), and never writes into the demo's folder.
    void demoSaveAsksWhereOutsideItsFolder()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openDemoNow(false));
        const QString demo = w.document()->path();
        const QByteArray demoBytes = guitest::fileBytes(demo);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const QString target = guitest::tempDir() + "/my_walk.seanim";
        QFile::remove(target);
        QString offeredFolder, offeredName;
        whenModal<QFileDialog>([&](QFileDialog* d) {
            offeredFolder = d->directory().absolutePath();
            offeredName = d->findChild<QLineEdit*>("fileNameEdit")->text();
            typeFileName(d, target);
        });
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QTRY_VERIFY(QFileInfo::exists(target));
        const QDir documents(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
        QCOMPARE(offeredFolder, (documents.exists() ? documents : QDir::home()).absolutePath());
        QVERIFY(offeredFolder != QFileInfo(demo).absolutePath());
        QCOMPARE(offeredName, QString("demo_walk.seanim"));
        QCOMPARE(guitest::fileBytes(target), demoBytes); // unedited: the same bytes
        QCOMPARE(w.document()->path(), target);
        // The Properties panel names the file now written (it kept naming the demo's copy).
        QVERIFY2(guitest::treeRows(w.properties()->tree()).contains("Path: " + target),
                 qPrintable(guitest::treeRows(w.properties()->tree()).join('\n')));
        QCOMPARE(guitest::fileBytes(demo), demoBytes);
        // Saved somewhere of the user's: Ctrl+S now saves there without asking.
        QVERIFY(!w.document()->needsSaveAs());
    }

    // A retarget's result is glTF in a document still named after its source: Save As offers the
    // glTF name, and the source's name typed anyway is refused (it held a glTF file afterwards).
    void retargetResultIsNeverSavedOverItsSource()
    {
        const QString source = copyTo(QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"), "ro.anim");
        QVERIFY(!source.isEmpty());
        const QByteArray sourceBytes = guitest::fileBytes(source);
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(source));
        Scene result = w.document()->scene(); // as retarget_action.cpp leaves the document
        result.format = "assimp";
        w.document()->setScene(std::move(result), source);
        w.document()->setNeedsSaveAs(true);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QString offeredName, filter, refusal;
        whenModal<QFileDialog>([&](QFileDialog* d) {
            offeredName = d->findChild<QLineEdit*>("fileNameEdit")->text();
            filter = d->selectedNameFilter();
            whenModal<QMessageBox>([&](QMessageBox* box) {
                refusal = box->text();
                box->button(QMessageBox::Ok)->click();
            });
            typeFileName(d, source);
        });
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QTRY_VERIFY(!refusal.isEmpty());
        QCOMPARE(offeredName, QString("ro.glb"));
        // An Assimp-read document is saved by Bonescope's own glTF writer (Registry::writerOf).
        QCOMPARE(filter, formatFilter(*Registry::instance().byId("gltf")));
        QVERIFY2(refusal.contains("ro.anim is a Second Life"), qPrintable(refusal));
        QCOMPARE(guitest::fileBytes(source), sourceBytes);
        QVERIFY(w.document()->needsSaveAs());
    }

    void saveAsKey()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kSeanim, "saveas.seanim")));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QAction* saveAs = guitest::findAction(w, "saveAs");
        QVERIFY(saveAs);
        QCOMPARE(saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        // Not interactive: Save As without a name says so (a user gets the dialog).
        QCOMPARE(w.saves()->lastError(), QString("No file name given."));
    }

    // Ctrl+S says where it saved in the status bar (the title's '*' going was the only sign).
    void saveKeySaysWhereItSaved()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        const QString path = copyTo(kSeanim, "saved-message.seanim");
        QVERIFY(w.openFileNow(path));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.statusBar()->clearMessage();
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QVERIFY2(w.saves()->lastError().isEmpty(), qPrintable(w.saves()->lastError()));
        QCOMPARE(w.statusBar()->currentMessage(), QString("Saved %1").arg(QDir::toNativeSeparators(path)));
    }

    void boneTreeCountsFollowEdits()
    {
        MainWindow w(false);
        QVERIFY(w.openFileNow(kSeanim));
        Document* doc = w.document();
        BoneTreeModel* model = w.boneTree()->model();
        const int bone = doc->skeleton().find("tag_origin");
        QVERIFY(bone >= 0);
        const QModelIndex t = model->indexOfBone(bone).siblingAtColumn(BoneTreeModel::Translation);
        QCOMPARE(model->data(t, Qt::DisplayRole).toULongLong(), 2ull);
        QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
        doc->setSelection({bone}, bone);
        doc->setTime(3 / 30.0);
        w.dopeSheet()->insertKey();
        QCOMPARE(model->data(t, Qt::DisplayRole).toULongLong(), 3ull);
        // The views are told: some dataChanged covers the bone's translation count.
        auto covers = [&] {
            for (const auto& args : changed) {
                const QModelIndex a = args.at(0).toModelIndex(), b = args.at(1).toModelIndex();
                if (a.parent() == t.parent() && a.row() <= t.row() && t.row() <= b.row() && a.column() <= t.column() &&
                    t.column() <= b.column())
                    return true;
            }
            return false;
        };
        QVERIFY(covers());
        changed.clear();
        doc->undoStack()->undo();
        QCOMPARE(model->data(t, Qt::DisplayRole).toULongLong(), 2ull);
        QVERIFY(covers());
    }

    // On a 300-bone file: an edit that changes no count announces no row (each announcement made the
    // view measure every row again: seconds per edit on 500 bones), one that changes every row
    // announces the layout once, and the counts shown follow both, and their undo.
    void boneTreeAnnouncesOnlyRowsThatChange()
    {
        MainWindow w(false);
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/seanim/synth_300bones_u16mods.seanim"));
        Document* doc = w.document();
        BoneTreeModel* model = w.boneTree()->model();
        const Animation& anim = doc->animation();
        int track = -1;
        for (size_t t = 0; t < anim.tracks.size() && track < 0; ++t)
            if (!anim.tracks[t].rotation.keys.empty())
                track = int(t);
        QVERIFY(track >= 0);
        QSignalSpy rows(model, &QAbstractItemModel::dataChanged);
        QSignalSpy layouts(model, &QAbstractItemModel::layoutChanged);
        setKeyValueEdit(doc, {track, ChannelKind::Rotation, 0}, glm::dvec4(0, 0, 0.6, 0.8));
        QCOMPARE(doc->animation().tracks[size_t(track)].rotation.keys.value(0).z, 0.6);
        QCOMPARE(rows.count(), 0);
        QCOMPARE(layouts.count(), 0);

        auto shownMatchesTracks = [&] {
            for (int b = 0; b < int(doc->skeleton().size()); ++b) {
                const int t = doc->binding().trackOfBone[size_t(b)];
                if (t < 0)
                    continue;
                const QModelIndex r = model->indexOfBone(b).siblingAtColumn(BoneTreeModel::Rotation);
                if (model->data(r, Qt::DisplayRole).toULongLong() != doc->animation().tracks[size_t(t)].rotation.size())
                    return false;
            }
            return true;
        };
        std::vector<int> all(doc->skeleton().size());
        for (size_t b = 0; b < all.size(); ++b)
            all[b] = int(b);
        doc->setTime(5 / doc->fps());
        const size_t before = doc->animation().keyCount();
        QVERIFY(!insertPoseKeysEdit(doc, all).empty());
        QVERIFY(doc->animation().keyCount() > before + 200);
        QCOMPARE(layouts.count(), 1);
        QCOMPARE(rows.count(), 0);
        QVERIFY(shownMatchesTracks());
        doc->undoStack()->undo();
        QCOMPARE(doc->animation().keyCount(), before);
        QCOMPARE(layouts.count(), 2);
        QVERIFY(shownMatchesTracks());
    }

    void insertWithoutSelectionSaysWhy()
    {
        MainWindow w(false);
        QVERIFY(w.openFileNow(kSeanim));
        w.document()->setSelection({}, -1);
        w.dopeSheet()->insertKey();
        QVERIFY2(w.statusBar()->currentMessage().contains("No bone selected"), qPrintable(w.statusBar()->currentMessage()));
    }

    // File > Load skeleton mesh... with a character whose bones the animation does not move (CesiumMan
    // under the CMU walk): a first-use pass got a small frozen figure without a word. The window says
    // so and offers the retarget; Cancel loads nothing, "Load anyway" loads it and the status bar keeps
    // the sentence.
    void mismatchedSkeletonMeshIsSaidAndRetargetOffered()
    {
        const QString cmu = copyTo(QStringLiteral(BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh"), "cmu_mesh.bvh");
        const QString cesium = QStringLiteral(BONESCOPE_FIXTURES "/rigs/CesiumMan.glb");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(cmu));
        QAction* load = guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "File"), "Load skeleton mesh...");
        QVERIFY(load);
        // Through the real dialog; `answer` is what the person does with the question that follows.
        auto loadThroughMenu = [&](std::function<void(QMessageBox*)> answer) {
            whenModal<QFileDialog>([&, answer](QFileDialog* d) {
                whenModal<QMessageBox>(answer);
                typeFileName(d, cesium);
            });
            load->trigger();
        };
        QString asked;
        loadThroughMenu([&](QMessageBox* box) {
            asked = box->text();
            box->button(QMessageBox::Cancel)->click();
        });
        QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), 15000);
        QVERIFY2(asked.contains(QRegularExpression("^None of the [0-9]+ bones this animation moves is in CesiumMan\\.glb")),
                 qPrintable(asked));
        QVERIFY(w.document()->meshPath().isEmpty());

        // "Retarget onto it...": the retarget's map opens for that character, without asking for a file.
        bool mapShown = false;
        loadThroughMenu([&](QMessageBox* box) {
            whenModal<RetargetDialog>([&](RetargetDialog* map) {
                mapShown = map->rowCount() > 0;
                map->reject();
            });
            box->findChild<QPushButton*>("retargetOntoMesh")->click();
        });
        QTRY_VERIFY_WITH_TIMEOUT(mapShown, 20000);
        QTRY_VERIFY(!QApplication::activeModalWidget());
        QVERIFY(w.document()->meshPath().isEmpty());

        // "Load anyway": loaded, and said.
        loadThroughMenu([&](QMessageBox* box) { box->findChild<QPushButton*>("loadMeshAnyway")->click(); });
        QTRY_VERIFY_WITH_TIMEOUT(!w.document()->meshPath().isEmpty(), 15000);
        QVERIFY2(w.statusBar()->currentMessage().contains("None of the"), qPrintable(w.statusBar()->currentMessage()));
    }

    void skeletonMeshKeptOnlyForMatchingBones()
    {
        MainWindow w(false);
        QVERIFY(w.openDemoNow(false));
        const QString mesh = w.document()->meshPath();
        QVERIFY(!mesh.isEmpty());
        // The same animation again: its bones are the mesh's.
        QVERIFY(w.openFileNow(demoFiles().animation));
        QCOMPARE(w.document()->meshPath(), mesh);
        QVERIFY2(w.statusBar()->currentMessage().contains("kept skeleton mesh"), qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(w.document()->mesh());
        // An unrelated SEAnim (tag_origin, j_mainroot): the mesh goes. It came with the demo, not from the
        // user, so nothing is said of it (a first-use pass read "demo_character.glb removed" as a puzzle).
        QVERIFY(w.openFileNow(kSeanim));
        QVERIFY(w.document()->meshPath().isEmpty());
        QVERIFY(!w.document()->mesh());
        QVERIFY2(!w.statusBar()->currentMessage().contains("demo_character"), qPrintable(w.statusBar()->currentMessage()));
        // A skeleton mesh the user loaded goes too, and the status bar says so.
        const QString own = guitest::tempDir() + "/my_character.glb";
        QFile::remove(own);
        QVERIFY(QFile::copy(mesh, own));
        QVERIFY(w.openFileNow(demoFiles().animation));
        QVERIFY(w.loadSkeletonMeshNow(own));
        QVERIFY(w.openFileNow(kSeanim));
        QVERIFY(w.document()->meshPath().isEmpty());
        QVERIFY2(w.statusBar()->currentMessage().contains("skeleton mesh my_character.glb removed"),
                 qPrintable(w.statusBar()->currentMessage()));
    }

    void switchingAnimationReframes()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        Scene scene;
        scene.format = "seanim";
        scene.animations = {walkTo("walk", {20, 0, 0}), walkTo("far", {0, 0, 0})};
        scene.animations[1].tracks[0].translation.keys = {{0.0, {300, 1, 0}}};
        scene.animations[1].tracks[1].translation.keys = {{0.0, {300, 0, 0}}};
        scene.current = 0;
        w.document()->setScene(scene, guitest::tempDir() + "/walks.seanim");
        const int walker = w.document()->skeleton().find("walker");
        QVERIFY(walker >= 0);
        w.document()->setTime(0);
        w.viewport()->frameAll();
        QVERIFY(onScreen(w, walker));
        // Another animation of the same file (300 m away) is framed when chosen.
        w.document()->setAnimationIndex(1);
        QVERIFY2(onScreen(w, walker), "switching animation does not re-frame");
    }

    void selectingAKeyKeepsTheLayout()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kSeanim));
        QTest::qWait(100);
        const QSize before = w.viewport()->size();
        auto* keys = w.findChild<KeyEditorPanel*>();
        QVERIFY(keys);
        QVERIFY(!keys->flagsBox()->isVisible()); // LEGO Island's key flags: not for a SEAnim
        w.dopeSheet()->setSelectedKeys({KeyRef{1, ChannelKind::Translation, 3}});
        QVERIFY(keys->currentKey());
        QTest::qWait(100);
        QCOMPARE(w.viewport()->size(), before);
        w.dopeSheet()->setSelectedKeys({KeyRef{0, ChannelKind::Rotation, 0}});
        QTest::qWait(100);
        QCOMPARE(w.viewport()->size(), before);
        QVERIFY(!keys->flagsBox()->isVisible());
    }

    void keyTimeIsTyped()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kSeanim));
        Document* doc = w.document();
        auto* keys = w.findChild<KeyEditorPanel*>();
        // tag_origin's second translation key, at frame 9 (0.3 s): typed to 0.2 s.
        w.dopeSheet()->setSelectedKeys({KeyRef{0, ChannelKind::Translation, 1}});
        QCOMPARE(keys->timeField()->value(), 0.3);
        const glm::dvec3 value = doc->animation().tracks[0].translation.keys.value(1);
        const int steps = doc->undoStack()->count();
        keys->timeField()->setFocus();
        keys->timeField()->selectAll();
        QTest::keyClicks(keys->timeField(), "0.2");
        QTest::keyClick(keys->timeField(), Qt::Key_Return);
        const auto& k = doc->animation().tracks[0].translation.keys;
        QCOMPARE(k.size(), size_t(2));
        QVERIFY(std::abs(k[1].time - 0.2) < 1e-9);
        QCOMPARE(k[1].value, value);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(keys->currentKey()); // still on the moved key
        QCOMPARE(keys->timeField()->value(), 0.2);
        doc->undoStack()->undo();
        QVERIFY(std::abs(doc->animation().tracks[0].translation.keys.time(1) - 0.3) < 1e-9);
    }

    // Second Life stores key times in 1/65535 of the duration: a key on frame 3 is at 2.99997 frames,
    // and the Key dock says "frame 3" beside its Time field.
    void keyDockFrameOfAQuantizedTime()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"));
        const Animation& a = w.document()->animation();
        std::optional<KeyRef> offFrame;
        double frame = 0;
        for (size_t t = 0; t < a.tracks.size() && !offFrame; ++t)
            for (size_t i = 0; i < a.tracks[t].rotation.size() && !offFrame; ++i) {
                frame = a.tracks[t].rotation.keys.time(i) * w.document()->fps();
                if (frame != std::round(frame) && std::abs(frame - std::round(frame)) < 0.01)
                    offFrame = KeyRef{int(t), ChannelKind::Rotation, int(i)};
            }
        QVERIFY(offFrame);
        w.dopeSheet()->setSelectedKeys({*offFrame});
        QString shown;
        for (QLabel* l : w.findChild<KeyEditorPanel*>()->findChildren<QLabel*>())
            if (l->text().startsWith("frame "))
                shown = l->text();
        QCOMPARE(shown, QString("frame %1").arg(std::llround(frame)));
    }

    // A value typed into the Key dock and entered gives the keys back to the window: Ctrl+Z undoes the
    // edit (the field kept Ctrl+Z for its own text, and the edit stayed).
    void ctrlZAfterEnteringAValueUndoesIt()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFileNow(kSeanim));
        Document* doc = w.document();
        auto* keys = w.findChild<KeyEditorPanel*>();
        w.dopeSheet()->setSelectedKeys({KeyRef{0, ChannelKind::Translation, 1}});
        const glm::dvec3 before = doc->animation().tracks[0].translation.keys.value(1);
        QDoubleSpinBox* x = keys->vectorFields()[0];
        x->setFocus();
        x->selectAll();
        QTest::keyClicks(x, "7.5");
        QTest::keyClick(x, Qt::Key_Return);
        QCOMPARE(doc->animation().tracks[0].translation.keys.value(1).x, 7.5);
        QTRY_VERIFY(!x->hasFocus());
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->animation().tracks[0].translation.keys.value(1), before);
    }

    // Linden Lab's raptor attack loops from -1 frame: the Format dock shows -0.0417 s (it showed 0), and
    // typing a loop out keeps the loop in as the file has it.
    void negativeLoopPointsShownAsTheyAre()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/ll_raptor_attack.anim"));
        const double in = w.document()->animation().loopRange->in;
        QVERIFY(in < 0);
        auto field = [&](const QString& label) -> QDoubleSpinBox* {
            for (QFormLayout* form : w.findChild<FormatPropertiesPanel*>()->findChildren<QFormLayout*>())
                for (int r = 0; r < form->rowCount(); ++r)
                    if (auto* l = qobject_cast<QLabel*>(form->itemAt(r, QFormLayout::LabelRole) ? form->itemAt(r, QFormLayout::LabelRole)->widget() : nullptr);
                        l && l->text() == label)
                        return qobject_cast<QDoubleSpinBox*>(form->itemAt(r, QFormLayout::FieldRole)->widget());
            return nullptr;
        };
        QDoubleSpinBox* loopIn = field("Loop in (s)");
        QDoubleSpinBox* loopOut = field("Loop out (s)");
        QVERIFY(loopIn && loopOut);
        QCOMPARE(loopIn->value(), std::round(in * 1e4) / 1e4);
        loopOut->setFocus();
        loopOut->selectAll();
        QTest::keyClicks(loopOut, "1");
        QTest::keyClick(loopOut, Qt::Key_Return);
        QCOMPARE(w.document()->animation().loopRange->out, 1.0);
        QCOMPARE(w.document()->animation().loopRange->in, in);
    }

    // The Second Life fields in words (a first-use pass met a bare "1" for the hand pose and "Type (0
    // point, 1 plane)"), and a loop out typed past the clip's end said at once, not first at the upload
    // check; the seam is measured as a share of the height, not a bare number.
    void secondLifeFieldsSayWhatTheyMean()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        const QString clap = copyTo(BONESCOPE_SAMPLES "/secondlife/linden_clap_11constraints.anim", "clap.anim");
        QVERIFY(w.openFileNow(clap));
        auto* panel = w.findChild<FormatPropertiesPanel*>();
        auto* hand = panel->findChild<QComboBox*>("handPose");
        QVERIFY(hand);
        const auto* extra = w.document()->animation().extra.as<SecondLifeExtra>();
        QVERIFY(extra);
        const uint32_t pose = extra->handPose;
        QCOMPARE(hand->currentData().toUInt(), pose);
        QVERIFY2(!hand->currentText().contains(QRegularExpression("^[0-9]+$")), qPrintable(hand->currentText()));
        // Down on the focused field picks the next pose, as a person's key does, and the model follows.
        hand->setFocus();
        QTest::keyClick(hand, Qt::Key_Down);
        QCOMPARE(w.document()->animation().extra.as<SecondLifeExtra>()->handPose, pose + 1);
        QCOMPARE(w.document()->undoStack()->undoText(), QString("Hand pose"));

        // The constraints' type in words; typing "plane" into a point constraint's cell makes it one.
        QTableWidget* cons = nullptr;
        for (auto* t : panel->findChildren<QTableWidget*>())
            if (t->columnCount() == 8)
                cons = t;
        QVERIFY(cons && cons->rowCount() > 0);
        QCOMPARE(cons->horizontalHeaderItem(1)->text(), QString("Type (point, plane)"));
        int pointRow = -1;
        for (int r = 0; r < cons->rowCount(); ++r) {
            const QString type = cons->item(r, 1)->text();
            QVERIFY2(type == "point" || type == "plane", qPrintable(type));
            if (type == "point" && pointRow < 0)
                pointRow = r;
        }
        QVERIFY(pointRow >= 0);
        cons->setFocus();
        cons->setCurrentCell(pointRow, 1);
        cons->editItem(cons->item(pointRow, 1));
        QLineEdit* editor = cons->findChild<QLineEdit*>();
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, "plane");
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(int(w.document()->animation().extra.as<SecondLifeExtra>()->constraints.at(size_t(pointRow)).type),
                     int(secondlife::ConstraintPlane));
        QTRY_COMPARE(cons->item(pointRow, 1)->text(), QString("plane"));

        // Loop out typed past the end: said under the field.
        auto* warning = panel->findChild<QLabel*>("loopPointsWarning");
        QVERIFY(warning);
        QVERIFY(warning->isHidden());
        QDoubleSpinBox* loopOut = nullptr;
        for (QFormLayout* form : panel->findChildren<QFormLayout*>())
            for (int r = 0; r < form->rowCount(); ++r)
                if (auto* item = form->itemAt(r, QFormLayout::LabelRole))
                    if (auto* l = qobject_cast<QLabel*>(item->widget()); l && l->text() == "Loop out (s)")
                        loopOut = qobject_cast<QDoubleSpinBox*>(form->itemAt(r, QFormLayout::FieldRole)->widget());
        QVERIFY(loopOut);
        loopOut->setFocus();
        loopOut->selectAll();
        QTest::keyClicks(loopOut, "50");
        QTest::keyClick(loopOut, Qt::Key_Return);
        QTRY_VERIFY(!warning->isHidden());
        QVERIFY2(warning->text().startsWith("Loop out (50.000 s) is after the end of the animation ("), qPrintable(warning->text()));
        w.document()->undoStack()->undo();
        QTRY_VERIFY(warning->isHidden());
    }

    // A .glb dropped on an open animation is its skeleton mesh (it replaced the animation, leaving
    // "No animation open"); into an empty window it opens as the document.
    void droppedModelBecomesTheSkeletonMesh()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openDemoNow(false));
        const QString animation = w.document()->path();
        const QString model = copyTo(demoFiles().mesh, "dropped_character.glb");
        auto drop = [&](MainWindow& into) {
            QMimeData mime;
            mime.setUrls({QUrl::fromLocalFile(model)});
            // As a drag arrives: enter, move, drop.
            QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&into, &enter);
            QDragMoveEvent move(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&into, &move);
            QDropEvent event(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QSignalSpy loaded(&into, &MainWindow::loadFinished);
            QApplication::sendEvent(&into, &event);
            if (!loaded.wait(10000)) {
                qWarning() << "no load finished";
                return false;
            }
            return loaded.front().front().toBool();
        };
        QVERIFY2(drop(w), qPrintable(w.lastError()));
        QCOMPARE(w.document()->path(), animation);
        QCOMPARE(w.document()->meshPath(), model);
        MainWindow empty(false);
        QVERIFY(guitest::showWindow(empty, {1280, 800}));
        QVERIFY(drop(empty));
        QCOMPARE(empty.document()->path(), model);
    }

    // A file named relative to the folder Bonescope started in is held by its whole path: a recovery
    // started elsewhere saved the edits into a new file there.
    void relativePathsAreMadeWhole()
    {
        const QString walk = copyTo(kSeanim, "relative_walk.seanim");
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(guitest::tempDir()));
        MainWindow w(false);
        const bool opened = w.openFileNow("relative_walk.seanim");
        QDir::setCurrent(before);
        QVERIFY2(opened, qPrintable(w.lastError()));
        QCOMPARE(w.document()->path(), QFileInfo(walk).absoluteFilePath());
        QVERIFY(QFileInfo(w.document()->path()).isAbsolute());
    }

    // On a first run at 1280 x 800, a LEGO Island rotation key's fields and its flags are in sight: the
    // flags in one row made the dock scroll sideways, and three docks high they were below the fold.
    void legoKeyFlagsInSightOnAFirstRun()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/lego/pns065rd.ani"));
        const Animation& a = w.document()->animation();
        int track = 0;
        while (track < int(a.tracks.size()) && a.tracks[size_t(track)].rotation.size() < 2)
            ++track;
        QVERIFY(track < int(a.tracks.size()));
        w.dopeSheet()->setSelectedKeys({KeyRef{track, ChannelKind::Rotation, 1}});
        auto* keys = w.findChild<KeyEditorPanel*>();
        QTest::qWait(50); // the first run's dock sizes
        auto* scroll = qobject_cast<QScrollArea*>(keys->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QVERIFY(!scroll->horizontalScrollBar()->isVisible());
        QVERIFY(keys->flagsBox()->isVisible());
        const QRect flags(keys->flagsBox()->mapTo(scroll->viewport(), QPoint(0, 0)), keys->flagsBox()->size());
        QVERIFY2(scroll->viewport()->rect().contains(flags.center()),
                 qPrintable(QString("flags at y %1, view %2 high").arg(flags.center().y()).arg(scroll->viewport()->height())));
        for (QDoubleSpinBox* q : keys->quaternionFields())
            QVERIFY(!q->visibleRegion().isEmpty());
    }

    // File choosers start where the document is and list what they can open: Layer on base opened in
    // the folder Bonescope was started from, with only "All files".
    void layerOnBaseChooserStartsBesideTheDocument()
    {
        const QString walk = copyTo(kSeanim, "beside.seanim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(walk));
        QString folder, filters;
        whenModal<QFileDialog>([&](QFileDialog* d) {
            folder = d->directory().absolutePath();
            filters = d->nameFilters().join(";;");
            d->reject();
        });
        QAction* layer = guitest::findAction(w, "layerOnBase");
        QVERIFY(layer);
        layer->trigger();
        QCOMPARE(folder, QFileInfo(walk).absolutePath());
        QVERIFY2(filters.startsWith("All supported (") && filters.contains("*.seanim"), qPrintable(filters));
        // The demo (a temporary copy) starts in the documents folder, as Save does.
        QVERIFY(w.openDemoNow(false));
        QCOMPARE(w.document()->dialogFolder(), QFileInfo(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).exists()
                                                   ? QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).absolutePath()
                                                   : QDir::homePath());
    }

    // A deleted key leaves the Key dock empty, not showing the time it had.
    void deletedKeyLeavesTheKeyDockEmpty()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kSeanim));
        auto* keys = w.findChild<KeyEditorPanel*>();
        w.dopeSheet()->setSelectedKeys({KeyRef{0, ChannelKind::Translation, 1}});
        QCOMPARE(keys->timeField()->value(), 0.3);
        w.dopeSheet()->setFocus();
        QTest::keyClick(w.dopeSheet(), Qt::Key_Delete);
        QCOMPARE(w.document()->animation().tracks[0].translation.keys.size(), size_t(1));
        QVERIFY(!keys->currentKey());
        QVERIFY(!keys->timeField()->isEnabled());
        QCOMPARE(keys->timeField()->value(), 0.0);
    }

    void playbackKeysAfterTypingASpeed()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFileNow(kSeanim));
        w.document()->setTime(0.2);
        QDoubleSpinBox* speed = w.timeline()->speedBox();
        speed->setFocus();
        speed->selectAll();
        QTest::keyClicks(speed, "2");
        QCOMPARE(QApplication::focusWidget(), speed);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Home); // still in the box
        QCOMPARE(w.document()->frame(), 0);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(w.playback()->speed(), 2.0);
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        w.playback()->pause();
    }

    void dopeSheetFollowsTheSelectedBone()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(BONESCOPE_SAMPLES "/seanim/synth_300bones_u16mods.seanim"));
        Document* doc = w.document();
        const int last = int(doc->animation().tracks.size()) - 1;
        QVERIFY(last > 100);
        QVERIFY(!w.dopeSheet()->trackRowVisible(last));
        const int bone = doc->skeleton().find(doc->animation().tracks[last].name);
        QVERIFY(bone >= 0);
        doc->setSelection({bone}, bone);
        QVERIFY(w.dopeSheet()->trackRowVisible(last));
    }

    void helpListsTheWindowsShortcuts()
    {
        MainWindow w(false);
        // Shown, as the dialog lists them (a shown menu bar lists its menus in an overflow menu without
        // a title: every line read "> Edit > ...").
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        const QStringList lines = shortcutLines(&w);
        auto has = [&](const QKeySequence& key, const QString& path) {
            return lines.contains(key.toString(QKeySequence::NativeText) + "\t" + path);
        };
        QVERIFY2(has(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), "File > Save as..."), qPrintable(lines.join('\n')));
        QVERIFY2(has(QKeySequence(Qt::Key_Space), "Playback > Play / pause"), qPrintable(lines.join('\n')));
        QVERIFY2(has(QKeySequence(Qt::Key_I), "Edit > Insert key (selected bones, current pose)"), qPrintable(lines.join('\n')));
        QVERIFY2(has(QKeySequence::Undo, "Edit > Undo"), qPrintable(lines.join('\n')));
        // Every action with a key is listed.
        int withKeys = 0;
        for (QAction* a : w.findChildren<QAction*>())
            withKeys += !a->shortcuts().isEmpty();
        QCOMPARE(lines.size(), withKeys);
        QVERIFY(guitest::findAction(w, "helpShortcuts") && guitest::findAction(w, "helpFormats") &&
                guitest::findAction(w, "helpAbout"));
        const QStringList formats = formatLines();
        QCOMPARE(formats.size(), qsizetype(Registry::instance().formats().size()));
        for (const auto& f : Registry::instance().formats())
            QVERIFY(formats.join('\n').contains(QString::fromStdString(f->displayName())));
    }

    // Copy with no keys selected says so (it did nothing without a word), and Ctrl+Z replaces what the
    // status bar said of the step it takes back (a move's "keys were replaced" stayed after its undo).
    void copyWithNothingSelectedAndUndoSaySo()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kSeanim, "undo_words.seanim")));
        w.activateWindow(); // the window's shortcuts (Ctrl+Z) answer in the active window
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.dopeSheet()->setFocus();
        QTest::keyClick(w.dopeSheet(), Qt::Key_C, Qt::ControlModifier);
        QVERIFY2(w.statusBar()->currentMessage().startsWith("No keys selected to copy"), qPrintable(w.statusBar()->currentMessage()));
        QTest::keyClick(w.dopeSheet(), Qt::Key_V, Qt::ControlModifier);
        QVERIFY2(w.statusBar()->currentMessage().startsWith("Nothing to paste"), qPrintable(w.statusBar()->currentMessage()));

        QMenu* edit = guitest::menuNamed(w.menuBar()->actions(), "Edit");
        QMenu* clip = guitest::menuNamed(edit->actions(), "Clip");
        emit clip->aboutToShow();
        guitest::actionNamed(clip, "Reverse")->trigger();
        QCOMPARE(w.document()->undoStack()->undoText(), QString("Reverse"));
        w.statusBar()->showMessage("4 keys at the times the moved keys landed on were replaced");
        QTest::keyClick(w.dopeSheet(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->undoStack()->undoText(), QString());
        QCOMPARE(w.statusBar()->currentMessage(), QString("Undone: Reverse"));
        QTest::keyClick(w.dopeSheet(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.statusBar()->currentMessage(), QString("Redone: Reverse"));
    }

    // Help > User guide opens the documentation in the window (a first-use pass found nothing that led
    // to it), and Help > Formats shows its last column's heading within the dialog (it ran off the side).
    void helpLeadsToTheGuideAndFormatsFit()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QMenu* help = guitest::menuNamed(w.menuBar()->actions(), "Help");
        QAction* guide = guitest::actionNamed(help, "User guide");
        QVERIFY(guide);
        QString first, retargeting;
        QStringList titles;
        whenModal<QDialog>([&](QDialog* d) {
            auto* text = d->findChild<QTextBrowser*>("userGuideText");
            auto* pages = d->findChild<QListWidget*>("userGuidePages");
            if (text && pages) {
                first = text->toPlainText();
                for (int r = 0; r < pages->count(); ++r)
                    titles << pages->item(r)->text();
                // A click on a page in the list, as a person picks one.
                const int row = int(titles.indexOf(QRegularExpression("^Retargeting.*")));
                if (row >= 0) {
                    const QRect at = pages->visualItemRect(pages->item(row));
                    QTest::mouseClick(pages->viewport(), Qt::LeftButton, {}, at.center());
                    retargeting = text->toPlainText();
                }
            }
            d->reject();
        });
        guide->trigger();
        QVERIFY2(first.startsWith("The Bonescope viewer"), qPrintable(first.left(200)));
        QVERIFY2(first.contains("--skeleton"), qPrintable(first.left(400))); // the page's text, not only its title
        QVERIFY2(titles.size() > 10 && titles.contains("Editing in Bonescope"), qPrintable(titles.join(" | ")));
        QVERIFY2(!titles.join(' ').contains("first-use", Qt::CaseInsensitive), qPrintable(titles.join(" | ")));
        QVERIFY2(retargeting.startsWith("Retargeting"), qPrintable(retargeting.left(200)));

        bool headingInside = false;
        QString lastHeading;
        whenModal<QDialog>([&](QDialog* d) {
            if (auto* table = d->findChild<QTableWidget*>()) {
                const int last = table->columnCount() - 1;
                QHeaderView* header = table->horizontalHeader();
                lastHeading = table->horizontalHeaderItem(last)->text();
                headingInside = header->sectionViewportPosition(last) + header->sectionSize(last) <= table->viewport()->width();
            }
            d->reject();
        });
        guitest::findAction(w, "helpFormats")->trigger();
        QCOMPARE(lastHeading, QString("Carries"));
        QVERIFY(headingInside);
    }

    void openFilterListsEachPatternOnce()
    {
        const QString all = animationFileFilter().section(";;", 0, 0);
        const QStringList patterns = all.section('(', 1).chopped(1).split(' ');
        QCOMPARE(QSet<QString>(patterns.begin(), patterns.end()).size(), patterns.size());
        QVERIFY(patterns.contains("*.dmf"));
    }

    void recentFiles()
    {
        MainWindow w(false);
        QVERIFY(w.openDemoNow(false));
        QSettings settings;
        const QStringList afterDemo = settings.value("recentFiles").toStringList();
        QVERIFY(!afterDemo.contains(QFileInfo(demoFiles().animation).absoluteFilePath()));
        const QString a = copyTo(kSeanim, "recent_a.seanim");
        QVERIFY(w.openFileNow(a));
        const QString b = guitest::tempDir() + "/recent_b.seanim";
        QFile::remove(b);
        QVERIFY(w.saves()->saveAs(b));
        QStringList list = settings.value("recentFiles").toStringList();
        QCOMPARE(list.value(0), QFileInfo(b).absoluteFilePath());
        QVERIFY(QFile::remove(a));
        QVERIFY(w.openFileNow(b));
        list = settings.value("recentFiles").toStringList();
        QVERIFY(!list.contains(QFileInfo(a).absoluteFilePath())); // gone from disk: gone from the list
    }
};

QTEST_MAIN(NewUserTest)
#include "viewer_new_user_test.moc"
