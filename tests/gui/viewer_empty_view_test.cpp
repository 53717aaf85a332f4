// What the 3D view says when it has no bones to draw: with no file open, to open one; with a file open
// that carries notes but no bones (a SEAnim of notes alone), that this animation has no bones and how
// many notes it carries, not "open an animation" (first-use pass 3, F9).
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/main_window.h"
#include "gui_test_support.h"
#include "render/viewport.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

const QString kNotesOnly = QStringLiteral(BONESCOPE_SAMPLES "/seanim/synth_notes_custom_nobones.seanim");

} // namespace

class EmptyViewTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void aFileWithNotesOnlyIsNotNothingOpen()
    {
        MainWindow w(false);
        QVERIFY(guitest::showWindow(w, {1000, 700}));
        QVERIFY(w.document()->isEmpty());
        QVERIFY(w.viewport()->emptyText().contains("open an animation"));
        const QImage nothingOpen = guitest::viewportImage(w);

        QVERIFY2(w.openFileNow(kNotesOnly), qPrintable(w.lastError()));
        QCOMPARE(w.document()->skeleton().size(), size_t(0));
        QCOMPARE(w.document()->animation().notes.size(), size_t(2));
        const QString said = w.viewport()->emptyText();
        QVERIFY2(said.contains("no bones") && said.contains("2 notes"), qPrintable(said));
        QVERIFY2(!said.contains("open an animation"), qPrintable(said));
        // And it is what the view paints: its words differ from the empty window's.
        const QImage notesOnly = guitest::viewportImage(w);
        QVERIFY2(guitest::differingPixels(nothingOpen, notesOnly) > 50,
                 qPrintable(QString::number(guitest::differingPixels(nothingOpen, notesOnly))));
    }
};

QTEST_MAIN(EmptyViewTest)
#include "viewer_empty_view_test.moc"
