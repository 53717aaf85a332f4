// A file may declare any length: 2.5 KB of Second Life .anim say 1e15 seconds (one frame per second).
// The window opens it, and the timeline ruler paints only the ticks it shows, with label steps it
// computes; it used to step through every frame on each repaint and hang the window.
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

class LongDeclaredDurationTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void rulerPaintsWithoutSteppingThroughEveryFrame()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 750}));
        QVERIFY2(w.openFileNow(BONESCOPE_FIXTURES "/regressions/gui_hang_sl_duration_1e15.anim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        QVERIFY(doc->lastFrame() > 999'999'000'000'000LL);
        auto* ruler = w.findChild<TimelineRuler*>("timelineRuler");
        QVERIFY(ruler);
        QVERIFY(!ruler->grab().isNull());
        doc->setTime(doc->duration());
        QCOMPARE(doc->frame(), doc->lastFrame());
        QVERIFY(!ruler->grab().isNull());
        QVERIFY(!w.grab().isNull());
    }
};

QTEST_MAIN(LongDeclaredDurationTest)
#include "viewer_long_declared_duration_test.moc"
