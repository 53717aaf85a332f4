// Edit > Reduce keys... with a bound typed in its dialog: fewer keys, every joint within the bound
// at every frame, the report shown, one undo step; a BVH is refused with the reason, before any
// question.
// Edit > Clip > Mirror left/right and Time scale, chosen in the window's own menus and answered in
// their dialogs as a user does: the left arm's motion plays on the right arm (world positions
// reflected across the avatar's left/right axis), one undo step each. Mirror pose at this frame keys
// the selected joints and their counterparts with the pose reflected, which a save keeps.
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QUndoStack>
#include <QComboBox>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/saving/save_controller.h"
#include "app/gui/document/scene_loading.h"
#include "box_answerer.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;
using guitest::actionNamed;
using guitest::menuNamed;

namespace {

// Answers the next form dialog: `fill` sets its fields, then OK is clicked.
class FormAnswerer {
public:
    explicit FormAnswerer(std::function<void(QDialog*)> fill)
    {
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, [this, fill] {
            auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!d || !d->isVisible() || qobject_cast<QMessageBox*>(d)) // a report: BoxAnswerer's
                return;
            fill(d);
            if (auto* box = d->findChild<QDialogButtonBox*>()) {
                box->button(QDialogButtonBox::Ok)->click();
                answered = true;
            }
        });
        timer_.start();
    }
    bool answered = false;

private:
    QTimer timer_;
};

glm::quat localRotation(Document* doc, const char* bone)
{
    const int b = doc->skeleton().find(bone);
    return b < 0 ? glm::quat(NAN, NAN, NAN, NAN) : doc->pose().local[size_t(b)].rotation;
}

glm::vec3 worldOf(Document* doc, const char* bone)
{
    const int b = doc->skeleton().find(bone);
    return b < 0 ? glm::vec3(NAN) : glm::vec3(doc->pose().world[size_t(b)][3]);
}

} // namespace

class ClipEditsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void mirrorAndTimeScaleThroughTheClipMenu()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES) + "/secondlife/linden_walk.anim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        doc->setTime(0.4);
        const glm::vec3 leftWrist = worldOf(doc, "mWristLeft"), rightWrist = worldOf(doc, "mWristRight");
        const glm::vec3 leftElbow = worldOf(doc, "mElbowLeft");
        const double duration = doc->duration();

        QMenu* edit = menuNamed(w.menuBar()->actions(), "Edit");
        QVERIFY(edit);
        QMenu* clip = menuNamed(edit->actions(), "Clip");
        QVERIFY(clip);
        emit clip->aboutToShow();
        QAction* mirror = nullptr;
        QAction* timeScale = nullptr;
        for (QAction* a : clip->actions()) {
            if (a->text().remove('&') == "Mirror left/right...")
                mirror = a;
            if (a->text().remove('&') == "Time scale...")
                timeScale = a;
        }
        QVERIFY(mirror && mirror->isEnabled());
        QVERIFY(timeScale && timeScale->isEnabled());

        {
            FormAnswerer answer([](QDialog*) {}); // the defaults: across X, no extra pairs
            mirror->trigger();
            QVERIFY(answer.answered);
        }
        QVERIFY(doc->isModified());
        QCOMPARE(doc->undoStack()->undoText(), QString("Mirror left/right"));
        QVERIFY(doc->animation().findTrack("mShoulderRight") >= 0);
        // The file's left is +Y: the right wrist is where the left one was, reflected, and back.
        const glm::vec3 reflected(leftWrist.x, -leftWrist.y, leftWrist.z);
        QVERIFY2(glm::distance(worldOf(doc, "mWristRight"), reflected) < 1e-4,
                 qPrintable(QString("%1 %2 %3").arg(worldOf(doc, "mWristRight").x).arg(worldOf(doc, "mWristRight").y).arg(worldOf(doc, "mWristRight").z)));
        QVERIFY(glm::distance(worldOf(doc, "mElbowRight"), glm::vec3(leftElbow.x, -leftElbow.y, leftElbow.z)) < 1e-4);
        QVERIFY(glm::distance(worldOf(doc, "mWristLeft"), glm::vec3(rightWrist.x, -rightWrist.y, rightWrist.z)) < 1e-4);
        doc->undoStack()->undo();
        QVERIFY(!doc->isModified());
        QVERIFY(glm::distance(worldOf(doc, "mWristLeft"), leftWrist) < 1e-6);

        {
            FormAnswerer answer([](QDialog* d) { d->findChild<QDoubleSpinBox*>()->setValue(2); });
            timeScale->trigger();
            QVERIFY(answer.answered);
        }
        QCOMPARE(doc->undoStack()->undoText(), QString("Time scale"));
        QVERIFY(std::abs(doc->duration() - 2 * duration) < 1e-9);
        doc->setTime(0.8); // twice 0.4 s: the same pose
        QVERIFY(glm::distance(worldOf(doc, "mWristLeft"), leftWrist) < 1e-4);
        doc->undoStack()->undo();
        QVERIFY(std::abs(doc->duration() - duration) < 1e-12);

        // Drop joints by a pattern typed in its dialog: the hips and knees go, one undo step.
        QAction* drop = nullptr;
        for (QAction* a : clip->actions())
            if (a->text().remove('&') == "Drop joints...")
                drop = a;
        QVERIFY(drop);
        const size_t tracks = doc->animation().tracks.size();
        {
            FormAnswerer answer([](QDialog* d) { d->findChild<QLineEdit*>()->setText("mhip*, mKnee*"); });
            drop->trigger();
            QVERIFY(answer.answered);
        }
        QCOMPARE(doc->animation().tracks.size(), tracks - 4);
        QCOMPARE(doc->animation().findTrack("mHipLeft"), -1);
        QCOMPARE(doc->undoStack()->undoText(), QString("Drop joints"));
        doc->undoStack()->undo();
        QCOMPARE(doc->animation().tracks.size(), tracks);
    }

    void reduceKeysThroughTheEditMenu()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES) + "/secondlife/opencollar_Tower.anim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        const size_t keys = doc->animation().keyCount();
        const double duration = doc->duration();
        std::vector<std::vector<glm::vec3>> before;
        for (int i = 0; i <= 40; ++i) {
            doc->setTime(duration * i / 40);
            before.push_back({});
            for (const Bone& b : doc->skeleton().bones)
                before.back().push_back(worldOf(doc, b.name.c_str()));
        }
        QMenu* edit = menuNamed(w.menuBar()->actions(), "Edit");
        QVERIFY(edit);
        QAction* reduce = actionNamed(edit, "Reduce keys...");
        QVERIFY(reduce && reduce->isEnabled());
        {
            guitest::BoxAnswerer report(guitest::BoxAnswerer::standard(QMessageBox::Ok));
            FormAnswerer answer([](QDialog* d) { d->findChild<QDoubleSpinBox*>()->setValue(1.0); });
            reduce->trigger();
            QVERIFY(answer.answered);
            QCOMPARE(report.seen.size(), 1);
            QVERIFY2(report.seen[0].startsWith("reduced keys: " + QString::number(keys) + " -> "), qPrintable(report.seen[0]));
            QVERIFY2(report.seen[0].contains("bytes, largest error") && report.seen[0].contains("(bound 1 mm)"), qPrintable(report.seen[0]));
        }
        QCOMPARE(doc->undoStack()->undoText(), QString("Reduce keys"));
        QVERIFY(doc->animation().keyCount() < keys / 2);
        // Metres: every joint within 1 mm (and the float the viewer samples in) at every time.
        double worst = 0;
        for (int i = 0; i <= 40; ++i) {
            doc->setTime(duration * i / 40);
            for (size_t b = 0; b < doc->skeleton().size(); ++b)
                worst = std::max(worst, double(glm::distance(worldOf(doc, doc->skeleton().bones[b].name.c_str()), before[size_t(i)][b])));
        }
        QVERIFY2(worst <= 0.001 + 1e-5, qPrintable(QString::number(worst)));
        doc->undoStack()->undo();
        QCOMPARE(doc->animation().keyCount(), keys);

        // A BVH writes every frame: refused, with the reason, and nothing to undo.
        QVERIFY2(w.openFileNow(QString(BONESCOPE_SAMPLES) + "/secondlife/opencollar_tower.bvh"), qPrintable(w.lastError()));
        {
            guitest::BoxAnswerer refusal(guitest::BoxAnswerer::standard(QMessageBox::Ok));
            reduce->trigger();
            QCOMPARE(refusal.seen.size(), 1);
            QVERIFY2(refusal.seen[0].contains("cannot drop keys"), qPrintable(refusal.seen[0]));
        }
        QVERIFY(!doc->undoStack()->canUndo());
    }

    // A file that does not state its unit is offered the one its figure's size suggests: the demo (an
    // SEAnim, about 1.8 units tall) metres, where centimetres was offered (first-use pass F26).
    void reduceKeysOffersTheUnitTheFigureSuggests()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1280, 800}));
        QAction* reduce = actionNamed(menuNamed(w.menuBar()->actions(), "Edit"), "Reduce keys...");
        QVERIFY(reduce);
        auto offered = [&] {
            QString unit;
            guitest::BoxAnswerer report(guitest::BoxAnswerer::standard(QMessageBox::Ok));
            FormAnswerer answer([&](QDialog* d) {
                for (auto* combo : d->findChildren<QComboBox*>())
                    unit = combo->currentText();
            });
            reduce->trigger();
            return unit;
        };
        QVERIFY(w.openDemoNow(false));
        QCOMPARE(offered(), QString("metres"));
    }

    void mirrorPoseAtThisFrameThroughTheClipMenuAndSaved()
    {
        const QString path = guitest::tempDir() + "/walk.anim";
        QFile::remove(path);
        QVERIFY(QFile::copy(QString(BONESCOPE_SAMPLES) + "/secondlife/linden_walk.anim", path));
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {900, 700}));
        QVERIFY2(w.openFileNow(path), qPrintable(w.lastError()));
        Document* doc = w.document();
        const double t = 0.4;
        doc->setTime(0);
        const glm::vec3 startWrist = worldOf(doc, "mWristLeft");
        doc->setTime(t);
        const glm::vec3 leftWrist = worldOf(doc, "mWristLeft"), rightWrist = worldOf(doc, "mWristRight");
        const glm::vec3 leftAnkle = worldOf(doc, "mAnkleLeft");
        const glm::quat leftShoulder = localRotation(doc, "mShoulderLeft"), rightShoulder = localRotation(doc, "mShoulderRight");

        QMenu* clip = menuNamed(menuNamed(w.menuBar()->actions(), "Edit")->actions(), "Clip");
        QVERIFY(clip);
        emit clip->aboutToShow();
        QAction* mirrorPose = actionNamed(clip, "Mirror pose at this frame...");
        QVERIFY(mirrorPose && mirrorPose->isEnabled());
        auto mirrorThroughTheMenu = [&] {
            FormAnswerer answer([](QDialog*) {}); // across X, no extra pairs
            mirrorPose->trigger();
            return answer.answered;
        };
        // The file's left is +Y: a rotation mirrored across it keeps y and negates x and z.
        auto mirrored = [](glm::quat q) { return glm::quat(q.w, -q.x, q.y, -q.z); };
        auto same = [](glm::quat a, glm::quat b) { return std::abs(glm::dot(a, b)) > 1 - 1e-6f; };

        // The left shoulder selected: it and its counterpart trade their poses, mirrored; nothing else moves.
        doc->setSelection({doc->skeleton().find("mShoulderLeft")}, doc->skeleton().find("mShoulderLeft"));
        QVERIFY(mirrorThroughTheMenu());
        QCOMPARE(doc->undoStack()->undoText(), QString("Mirror pose"));
        QVERIFY(!same(leftShoulder, rightShoulder));
        QVERIFY(same(localRotation(doc, "mShoulderRight"), mirrored(leftShoulder)));
        QVERIFY(same(localRotation(doc, "mShoulderLeft"), mirrored(rightShoulder)));
        QVERIFY(glm::distance(worldOf(doc, "mAnkleLeft"), leftAnkle) < 1e-6);
        doc->undoStack()->undo();
        QVERIFY(!doc->isModified());

        // Nothing selected: the whole body, so the wrists trade places across the avatar's left/right.
        doc->setSelection({}, -1);
        QVERIFY(mirrorThroughTheMenu());
        auto reflected = [](glm::vec3 p) { return glm::vec3(p.x, -p.y, p.z); };
        // (2 cm: the avatar's two sides differ by up to 5 mm at the hips, knees and ankles)
        QVERIFY(glm::distance(worldOf(doc, "mWristRight"), reflected(leftWrist)) < 0.02);
        QVERIFY(glm::distance(worldOf(doc, "mWristLeft"), reflected(rightWrist)) < 0.02);
        QVERIFY(glm::distance(worldOf(doc, "mWristLeft"), leftWrist) > 0.02);
        doc->setTime(0);
        QVERIFY(glm::distance(worldOf(doc, "mWristLeft"), startWrist) < 1e-6);

        // Saved through the window's save and opened again: the mirrored pose is in the file.
        QVERIFY(w.saves()->save());
        LoadResult reread = loadAnimationFile(path);
        QVERIFY(reread.scene);
        Document again;
        again.setScene(std::move(*reread.scene), path);
        again.setTime(t);
        doc->setTime(t);
        QVERIFY2(glm::distance(worldOf(&again, "mWristRight"), worldOf(doc, "mWristRight")) < 1e-3,
                 "the saved file plays the mirrored pose");
        QVERIFY(glm::distance(worldOf(&again, "mWristRight"), rightWrist) > 0.02);
    }
};

QTEST_MAIN(ClipEditsTest)
#include "viewer_clip_edits_test.moc"
