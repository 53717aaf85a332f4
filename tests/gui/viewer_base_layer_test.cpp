// Edit > Clip > Layer on base...: an additive SEAnim played on a base chosen through the dialogs as
// a user answers them; the pose drawn, the base named in the timeline and the properties, Bake to
// absolute as one undo step, and clearing the base.
#include <QLabel>
#include <QMessageBox>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/dialogs/base_layer_dialog.h"
#include "app/gui/command_line.h"
#include "app/gui/document/document.h"
#include "app/gui/headless_modes.h"
#include "app/gui/main_window.h"
#include "app/gui/timeline/timeline_widget.h"
#include "formats/seanim/seanim_extra.h"
#include "gui_test_support.h"
#include "tests/support/one_bone_seanim.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// One bone "root", keyed the same at 0 and 1 s.
QString writeSeanim(const QString& path, uint8_t type, glm::dvec3 t, double degrees)
{
    const auto bytes = test::oneBoneSeanim(type, t, degrees, degrees);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size()))
        return {};
    return path;
}

double degreesAboutZ(const glm::quat& q) { return glm::degrees(2 * std::atan2(double(q.z), double(q.w))); }

} // namespace

class BaseLayerTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void layerOnBaseThroughTheDialogs()
    {
        const QString dir = guitest::tempDir();
        const QString base = writeSeanim(dir + "/base.seanim", seanim::Absolute, {1, 0, 0}, 30);
        const QString additive = writeSeanim(dir + "/additive.seanim", seanim::Additive, {0, 2, 0}, 15);
        QVERIFY(!base.isEmpty() && !additive.isEmpty());

        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(additive), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(0.5);
        QCOMPARE(doc->skeleton().find("root"), 0);
        QVERIFY(std::abs(degreesAboutZ(doc->pose().local[0].rotation) - 15) < 1e-3); // on the rest pose
        doc->setSelection({0}, 0);
        const QImage alone = guitest::viewportImage(w);

        bool pickedFile = false, chose = false;
        QStringList boxes;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (guitest::answerFileDialog(modal, base)) {
                pickedFile = true;
            } else if (auto* layer = qobject_cast<BaseLayerDialog*>(modal); layer && layer->isVisible()) {
                layer->choose(0, std::nullopt, 0.5);
                layer->accept();
                chose = true;
            } else if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
                boxes << box->text();
                box->accept();
            }
        });
        answer.start();
        QAction* layerAction = guitest::findAction(w, "layerOnBase");
        QVERIFY(layerAction);
        layerAction->trigger();
        answer.stop();
        QVERIFY(pickedFile);
        QVERIFY2(chose, qPrintable(boxes.join("\n")));
        QVERIFY2(boxes.isEmpty(), qPrintable(boxes.join("\n")));
        QVERIFY(doc->baseLayer());
        QCOMPARE(doc->baseLayer()->weight, 0.5);
        // The bone picked before stays picked (its motion path and Key dock with it).
        QCOMPARE(doc->selection(), std::vector<int>{0});
        QCOMPARE(doc->currentBone(), 0);

        // The pose drawn: base 30 deg + half of 15; base (1,0,0) + half of (0,2,0).
        QCOMPARE(doc->time(), 0.5);
        const BoneTransform& root = doc->pose().local[0];
        QVERIFY2(std::abs(degreesAboutZ(root.rotation) - 37.5) < 1e-3, qPrintable(QString::number(degreesAboutZ(root.rotation))));
        QVERIFY(std::abs(root.translation.x - 1) < 1e-5 && std::abs(root.translation.y - 1) < 1e-5);
        QVERIFY(std::abs(doc->pose().world[0][3][0] - 1) < 1e-5);
        const QImage layered = guitest::viewportImage(w);
        QVERIFY(guitest::differingPixels(alone, layered) > 20);
        // The base is named where the user looks.
        auto* label = w.timeline()->findChild<QLabel*>("timelineBase");
        QVERIFY(label && label->isVisible());
        QVERIFY2(label->text().contains("base.seanim") && label->text().contains("0.5"), qPrintable(label->text()));

        // Bake to absolute: one undo step; the same pose from plain keys.
        QAction* bake = guitest::findAction(w, "bakeToAbsolute");
        QVERIFY(bake && bake->isEnabled());
        bake->trigger();
        QVERIFY(doc->isModified());
        QCOMPARE(doc->animation().blend, BlendMode{});
        QCOMPARE(doc->animation().tracks.at(0).rotation.size(), size_t(31));
        QVERIFY(std::abs(degreesAboutZ(doc->pose().local[0].rotation) - 37.5) < 1e-3);
        guitest::findAction(w, "clearBase")->trigger();
        QVERIFY(!doc->baseLayer());
        QVERIFY(!label->isVisible());
        QVERIFY(std::abs(degreesAboutZ(doc->pose().local[0].rotation) - 37.5) < 1e-3); // absolute now
        doc->undoStack()->undo();
        QVERIFY(!doc->isModified());
        QCOMPARE(doc->animation().blend, seanim::blendForType(seanim::Additive));
        QVERIFY(std::abs(degreesAboutZ(doc->pose().local[0].rotation) - 15) < 1e-3);
    }

    void screenshotOnABase()
    {
        const QString dir = guitest::tempDir();
        const QString base = writeSeanim(dir + "/base.seanim", seanim::Absolute, {1, 0, 0}, 30);
        const QString additive = writeSeanim(dir + "/additive.seanim", seanim::Additive, {0, 2, 0}, 15);
        QString error;
        const auto parse = [&](QStringList extra) {
            return parseOptions(QStringList{"bonescope", "--screenshot", dir + "/x.png", additive} + extra, &error);
        };
        QVERIFY(!parse({"--base", base, "--base-weight", "2.5"}));
        QCOMPARE(error, QString("--base-weight takes a number from 0 to 2, not '2.5'"));
        QVERIFY(!parse({"--base-weight", "1"}));
        QCOMPARE(error, QString("--base-weight needs --base"));
        auto options = parse({"--base", base, "--base-weight", "0.5", "--frame", "15"});
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->baseWeight, 0.5);
        QCOMPARE(runScreenshot(*options), 0);
        auto plain = parse({"--frame", "15"});
        plain->screenshot = dir + "/plain.png";
        QCOMPARE(runScreenshot(*plain), 0);
        const QImage layered(dir + "/x.png"), alone(dir + "/plain.png");
        QVERIFY(!layered.isNull() && layered.size() == alone.size());
        QVERIFY(guitest::differingPixels(layered, alone) > 20);
        // A base that cannot be read: status 1.
        options->base = dir + "/missing.seanim";
        QCOMPARE(runScreenshot(*options), 1);
    }
};

QTEST_MAIN(BaseLayerTest)
#include "viewer_base_layer_test.moc"
