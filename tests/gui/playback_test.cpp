// The PlaybackController on a real file: stepping, keys, first/last, looping, direction, speed.
// synth_abs_lrs_loop_notes.seanim, read by hand: 30 fps, frameCount 10, tracks tag_origin
// (translation keys at frames 0 and 9, one rotation key at 0), j_mainroot (translation keys on every
// frame 0..9) and j_spinelower.
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/timeline/playback_controller.h"
#include "app/gui/document/scene_loading.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

class PlaybackTest : public QObject {
    Q_OBJECT
    Document doc;
    PlaybackController* play = nullptr;

private slots:
    void initTestCase()
    {
        guitest::isolateSettings();
        const LoadResult r = loadAnimationFile(BONESCOPE_SAMPLES "/seanim/synth_abs_lrs_loop_notes.seanim");
        QVERIFY2(r.scene, qPrintable(r.error));
        doc.setScene(std::move(*r.scene), r.path);
        play = new PlaybackController(&doc, this);
        QCOMPARE(doc.lastFrame(), 9);
        QCOMPARE(doc.fps(), 30.0);
    }

    void init()
    {
        play->pause();
        play->setLoop(true);
        play->setSpeed(1);
        doc.setSelection({}, -1);
        doc.setTime(0);
    }

    // Playback stops between frames; paused, the time is the frame the counter shows, so that a key
    // inserted then is on that frame.
    void pauseLandsOnTheShownFrame()
    {
        play->play();
        play->advance(0.151); // frame 4.53
        QCOMPARE(doc.frame(), 5);
        play->pause();
        QCOMPARE(doc.time(), 5 / 30.0);
        play->play();
        play->advance(0.0149); // 5.447 frames
        play->pause();
        QCOMPARE(doc.time(), 5 / 30.0);
    }

    void stepsOneFrame()
    {
        play->stepForward();
        QCOMPARE(doc.frame(), 1);
        QCOMPARE(doc.time(), 1 / 30.0);
        play->stepForward();
        play->stepBackward();
        QCOMPARE(doc.frame(), 1);
        play->stepBackward();
        play->stepBackward(); // stays on the first frame
        QCOMPARE(doc.frame(), 0);
    }

    void firstAndLast()
    {
        play->lastFrame();
        QCOMPARE(doc.frame(), 9);
        QCOMPARE(doc.time(), 0.3);
        play->stepForward(); // stays on the last frame
        QCOMPARE(doc.frame(), 9);
        play->firstFrame();
        QCOMPARE(doc.time(), 0.0);
    }

    void jumpsToKeysOfTheSelection()
    {
        // Nothing selected: every track's keys count, and j_mainroot has one on every frame.
        play->nextKey();
        QCOMPARE(doc.frame(), 1);
        doc.setTime(0);
        const int tag = doc.skeleton().find("tag_origin");
        QVERIFY(tag >= 0);
        doc.setSelection({tag}, tag);
        play->nextKey();
        QCOMPARE(doc.frame(), 9);
        play->nextKey(); // no key after the last: stays
        QCOMPARE(doc.frame(), 9);
        play->previousKey();
        QCOMPARE(doc.frame(), 0);
    }

    void loopsForwardsAndBackwards()
    {
        doc.setTime(0.2);
        play->play();
        play->advance(0.25); // 0.45 wraps to 0.15
        QVERIFY(play->isPlaying());
        QVERIFY(qAbs(doc.time() - 0.15) < 1e-9);
        play->playBackwards();
        play->advance(0.2); // -0.05 wraps to 0.25
        QVERIFY(qAbs(doc.time() - 0.25) < 1e-9);
    }

    void stopsAtTheEndWithoutLoop()
    {
        play->setLoop(false);
        doc.setTime(0.2);
        play->play();
        play->advance(0.25);
        QCOMPARE(doc.time(), 0.3);
        QVERIFY(!play->isPlaying());
        play->play(); // from the end, playing starts over
        QCOMPARE(doc.time(), 0.0);
    }

    void speedScalesAndClamps()
    {
        play->setSpeed(2);
        play->play();
        play->advance(0.05);
        QVERIFY(qAbs(doc.time() - 0.1) < 1e-9);
        play->setSpeed(10);
        QCOMPARE(play->speed(), 4.0);
        play->setSpeed(0.01);
        QCOMPARE(play->speed(), 0.1);
    }

    void loopsInsideTheLoopRange()
    {
        Scene s;
        s.format = "test";
        Animation a;
        a.fps = 10;
        a.duration = 0.3;
        a.loopRange = LoopRange{0.1, 0.2};
        s.animations.push_back(a);
        Document d;
        d.setScene(s, "loop-range");
        PlaybackController p(&d);
        d.setTime(0.15);
        p.play();
        p.advance(0.1); // 0.25 is past loop-out 0.2: wraps to 0.1 + 0.05
        QVERIFY(qAbs(d.time() - 0.15) < 1e-9);
        p.setLoop(false); // without looping the whole clip plays
        p.advance(0.1);
        QVERIFY(qAbs(d.time() - 0.25) < 1e-9);
    }
};

QTEST_MAIN(PlaybackTest)
#include "playback_test.moc"
