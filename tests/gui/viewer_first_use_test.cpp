// What a first-use pass found (docs/first-use-pass.md), driven through the window's real menus and
// dialogs as a newcomer does: the status bar after an export speaks in words ("4 things", not
// "thing(s)"); the Retarget dialog's limb table shows its headings and limb names whole; a retarget's
// result is not named as the source file in the title or in the unsaved-changes question; a value typed
// in the Key panel for a key away from the current frame brings the time to that key, so it is seen; the
// Key panel's quaternion fields show their numbers whole.
#include <QComboBox>
#include <QDoubleSpinBox>
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
#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/key_editor_panel.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "core/editing/key_editing.h"
#include "gui_test_support.h"

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

        QString asked;
        whenModal<QMessageBox>([&asked](QMessageBox* box) {
            asked = box->text();
            box->button(QMessageBox::Cancel)->click();
        });
        w.close();
        QVERIFY2(asked.startsWith("The new animation made from cmu_131_01_walk.bvh has unsaved changes"), qPrintable(asked));
        QVERIFY(w.isVisible()); // Cancel kept the window open
    }
};

QTEST_MAIN(FirstUseTest)
#include "viewer_first_use_test.moc"
