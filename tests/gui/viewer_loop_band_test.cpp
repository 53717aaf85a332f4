// The timeline's green loop band says "this clip loops here": it shows while the clip loops, goes
// when Looping is unchecked in the Format dock (and comes back with Edit > Undo), and never shows on
// a file that does not loop.
#include <QCheckBox>
#include <QDockWidget>
#include <QUndoStack>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "app/gui/panels/format_properties_panel.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

// Pixels of the band's translucent green over the ruler's dark grey.
int bandPixels(MainWindow& w)
{
    auto* ruler = w.findChild<TimelineRuler*>("timelineRuler");
    if (!ruler)
        return -1;
    ruler->repaint();
    const QImage image = ruler->grab().toImage();
    return guitest::pixelsWhere(image, [&](int x, int y) {
               const QColor c = image.pixelColor(x, y);
               return c.green() - c.red() > 12 && c.green() - c.blue() > 8 && c.green() < 120;
           }).count;
}

} // namespace

class LoopBandTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void bandFollowsLooping()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1200, 800}));
        QVERIFY2(w.openFileNow(BONESCOPE_SAMPLES "/secondlife/linden_walk.anim"), qPrintable(w.lastError()));
        Document* doc = w.document();
        QVERIFY(doc->animation().looping && doc->animation().loopRange);
        QVERIFY2(bandPixels(w) > 500, qPrintable(QString::number(bandPixels(w))));

        // Looping unchecked where a user does it: the Format dock's check box, clicked.
        auto* panel = w.findChild<FormatPropertiesPanel*>();
        QVERIFY(panel);
        QCheckBox* looping = nullptr;
        for (QCheckBox* box : panel->findChildren<QCheckBox*>())
            if (box->text().remove('&') == "Looping")
                looping = box;
        QVERIFY(looping);
        for (QWidget* p = looping; p; p = p->parentWidget())
            if (auto* dock = qobject_cast<QDockWidget*>(p)) {
                dock->show();
                dock->raise();
            }
        QTRY_VERIFY(looping->isVisible());
        QTest::mouseClick(looping, Qt::LeftButton, {}, QPoint(8, looping->height() / 2));
        QVERIFY(!doc->animation().looping);
        QCOMPARE(bandPixels(w), 0);
        doc->undoStack()->undo();
        QVERIFY(doc->animation().looping);
        QVERIFY(bandPixels(w) > 500);

        // A mocap take that does not loop: no band.
        QVERIFY2(w.openFileNow(BONESCOPE_FIXTURES "/rigs/cmu_131_01_walk.bvh"), qPrintable(w.lastError()));
        QVERIFY(!w.document()->animation().looping);
        QCOMPARE(bandPixels(w), 0);
    }
};

QTEST_MAIN(LoopBandTest)
#include "viewer_loop_band_test.moc"
