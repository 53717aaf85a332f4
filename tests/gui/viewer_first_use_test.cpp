// What a first-use pass found (docs/first-use-pass.md), driven through the window's real menus and
// dialogs as a newcomer does: the status bar after an export speaks in words ("4 things", not
// "thing(s)"); the Retarget dialog's limb table shows its headings and limb names whole; a retarget's
// result is not named as the source file in the title or in the unsaved-changes question; a value typed
// in the Key panel for a key away from the current frame brings the time to that key, so it is seen; the
// Key panel's quaternion fields show their numbers whole. And what that pass left (issue 38's leftovers):
// Export offers each choice once; the Key panel says a key's time once, with its frame; View > Show
// bone names draws the names (decluttered); the Bones dock keeps its key counts in sight; Properties
// names the demo and keeps its rows beside a long clip list (the right column runs the window's
// height, the timeline whole beside it); a recovered autosave keeps its name; the play button keeps its
// width; Frame all and Frame selected frame the CMU walker, not its path.
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QScrollBar>
#include <QStandardPaths>
#include <QToolButton>
#include <QTreeView>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QLineEdit>
#include <QFileDialog>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>
#include <QtTest>

#include "app/gui/dialogs/retarget_dialog.h"
#include "app/gui/document/autosave.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/panels/properties_panel.h"
#include "app/gui/timeline/timeline_widget.h"
#include "box_answerer.h"
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/key_editor_panel.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "core/editing/key_editing.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::whenModal;

namespace {

const QString kWalk = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim");
const QString kLaugh = QStringLiteral(BONESCOPE_SAMPLES "/secondlife/linden_express_laugh.anim");
const QString kCmu = QStringLiteral(BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh");
const QString kRobot = QStringLiteral(BONESCOPE_FIXTURES "/rigs/RobotExpressive.glb");

QString copyTo(const QString& from, const QString& name)
{
    const QString to = guitest::tempDir() + "/" + name;
    QFile::remove(to);
    return QFile::copy(from, to) ? to : QString();
}

QAction* fileAction(MainWindow& w, const QString& text)
{
    return guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "File"), text);
}

QAction* viewAction(MainWindow& w, const QString& text)
{
    return guitest::actionNamed(guitest::menuNamed(w.menuBar()->actions(), "View"), text);
}

// File > Export... opened and read, then cancelled: its type list and the type it starts on.
QStringList exportTypes(MainWindow& w, QString* selected = nullptr)
{
    QStringList types;
    whenModal<QFileDialog>([&](QFileDialog* d) {
        types = d->nameFilters();
        if (selected)
            *selected = d->selectedNameFilter();
        d->reject();
    });
    if (QAction* a = fileAction(w, "Export..."))
        a->trigger();
    return types;
}

// The screen rectangle of the skeleton's joints (those in front of the camera).
QRectF jointsOnScreen(MainWindow& w)
{
    QRectF r;
    for (size_t i = 0; i < w.document()->skeleton().size(); ++i) {
        const QPointF p = w.viewport()->jointOnScreen(int(i));
        if (p.x() >= 0)
            r = r.isNull() ? QRectF(p, QSizeF(1e-3, 1e-3)) : r.united(QRectF(p, QSizeF(1e-3, 1e-3)));
    }
    return r;
}

QToolButton* timelineButton(MainWindow& w, const QString& tip)
{
    for (QToolButton* b : w.timeline()->findChildren<QToolButton*>())
        if (b->toolTip() == tip)
            return b;
    return nullptr;
}

// File > Retarget onto skeleton... answered as a person does: the rig typed into the file dialog,
// `onMap` shown the bone map dialog (it accepts or rejects it), the report read and closed.
void retargetThroughMenu(MainWindow& w, const QString& rig, const std::function<void(RetargetDialog*)>& onMap)
{
    bool mapSeen = false;
    QTimer answer;
    answer.setInterval(20);
    QObject::connect(&answer, &QTimer::timeout, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (guitest::answerFileDialog(modal, rig))
            return;
        if (auto* map = qobject_cast<RetargetDialog*>(modal); map && map->isVisible() && !mapSeen) {
            mapSeen = true;
            onMap(map);
        } else if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
            box->accept(); // the retarget report
        }
    });
    answer.start();
    QAction* retarget = fileAction(w, "Retarget onto skeleton...");
    QVERIFY(retarget);
    retarget->trigger();
    answer.stop();
    QVERIFY(mapSeen);
}

// mHead's first rotation key after 0.5 s (frame 25 of the laugh: -28 degrees about Y).
std::optional<KeyRef> laterHeadKey(const Animation& a)
{
    for (size_t t = 0; t < a.tracks.size(); ++t) {
        if (a.tracks[t].name != "mHead")
            continue;
        for (int i = 0;; ++i) {
            const KeyRef k{int(t), ChannelKind::Rotation, i};
            const auto value = readKey(a, k);
            if (!value)
                return std::nullopt;
            if (value->time > 0.5)
                return k;
        }
    }
    return std::nullopt;
}

// That key clicked in the dope sheet as a person clicks it: the Key panel showing it, or null.
KeyEditorPanel* clickLaterHeadKey(MainWindow& w)
{
    const std::optional<KeyRef> key = laterHeadKey(w.document()->animation());
    const std::optional<QPoint> at = key ? w.dopeSheet()->keyPosition(*key) : std::nullopt;
    auto* panel = w.findChild<KeyEditorPanel*>();
    if (!at || !panel)
        return nullptr;
    QTest::mouseClick(w.dopeSheet(), Qt::LeftButton, {}, *at);
    return QTest::qWaitFor([&] { return panel->currentKey() == key; }) ? panel : nullptr;
}

} // namespace

class FirstUseTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    // A Second Life walk exported as Source SMD loses what SMD cannot carry; the status bar counts it
    // in words ("N things ... were left out"), never the "thing(s)" of an untranslated plural.
    void exportStatusCountsInWords()
    {
        const QString walk = copyTo(kWalk, "walk.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(walk));
        whenModal<QFileDialog>([](QFileDialog* d) {
            auto* types = d->findChild<QComboBox*>("fileTypeCombo");
            const int at = types ? types->findText("Source (SMD) (*.smd)") : -1;
            if (at < 0) {
                d->reject();
                return;
            }
            types->setCurrentIndex(at);
            emit types->activated(at);
            whenModal<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Ok)->click(); }); // Export anyway
            guitest::typeFileName(d, "walk_source");
        });
        QAction* exportAction = fileAction(w, "Export...");
        QVERIFY(exportAction);
        exportAction->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(guitest::tempDir() + "/walk_source.smd"), 15000);
        const QString status = w.statusBar()->currentMessage();
        QVERIFY2(status.startsWith("Exported "), qPrintable(status));
        QVERIFY2(!status.contains("(s)"), qPrintable(status));
        QVERIFY2(status.contains(QRegularExpression(": (1 thing the format cannot carry was|[0-9]+ things the format "
                                                    "cannot carry were) left out$")),
                 qPrintable(status));
    }

    // The CMU walk onto RobotExpressive: the limb table under the preview shows "Median error (deg)"
    // and every limb name ("right upper arm", "head (orientation)") whole, not cut to "right upper a...".
    void retargetLimbTableShowsWholeNames()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kCmu));
        QStringList cut;
        int limbs = 0;
        retargetThroughMenu(w, kRobot, [&](RetargetDialog* map) {
            QTreeWidget* quality = nullptr;
            for (QTreeWidget* t : map->findChildren<QTreeWidget*>())
                if (t->columnCount() == 3)
                    quality = t;
            if (quality) {
                QHeaderView* header = quality->header();
                for (int c = 0; c < quality->columnCount(); ++c)
                    if (header->sectionSize(c) < header->sectionSizeHint(c))
                        cut << QString("heading %1 (%2 < %3 px)")
                                   .arg(quality->headerItem()->text(c))
                                   .arg(header->sectionSize(c))
                                   .arg(header->sectionSizeHint(c));
                limbs = quality->topLevelItemCount();
                for (int i = 0; i < limbs; ++i) {
                    QTreeWidgetItem* item = quality->topLevelItem(i);
                    const int need = quality->fontMetrics().horizontalAdvance(item->text(0));
                    if (quality->visualItemRect(item).isValid() && header->sectionSize(0) < need)
                        cut << QString("limb %1 (%2 < %3 px)").arg(item->text(0)).arg(header->sectionSize(0)).arg(need);
                }
            }
            map->reject();
        });
        QVERIFY2(limbs >= 10, qPrintable(QString::number(limbs)));
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join("; ")));
    }

    // The laugh at frame 0; mHead's rotation key at frame 25 clicked in the dope sheet and -60 typed
    // into its Euler Y: the time moves to the key, so the viewport shows the turned head.
    void editedKeyIsShown()
    {
        const QString laugh = copyTo(kLaugh, "laugh.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(laugh));
        Document* doc = w.document();
        QCOMPARE(doc->time(), 0.0);
        KeyEditorPanel* panel = clickLaterHeadKey(w);
        QVERIFY(panel);
        const double keyTime = readKey(doc->animation(), *panel->currentKey())->time;
        QDoubleSpinBox* yaw = panel->eulerFields()[1];
        yaw->setFocus();
        yaw->selectAll();
        QTest::keyClicks(yaw, "-60");
        QTest::keyClick(yaw, Qt::Key_Return);
        QTRY_VERIFY(doc->isModified());
        QCOMPARE(doc->time(), keyTime);
    }

    // The same key picked: each quaternion field shows its whole number ("-0.241933"), not "-0.24193"
    // cut by a field a quarter of the dock wide.
    void quaternionFieldsShowWholeNumbers()
    {
        const QString laugh = copyTo(kLaugh, "laugh.anim");
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(laugh));
        KeyEditorPanel* panel = clickLaterHeadKey(w);
        QVERIFY(panel);
        QTest::qWait(50); // laid out
        QStringList cut;
        for (QDoubleSpinBox* f : panel->quaternionFields()) {
            QLineEdit* line = f->findChild<QLineEdit*>();
            QVERIFY(line);
            const int need = line->fontMetrics().horizontalAdvance(line->text());
            if (line->width() < need + 4)
                cut << QString("%1 in %2 px (needs %3)").arg(line->text()).arg(line->width()).arg(need + 4);
        }
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join("; ")));
    }

    // After the retarget the window holds new work on the robot, saved nowhere: the title and the
    // question on closing say so, rather than naming cmu_131_01_walk.bvh as if Save wrote it.
    void retargetResultIsNotCalledTheSourceFile()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kCmu));
        QVERIFY2(w.windowTitle().startsWith("cmu_131_01_walk.bvh"), qPrintable(w.windowTitle()));
        retargetThroughMenu(w, kRobot, [](RetargetDialog* map) { map->accept(); });
        QVERIFY2(w.windowTitle().startsWith("New animation from cmu_131_01_walk.bvh"), qPrintable(w.windowTitle()));
        // The clip is named after its source (a BVH has no clip names; it was saved as "animation0"),
        // and Properties' Path says where it came from, not that it is there.
        QCOMPARE(QString::fromStdString(w.document()->animation().name), QString("cmu_131_01_walk"));
        QString path;
        for (auto* tree : w.findChildren<QTreeWidget*>())
            for (QTreeWidgetItem* item : tree->findItems("Path", Qt::MatchExactly | Qt::MatchRecursive))
                path = item->text(1);
        QVERIFY2(path.startsWith("not saved yet (made from ") && path.contains("cmu_131_01_walk.bvh"), qPrintable(path));

        QString asked;
        whenModal<QMessageBox>([&asked](QMessageBox* box) {
            asked = box->text();
            box->button(QMessageBox::Cancel)->click();
        });
        w.close();
        QVERIFY2(asked.startsWith("The new animation made from cmu_131_01_walk.bvh has unsaved changes"), qPrintable(asked));
        QVERIFY(w.isVisible()); // Cancel kept the window open
    }

    // One entry per choice: the Source and GoldSrc places stand for SMD (no "Valve SMD" beside "Source
    // (SMD)"), Unreal (PSA) for PSA, and the Second Life and BVH entries each say what they are for.
    void exportListsEachChoiceOnce()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kWalk, "walk.anim")));
        const QStringList types = exportTypes(w);
        QVERIFY(!types.isEmpty());
        auto writing = [&](const QString& ext) { return types.filter("(*." + ext + ")"); };
        QCOMPARE(writing("smd"), QStringList({"Source (SMD) (*.smd)", "GoldSrc (SMD) (*.smd)"}));
        QCOMPARE(writing("psa"), QStringList({"Unreal (PSA) (*.psa)"}));
        QCOMPARE(writing("anim"), QStringList({"Second Life .anim (*.anim)", "Second Life .anim, optimised for upload (*.anim)"}));
        QCOMPARE(writing("bvh"), QStringList({"Second Life upload (BVH) (*.bvh)", "BVH (*.bvh)"}));
        QStringList names;
        for (const QString& t : types)
            names << t.section(" (*.", 0, 0);
        QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size());
    }

    // An SMD's Export starts on its own flavour's place (a GoldSrc file: GoldSrc), not on the first entry.
    void exportOfAnSmdStartsOnItsFlavour()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(QStringLiteral(BONESCOPE_FIXTURES "/smd/bst_Cube_Armature_GoldSource_Cube.smd")));
        QString selected;
        exportTypes(w, &selected);
        QCOMPARE(selected, QString("GoldSrc (SMD) (*.smd)"));
        QVERIFY(w.openFileNow(QStringLiteral(BONESCOPE_FIXTURES "/smd/bst_Cube_Armature_Cube.smd")));
        exportTypes(w, &selected);
        QCOMPARE(selected, QString("Source (SMD) (*.smd)"));
    }

    // mHead's key at frame 25 of the laugh: every time the Key panel shows in seconds is the Time
    // field's (the heading said "1.04165 s" over a field showing "1.0416 s"), and its frame is shown.
    void keyTimeIsSaidOnceWithItsFrame()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kLaugh, "laugh.anim")));
        KeyEditorPanel* panel = clickLaterHeadKey(w);
        QVERIFY(panel);
        const QString field = panel->timeField()->cleanText();
        const double keyTime = readKey(w.document()->animation(), *panel->currentKey())->time;
        const QString frame = QString("frame %1").arg(std::llround(keyTime * w.document()->fps()));
        QStringList shown, others;
        bool frameShown = false;
        const QRegularExpression seconds("([0-9]+(\\.[0-9]+)?) s\\b");
        for (QLabel* l : panel->findChildren<QLabel*>()) {
            if (!l->isVisible())
                continue;
            shown << l->text();
            frameShown = frameShown || l->text().contains(QRegularExpression("\\b" + frame + "\\b"));
            for (auto m = seconds.globalMatch(l->text()); m.hasNext();)
                if (const QString t = m.next().captured(1); t != field)
                    others << t + " s in \"" + l->text() + "\"";
        }
        QVERIFY2(others.isEmpty(), qPrintable("the Time field says " + field + " s; also " + others.join(", ")));
        QVERIFY2(frameShown, qPrintable(frame + " not in " + shown.join(" | ")));
    }

    // The CMU walk with no bone selected: View > Show bone names changes the picture (the names are
    // drawn when it is checked), where it used to be checked with no name drawn.
    void showBoneNamesDrawsTheNames()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kCmu));
        QVERIFY(w.document()->selection().empty());
        QAction* names = viewAction(w, "Show bone names");
        QVERIFY(names && names->isCheckable());
        const bool wasOn = names->isChecked();
        const QImage before = guitest::viewportImage(w);
        names->trigger();
        QCOMPARE(names->isChecked(), !wasOn);
        const QImage after = guitest::viewportImage(w);
        const int changed = guitest::differingPixels(before, after);
        QVERIFY2(changed > 2000, qPrintable(QString("%1 pixels changed").arg(changed)));
    }

    // The Second Life avatar's many joints: the names drawn do not cover one another and stay inside
    // the view; a good share of them is drawn all the same.
    void boneNamesOfABigRigDoNotPileUp()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kWalk, "walk.anim")));
        QAction* names = viewAction(w, "Show bone names");
        QVERIFY(names);
        if (!names->isChecked())
            names->trigger();
        guitest::viewportImage(w);
        const auto labels = w.viewport()->nameLabels();
        const QRectF view(0, 0, w.viewport()->width(), w.viewport()->height());
        for (size_t i = 0; i < labels.size(); ++i) {
            QVERIFY(view.contains(labels[i].box));
            for (size_t j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!labels[i].box.intersects(labels[j].box), qPrintable(QString("labels %1 and %2 overlap").arg(i).arg(j)));
        }
        QVERIFY2(labels.size() >= 10, qPrintable(QString::number(labels.size())));
    }

    // The avatar's long joint names ("mFaceEyeAltRight") in the Bones dock as it first opens: the T R S V
    // columns stay in sight, with no horizontal scroll bar hiding S and V.
    void bonesDockKeepsKeyCountsInSight()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kWalk, "walk.anim")));
        QTreeView* tree = w.boneTree()->view();
        tree->expandAll();
        QTest::qWait(50); // laid out
        QHeaderView* header = tree->header();
        QStringList cut;
        for (int c = 1; c <= 4; ++c)
            if (header->sectionViewportPosition(c) < 0 ||
                header->sectionViewportPosition(c) + header->sectionSize(c) > tree->viewport()->width())
                cut << tree->model()->headerData(c, Qt::Horizontal).toString();
        QVERIFY2(cut.isEmpty(), qPrintable("cut: " + cut.join(" ") + " in " + QString::number(tree->viewport()->width()) + " px"));
        QVERIFY(!tree->horizontalScrollBar()->isVisible());
    }

    // The demo's Path row names it, not the temporary folder it is unpacked into.
    void demoPathSaysBundledDemo()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openDemoNow(false));
        const QStringList path = guitest::treeRows(w.properties()->tree()).filter(QRegularExpression("^ *Path: "));
        QCOMPARE(path.size(), 1);
        QVERIFY2(path[0].contains("bundled demo") && !path[0].contains(QDir::tempPath()), qPrintable(path[0]));
    }

    // RobotExpressive's 14 clips in a 1280 x 800 window, as a first run lays it out: the properties
    // below the clip list keep at least eight rows in sight (beside the timeline they had four).
    void clipListLeavesPropertiesRoom()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kRobot));
        QCOMPARE(w.document()->scene().animations.size(), size_t(14));
        QTreeWidget* tree = w.properties()->tree();
        const int row = tree->visualItemRect(tree->topLevelItem(0)).height();
        QVERIFY(row > 0);
        // The first run's dock sizes are set once the window is laid out.
        QTRY_VERIFY2(tree->viewport()->height() / row >= 8,
                     qPrintable(QString("%1 rows of %2 px in %3 px").arg(tree->viewport()->height() / row).arg(row).arg(tree->viewport()->height())));
    }

    // The right column runs the window's height beside the timeline: at 1280 and 1000 px wide, with a
    // key's fields in the Key panel, the timeline ends where the column begins (its last frames and the
    // playhead on them were drawn under the column: the timeline was wider than the room left). At
    // 900 px a column beside the timeline would be too narrow: it stands above the timeline, as wide
    // as a property's name and value need.
    void timelineStaysWholeBesideTheRightColumn()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kLaugh, "laugh.anim")));
        QVERIFY(clickLaterHeadKey(w));
        auto* timeline = w.findChild<QDockWidget*>("timelineDock");
        auto* properties = w.findChild<QDockWidget*>("propertiesDock");
        auto* key = w.findChild<QDockWidget*>("keyEditorDock");
        QVERIFY(timeline && properties && key);
        for (const int width : {1280, 1000, 900}) {
            w.resize(width, 760);
            QTRY_COMPARE(w.width(), width);
            QStringList under;
            auto overlaps = [&] {
                under.clear();
                for (QDockWidget* d : w.findChildren<QDockWidget*>())
                    if (!d->visibleRegion().isEmpty() && w.dockWidgetArea(d) == Qt::RightDockWidgetArea &&
                        d->geometry().intersects(timeline->geometry()))
                        under << QString("%1 at x %2, timeline to x %3").arg(d->objectName()).arg(d->geometry().left()).arg(timeline->geometry().right());
                return !under.isEmpty();
            };
            QTRY_VERIFY2(!overlaps(), qPrintable(QString("%1 px: ").arg(width) + under.join("; ")));
            QVERIFY2(properties->width() >= 240, qPrintable(QString("%1 px: Properties %2 px wide").arg(width).arg(properties->width())));
            const bool fullHeight = key->geometry().bottom() >= timeline->geometry().bottom();
            QCOMPARE(fullHeight, width >= 1000);
        }
    }

    // The retargeted walk left unsaved (Bonescope ended badly) comes back at the next start under the
    // name it had ("New animation from cmu_131_01_walk.bvh"), not its autosave copy's hash.
    void recoveredAutosaveKeepsItsName()
    {
        const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/autosave";
        QDir(folder).removeRecursively();
        const QString keep = guitest::tempDir() + "/autosave_kept";
        QDir(keep).removeRecursively();
        QVERIFY(QDir().mkpath(keep));
        {
            MainWindow first(true);
            QVERIFY(guitest::showWindow(first, {1280, 800}));
            QVERIFY(first.openFileNow(kCmu));
            retargetThroughMenu(first, kRobot, [](RetargetDialog* map) { map->accept(); });
            QVERIFY(first.autosave()->writeNow());
            for (const QFileInfo& f : QDir(folder).entryInfoList(QDir::Files))
                QVERIFY(QFile::copy(f.filePath(), keep + "/" + f.fileName()));
        }
        // The session ended badly (a crash leaves the copy; the window's destructor took it away): the
        // copy written is put back.
        for (const QFileInfo& f : QDir(keep).entryInfoList(QDir::Files))
            QVERIFY(QFile::copy(f.filePath(), folder + "/" + f.fileName()));
        Document other;
        QCOMPARE(Autosave(&other).pending().size(), 1);
        guitest::BoxAnswerer answer(guitest::BoxAnswerer::standard(QMessageBox::Yes));
        MainWindow next(true);
        QVERIFY(guitest::showWindow(next, {1280, 800}));
        QTRY_VERIFY2_WITH_TIMEOUT(next.document()->isModified(), qPrintable(answer.seen.join(" | ")), 15000);
        QVERIFY2(next.windowTitle().startsWith("New animation from cmu_131_01_walk.bvh"), qPrintable(next.windowTitle()));
        QCOMPARE(answer.seen.size(), 1);
        QVERIFY2(answer.seen[0].contains("New animation from cmu_131_01_walk.bvh"), qPrintable(answer.seen[0]));
        next.autosave()->discard();
    }

    // Play turns the button to pause: the buttons to its right stay where they were.
    void playButtonKeepsItsWidth()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(copyTo(kLaugh, "laugh.anim")));
        QToolButton* play = timelineButton(w, "Play / pause (Space)");
        QToolButton* next = timelineButton(w, "Step forward one frame (Right)");
        QVERIFY(play && next);
        auto laidOut = [&] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QCoreApplication::processEvents();
            return next->mapTo(&w, QPoint(0, 0)).x();
        };
        const int paused = laidOut();
        const QString pausedFace = play->text();
        QTest::mouseClick(play, Qt::LeftButton);
        QTRY_VERIFY(play->text() != pausedFace);
        const int playing = laidOut();
        QTest::mouseClick(play, Qt::LeftButton);
        QCOMPARE(playing, paused);
    }

    // The CMU walk (it walks several metres): as it opens, after View > Frame all halfway through, the
    // walker's joints fill at least half the view's height; View > Frame selected on Hips shows the
    // figure round the hips (at least half the height), not the walked path.
    void cmuWalkerFillsTheView()
    {
        MainWindow w(true);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QVERIFY(w.openFileNow(kCmu));
        Document* doc = w.document();
        const double half = w.viewport()->height() * 0.5;
        guitest::viewportImage(w);
        QVERIFY2(jointsOnScreen(w).height() >= half, qPrintable(QString("as opened: %1 px").arg(jointsOnScreen(w).height())));
        // The View menu's item as a person picks it; the joints' extent on screen after it.
        auto framedBy = [&](const char* item) {
            QAction* action = viewAction(w, item);
            if (!action)
                return QRectF();
            action->trigger();
            guitest::viewportImage(w);
            return jointsOnScreen(w);
        };
        doc->setTime(doc->timeOfFrame(doc->lastFrame() / 2));
        const QRectF framed = framedBy("Frame all");
        QVERIFY2(framed.height() >= half, qPrintable(QString("frame all: %1 px").arg(framed.height())));
        QVERIFY(QRectF(0, 0, w.viewport()->width(), w.viewport()->height()).contains(framed));

        w.viewport()->camera().zoom(-30.f); // a person zoomed far out, then asks for the hips
        const int hips = doc->skeleton().find("Hips");
        QVERIFY(hips >= 0);
        doc->setSelection({hips}, hips);
        const QRectF figure = framedBy("Frame selected");
        QVERIFY2(figure.height() >= half, qPrintable(QString("frame selected: %1 px").arg(figure.height())));
        const QPointF at = w.viewport()->jointOnScreen(hips);
        QVERIFY2(QRectF(0, 0, w.viewport()->width(), w.viewport()->height()).contains(at), "the hips are out of view");
    }
};

QTEST_MAIN(FirstUseTest)
#include "viewer_first_use_test.moc"
