// View > Preview while, chosen through the real menu bar as a user clicks it: a Second Life
// animation mixed over Bonescope's sit and walk by joint priority; the pose and the pixels change, the
// bone tree and the skeleton mark the joints the base wins; the menu is for Second Life files only;
// `bonescope --screenshot --preview-while`.
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>
#include <QUndoStack>
#include <QDoubleSpinBox>
#include <QPainter>
#include <QtTest>

#include "app/gui/command_line.h"
#include "app/gui/document/document.h"
#include "app/gui/headless_modes.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/panels/bone_tree_panel.h"
#include "app/gui/timeline/timeline_widget.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// A priority-3 .anim bending the left hip and the left elbow 45 degrees.
QString writeAnim(const QString& path)
{
    Scene s;
    s.format = "secondlife";
    s.skeleton = secondlife::avatarSkeleton();
    Animation a;
    a.duration = 1;
    for (const char* joint : {"mHipLeft", "mElbowLeft"}) {
        Track t;
        t.name = joint;
        t.rotation.rules = secondlife::viewerRules();
        const glm::dquat bend = glm::angleAxis(glm::radians(-45.0), glm::dvec3(0, 1, 0));
        t.rotation.keys = {{0, bend}, {1, bend}};
        a.tracks.push_back(t);
    }
    auto x = std::make_unique<SecondLifeExtra>();
    x->basePriority = 3;
    a.extra = std::move(x);
    s.animations.push_back(std::move(a));
    const auto bytes = SecondLifeFormat().write(s);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size()))
        return {};
    return path;
}

// Clicks View > Preview while > `item` in the menu bar, the way a user does.
bool chooseThroughMenuBar(MainWindow& w, const QString& item)
{
    QMenuBar* bar = w.menuBar();
    QAction* view = nullptr;
    for (QAction* a : bar->actions())
        if (a->text().remove('&') == "View")
            view = a;
    if (!view)
        return false;
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(view).center());
    QMenu* viewMenu = view->menu();
    if (!QTest::qWaitFor([&] { return viewMenu->isVisible(); }))
        return false;
    QMenu* preview = w.findChild<QMenu*>("previewWhileMenu");
    if (!preview || !preview->menuAction()->isEnabled())
        return false;
    QTest::mouseClick(viewMenu, Qt::LeftButton, {}, viewMenu->actionGeometry(preview->menuAction()).center());
    if (!QTest::qWaitFor([&] { return preview->isVisible(); }))
        return false;
    for (QAction* a : preview->actions())
        if (a->text().remove('&') == item) {
            QTest::mouseClick(preview, Qt::LeftButton, {}, preview->actionGeometry(a).center());
            return QTest::qWaitFor([&] { return !preview->isVisible(); });
        }
    return false;
}

glm::vec3 worldOf(const Document& doc, const char* joint)
{
    return glm::vec3(doc.pose().world[size_t(doc.skeleton().find(joint))][3]);
}

} // namespace

class PreviewWhileTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void chooseABaseThroughTheMenuBar()
    {
        const QString anim = writeAnim(guitest::tempDir() + "/bend.anim");
        QVERIFY(!anim.isEmpty());
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1100, 800}));
        QVERIFY2(w.openFileNow(anim), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(0.5);
        QVERIFY(!doc->previewBase());
        QCOMPARE(guitest::findAction(w, "previewWhile_none")->isChecked(), true);
        const glm::vec3 kneeAlone = worldOf(*doc, "mKneeLeft");
        const QImage alone = guitest::viewportImage(w);

        QVERIFY(chooseThroughMenuBar(w, "Sit"));
        QVERIFY(doc->previewBase());
        QCOMPARE(doc->previewBase()->label, std::string("sit"));
        QVERIFY(guitest::findAction(w, "previewWhile_sit")->isChecked());
        // The sit's legs are at priority 4, over the animation's 3: the left knee goes where the sit puts it.
        const glm::vec3 kneeSit = worldOf(*doc, "mKneeLeft");
        QVERIFY2(glm::distance(kneeAlone, kneeSit) > 0.1f, "the knee did not move");
        const QImage sitting = guitest::viewportImage(w);
        auto* label = w.timeline()->findChild<QLabel*>("timelineBase"); // named where the user looks
        QVERIFY(label && label->isVisible());
        QVERIFY2(label->text().contains("while sit (priority 3)"), qPrintable(label->text()));
        // Where the sentence does not fit it is shortened in the middle, within its own place: not
        // drawn from its end leftwards over the Speed box (a first-use pass read "...ority 2): joints in
        // red follow it" across that field at 1280 pixels).
        {
            auto* speed = w.timeline()->findChild<QDoubleSpinBox*>();
            QVERIFY(speed);
            // A window width that leaves the label some room, but too little for the whole sentence.
            const int textWidth = label->fontMetrics().horizontalAdvance(label->text());
            bool narrow = false;
            for (int width = 1100; width >= 600 && !narrow; width -= 10) {
                w.resize(width, 800);
                QApplication::processEvents();
                narrow = label->contentsRect().width() >= 80 && label->contentsRect().width() < textWidth - 20;
            }
            QVERIFY2(narrow, qPrintable(QString("label %1 px, text %2 px").arg(label->width()).arg(textWidth)));
            QVERIFY(label->geometry().left() >= speed->geometry().right());
            // It reads from its start: the label's left part is "while sit" as the label's font draws
            // it (a right-aligned label too narrow for its text showed the text's end there instead).
            const QImage shown = label->grab().toImage();
            QImage start(shown.size(), shown.format());
            start.setDevicePixelRatio(shown.devicePixelRatio());
            start.fill(shown.pixel(0, shown.height() - 1));
            {
                QPainter p(&start);
                p.setFont(label->font());
                p.setPen(label->palette().color(QPalette::WindowText));
                p.drawText(label->contentsRect(), Qt::AlignLeft | Qt::AlignVCenter, "while sit");
            }
            const int startWidth = label->fontMetrics().horizontalAdvance("while sit");
            const QImage left = shown.copy(0, 0, startWidth, shown.height());
            const QImage expected = start.copy(0, 0, startWidth, shown.height());
            QVERIFY2(guitest::differingPixels(left, expected) < 10, qPrintable(QString::number(guitest::differingPixels(left, expected))));
            QVERIFY(label->toolTip() == label->text());
            w.resize(1100, 800);
        }
        QVERIFY(guitest::differingPixels(alone, sitting) > 200);

        // The bone tree marks what the base drives, and says why.
        BoneTreeModel* model = w.boneTree()->model();
        const auto nameOf = [&](const char* joint) { return model->indexOfBone(doc->skeleton().find(joint)); };
        const QColor fromBase = QColor::fromRgbF(0.9f, 0.35f, 0.4f);
        QCOMPARE(model->data(nameOf("mHipLeft"), Qt::ForegroundRole).value<QColor>(), fromBase);
        const QString why = model->data(nameOf("mHipLeft"), Qt::ToolTipRole).toString();
        QVERIFY2(why.contains("sit") && why.contains("4") && why.contains("3"), qPrintable(why));
        QVERIFY(model->data(nameOf("mSkull"), Qt::ForegroundRole).value<QColor>() != fromBase);

        // Walk is priority 2: the animation's hip wins now; the walk still moves the knee.
        QVERIFY(chooseThroughMenuBar(w, "Walk"));
        QCOMPARE(doc->previewBase()->label, std::string("walk"));
        QVERIFY(model->data(nameOf("mHipLeft"), Qt::ForegroundRole).value<QColor>() != fromBase);
        QCOMPARE(model->data(nameOf("mKneeLeft"), Qt::ForegroundRole).value<QColor>(), fromBase);
        const int hip = doc->skeleton().find("mHipLeft");
        const glm::quat bend = glm::angleAxis(glm::radians(-45.f), glm::vec3(0, 1, 0));
        QVERIFY(std::abs(glm::dot(doc->pose().local[size_t(hip)].rotation, bend)) > 0.9999f);
        // The skeleton colours them too: the walk's joints are drawn in the base's colour.
        const QImage walking = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(sitting, walking) > 200);

        // The Format panel's base priority set to 1: the walk's 2 takes the hip; undo gives it back.
        QSpinBox* basePriority = nullptr;
        for (QSpinBox* box : w.findChildren<QSpinBox*>())
            if (box->minimum() == -1 && box->maximum() == 7 && box->value() == 3)
                basePriority = box;
        QVERIFY(basePriority);
        basePriority->setValue(1);
        QVERIFY(doc->isModified());
        QCOMPARE(model->data(nameOf("mHipLeft"), Qt::ForegroundRole).value<QColor>(), fromBase);
        QVERIFY(std::abs(glm::dot(doc->pose().local[size_t(hip)].rotation, bend)) < 0.9999f);
        doc->undoStack()->undo();
        QVERIFY(model->data(nameOf("mHipLeft"), Qt::ForegroundRole).value<QColor>() != fromBase);

        // Other file...: a .anim of the user's own; something else is refused with a message, and the
        // check mark stays where it was.
        const QString other = writeAnim(guitest::tempDir() + "/other.anim");
        QStringList boxes;
        QString answer = other;
        QTimer answerer;
        answerer.setInterval(20);
        connect(&answerer, &QTimer::timeout, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
                boxes << box->text();
                box->accept();
            } else {
                guitest::answerFileDialog(modal, answer);
            }
        });
        answerer.start();
        QVERIFY(chooseThroughMenuBar(w, "Other file..."));
        QCOMPARE(QString::fromStdString(doc->previewBase()->label), other);
        QVERIFY(guitest::findAction(w, "previewWhile_file")->isChecked());
        QVERIFY2(boxes.isEmpty(), qPrintable(boxes.join("\n")));
        QVERIFY(chooseThroughMenuBar(w, "Fly"));
        answer = QString(BONESCOPE_SAMPLES) + "/seanim/synth_abs_lrs_loop_notes.seanim";
        QVERIFY(chooseThroughMenuBar(w, "Other file..."));
        QVERIFY(QTest::qWaitFor([&] { return !boxes.isEmpty(); }));
        answerer.stop();
        QVERIFY2(boxes.join("\n").contains("not a Second Life .anim"), qPrintable(boxes.join("\n")));
        QCOMPARE(doc->previewBase()->label, std::string("fly"));
        QVERIFY(guitest::findAction(w, "previewWhile_fly")->isChecked());

        QVERIFY(chooseThroughMenuBar(w, "None"));
        QVERIFY(!doc->previewBase());
        QVERIFY(!label->isVisible());
        QVERIFY(glm::distance(worldOf(*doc, "mKneeLeft"), kneeAlone) < 1e-5f);

        // Another format: the menu is off and the preview gone.
        QVERIFY(chooseThroughMenuBar(w, "Stand"));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES) + "/seanim/synth_abs_lrs_loop_notes.seanim"),
                 qPrintable(w.lastError()));
        QVERIFY(!doc->previewBase());
        QVERIFY(!w.findChild<QMenu*>("previewWhileMenu")->isEnabled());
    }

    void screenshotWhileSitting()
    {
        const QString dir = guitest::tempDir();
        const QString anim = writeAnim(dir + "/bend.anim");
        QString error;
        const auto parse = [&](QStringList extra) {
            return parseOptions(QStringList{"bonescope", "--screenshot", dir + "/x.png", anim} + extra, &error);
        };
        QVERIFY(!parse({"--preview-while", "sit", "--base", anim}));
        QCOMPARE(error, QString("--preview-while and --base are two ways to play on a base: give one"));
        auto sit = parse({"--preview-while", "sit"});
        QVERIFY2(sit, qPrintable(error));
        QCOMPARE(runScreenshot(*sit), 0);
        auto plain = parse({});
        plain->screenshot = dir + "/plain.png";
        QCOMPARE(runScreenshot(*plain), 0);
        const QImage sitting(dir + "/x.png"), alone(dir + "/plain.png");
        QVERIFY(!sitting.isNull() && sitting.size() == alone.size());
        QVERIFY(guitest::differingPixels(sitting, alone) > 200);
        sit->previewWhile = "run"; // neither a base motion nor a file
        QCOMPARE(runScreenshot(*sit), 1);
    }
};

QTEST_MAIN(PreviewWhileTest)
#include "viewer_preview_while_test.moc"
