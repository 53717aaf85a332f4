// Time in the window (issue 15 item 4): a preview range set with Blender's keys that playback, looping
// and Home/End stay inside, which is a view setting (never an edit); a time zoom and scroll shared by
// the ruler and the dope sheet; a key time typed in the Key dock; a frame typed in the counter.
#include <QApplication>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QStatusBar>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/key_editor_panel.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "app/gui/timeline/timeline_widget.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kSeanim = QStringLiteral(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");

void wheel(QWidget* target, QPoint pos, QPoint angleDelta, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    QWheelEvent e(pos, target->mapToGlobal(pos), QPoint(), angleDelta, Qt::NoButton, mods, Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &e);
}

// Opens the sample in a shown window.
bool openShown(MainWindow& w) { return guitest::showWindow(w, {1280, 800}) && w.openFileNow(kSeanim); }

// A key typed to `target` in the window, made the active one first (the window's shortcuts take keys
// only there; tests running at once on one X server take the focus from each other).
void press(MainWindow& w, QWidget* target, Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    QApplication::setActiveWindow(&w);
    QTest::keyClick(target, key, mods);
}

// The dope sheet's x of a ruler x (both widgets' own coordinates).
int sheetX(DopeSheet* sheet, TimelineRuler* ruler, double rulerX)
{
    return sheet->mapFromGlobal(ruler->mapToGlobal(QPoint(int(std::lround(rulerX)), 0))).x();
}

} // namespace

class TimeRangeTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void previewRangeHoldsPlaybackAndIsNoEdit()
    {
        MainWindow w(false);
        QVERIFY(openShown(w));
        Document* doc = w.document();
        PlaybackController* play = w.playback();
        auto* ruler = w.timeline()->ruler();
        const long long last = doc->lastFrame();
        QVERIFY(last >= 8);
        const int steps = doc->undoStack()->count();
        const QImage plain = ruler->grab().toImage();

        const long long a = last / 4, b = 3 * last / 4;
        doc->setTime(doc->timeOfFrame(a));
        press(w, &w, Qt::Key_Home, Qt::ControlModifier);
        doc->setTime(doc->timeOfFrame(b));
        press(w, &w, Qt::Key_End, Qt::ControlModifier);
        const auto range = play->previewRange();
        QVERIFY(range);
        const double lo = doc->timeOfFrame(a), hi = doc->timeOfFrame(b);
        QCOMPARE(range->first, lo);
        QCOMPARE(range->second, hi);

        // Shown on the ruler: darker left of the range than without one.
        const QImage shaded = ruler->grab().toImage();
        const QPoint outside(int((ruler->xOf(0) + ruler->xOf(lo)) / 2), ruler->height() / 2 + 10);
        QVERIFY(qGray(shaded.pixel(outside)) < qGray(plain.pixel(outside)));

        // Home / End go to its ends.
        press(w, &w, Qt::Key_End);
        QCOMPARE(doc->time(), hi);
        press(w, &w, Qt::Key_Home);
        QCOMPARE(doc->time(), lo);

        // Looping playback never leaves it, started from outside it as well.
        doc->setTime(0);
        QVERIFY(play->loop());
        press(w, &w, Qt::Key_Space);
        QVERIFY(play->isPlaying());
        QCOMPARE(doc->time(), lo);
        for (int i = 0; i < 400; ++i) {
            play->advance(0.013);
            QVERIFY2(doc->time() >= lo && doc->time() <= hi, qPrintable(QString::number(doc->time())));
        }
        QTest::qWait(200); // the real clock too
        QVERIFY(doc->time() >= lo && doc->time() <= hi);
        play->playBackwards();
        for (int i = 0; i < 400; ++i) {
            play->advance(0.013);
            QVERIFY2(doc->time() >= lo && doc->time() <= hi, qPrintable(QString::number(doc->time())));
        }
        // Without looping it stops at the range's end.
        play->pause();
        play->setLoop(false);
        doc->setTime(lo);
        play->play();
        for (int i = 0; i < 400 && play->isPlaying(); ++i)
            play->advance(0.013);
        QVERIFY(!play->isPlaying());
        QCOMPARE(doc->time(), hi);

        // A view setting: no undo step, not modified.
        QCOMPARE(doc->undoStack()->count(), steps);
        QVERIFY(!doc->isModified());
        QVERIFY(!w.isWindowModified());

        press(w, &w, Qt::Key_P, Qt::ControlModifier | Qt::AltModifier);
        QVERIFY(!play->previewRange());
        press(w, &w, Qt::Key_Home);
        QCOMPARE(doc->time(), 0.0);
        press(w, &w, Qt::Key_End);
        QCOMPARE(doc->time(), doc->duration());
        doc->setTime(0);
        QCOMPARE(guitest::differingPixels(ruler->grab().toImage(), plain), 0);
    }

    void previewStartAfterEndMovesTheEnd()
    {
        MainWindow w(false);
        QVERIFY(openShown(w));
        Document* doc = w.document();
        doc->setTime(doc->timeOfFrame(2));
        press(w, &w, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(w.playback()->previewRange()->first, 0.0);
        doc->setTime(doc->timeOfFrame(5));
        press(w, &w, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(w.playback()->previewRange()->first, doc->timeOfFrame(5));
        QCOMPARE(w.playback()->previewRange()->second, doc->timeOfFrame(5));
        // A new file clears it.
        QVERIFY(w.openFileNow(kSeanim));
        QVERIFY(!w.playback()->previewRange());
    }

    void wheelZoomsTheSharedAxis()
    {
        MainWindow w(false);
        QVERIFY(openShown(w));
        Document* doc = w.document();
        auto* ruler = w.timeline()->ruler();
        DopeSheet* sheet = w.dopeSheet();
        // j_mainroot's fifth translation key, inside the 0.3 s (10 frames: zoomed 2.25 times at most).
        const KeyRef key{1, ChannelKind::Translation, 4};
        const double keyT = doc->animation().tracks[1].translation.keys.time(4);
        QVERIFY(keyT > 0.05 && keyT < 0.25);
        const QImage sheetBefore = sheet->grab().toImage();
        const double x0 = ruler->xOf(keyT), xStart = ruler->xOf(0), xEnd = ruler->xOf(doc->duration());
        QCOMPARE(ruler->zoom(), 1.0);

        // Plain wheel over the ruler zooms around the mouse: the time under it stays, the rest spreads.
        const QPoint at(int(x0) + 7, 30);
        const double under = ruler->timeAt(at.x());
        wheel(ruler, at, {0, 240});
        QVERIFY(ruler->zoom() > 1.5);
        QVERIFY(std::abs(ruler->timeAt(at.x()) - under) < 1e-9);
        QVERIFY(ruler->xOf(0) < xStart);
        QVERIFY(ruler->xOf(doc->duration()) > xEnd);
        QVERIFY(std::abs(ruler->xOf(keyT) - x0) < 7);

        // The dope sheet's diamond is under the ruler's x for the key's time.
        auto diamond = sheet->keyPosition(key);
        QVERIFY(diamond);
        QVERIFY(std::abs(diamond->x() - sheetX(sheet, ruler, ruler->xOf(keyT))) <= 1);
        const QImage zoomed = sheet->grab().toImage();
        const QRgb fill = zoomed.pixel(*diamond);
        QVERIFY2(qRed(fill) > 200 && qGreen(fill) > 200, qPrintable(QString::number(fill, 16))); // a diamond is painted there

        // Ctrl+wheel over the dope sheet zooms the same axis; Shift+wheel scrolls it.
        const double zoom = ruler->zoom();
        wheel(sheet, {sheetX(sheet, ruler, ruler->xOf(keyT)), 30}, {0, 120}, Qt::ControlModifier);
        QVERIFY(ruler->zoom() > zoom);
        const double start = ruler->viewStart();
        wheel(sheet, {400, 30}, {0, -120}, Qt::ShiftModifier);
        QVERIFY(ruler->viewStart() > start);
        diamond = sheet->keyPosition(key);
        QVERIFY(std::abs(diamond->x() - sheetX(sheet, ruler, ruler->xOf(keyT))) <= 1);

        // Middle drag on the ruler scrolls: the time under the mouse follows it.
        const double before = ruler->viewStart();
        QTest::mousePress(ruler, Qt::MiddleButton, {}, QPoint(500, 30));
        QMouseEvent move(QEvent::MouseMove, QPointF(450, 30), ruler->mapToGlobal(QPointF(450, 30)), Qt::NoButton, Qt::MiddleButton, Qt::NoModifier);
        QApplication::sendEvent(ruler, &move);
        QTest::mouseRelease(ruler, Qt::MiddleButton, {}, QPoint(450, 30));
        QVERIFY(ruler->viewStart() > before);

        // Frame all in time (Alt+Home): the axis and the pixels as before.
        press(w, &w, Qt::Key_Home, Qt::AltModifier);
        QCOMPARE(ruler->zoom(), 1.0);
        QCOMPARE(ruler->xOf(keyT), x0);
        QCOMPARE(guitest::differingPixels(sheet->grab().toImage(), sheetBefore), 0);
        QVERIFY(!doc->isModified());
    }

    void keyTimeTypedWhileZoomed()
    {
        MainWindow w(false);
        QVERIFY(openShown(w));
        Document* doc = w.document();
        auto* ruler = w.timeline()->ruler();
        auto* keys = w.findChild<KeyEditorPanel*>();
        wheel(ruler, {int(ruler->xOf(0.2)), 30}, {0, 360});
        QVERIFY(ruler->zoom() > 1.5);
        w.dopeSheet()->setSelectedKeys({KeyRef{0, ChannelKind::Translation, 1}});
        keys->timeField()->setFocus();
        keys->timeField()->selectAll();
        QTest::keyClicks(keys->timeField(), "0.25");
        QTest::keyClick(keys->timeField(), Qt::Key_Return);
        QVERIFY(std::abs(doc->animation().tracks[0].translation.keys.time(1) - 0.25) < 1e-9);
        QVERIFY(doc->isModified());
        const auto diamond = w.dopeSheet()->keyPosition(*keys->currentKey());
        QVERIFY(std::abs(diamond->x() - sheetX(w.dopeSheet(), ruler, ruler->xOf(0.25))) <= 1);
        w.dopeSheet()->setFocus();
        press(w, &w, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(std::abs(doc->animation().tracks[0].translation.keys.time(1) - 0.3) < 1e-9);
        QVERIFY(!doc->isModified());
    }

    void typedFrameInTheCounter()
    {
        MainWindow w(false);
        QVERIFY(openShown(w));
        Document* doc = w.document();
        QLineEdit* field = w.timeline()->frameField();
        QCOMPARE(field->text(), QString("0"));
        auto type = [&](const char* text) {
            QApplication::setActiveWindow(&w);
            field->setFocus();
            field->selectAll();
            QTest::keyClicks(field, text);
            QTest::keyClick(field, Qt::Key_Return);
        };
        type("5");
        QCOMPARE(doc->frame(), 5);
        QCOMPARE(field->text(), QString("5"));
        QVERIFY(!field->hasFocus()); // the keys are the window's again
        press(w, &w, Qt::Key_Right);
        QCOMPARE(doc->frame(), 6);
        QCOMPARE(field->text(), QString("6"));

        type("99999999999999999999999");
        QCOMPARE(doc->frame(), doc->lastFrame());
        QVERIFY2(w.statusBar()->currentMessage().contains("outside"), qPrintable(w.statusBar()->currentMessage()));
        w.statusBar()->clearMessage();
        type("-3");
        QCOMPARE(doc->frame(), 0);
        QVERIFY2(w.statusBar()->currentMessage().contains("went to frame 0"), qPrintable(w.statusBar()->currentMessage()));
        type(QByteArray::number(doc->lastFrame() + 1).constData());
        QCOMPARE(doc->frame(), doc->lastFrame());
        QVERIFY(!doc->isModified());

        // Home while typing goes to playback, as in the Speed box.
        doc->setTime(doc->timeOfFrame(3));
        QApplication::setActiveWindow(&w);
        field->setFocus();
        QVERIFY(field->hasFocus());
        press(w, field, Qt::Key_Home);
        QCOMPARE(doc->frame(), 0);
    }
};

QTEST_MAIN(TimeRangeTest)
#include "viewer_time_range_test.moc"
