// The dope sheet and ruler paint only the keys in the repainted range, found by binary search
// (app/gui/timeline/row_keys.*). This checks that they paint the same pixels as the sheet that
// visited every key did: tests/fixtures/dope_sheet/*.png were drawn by that sheet (commit 3edef6c)
// with this same code. BONESCOPE_WRITE_DOPE_SHEET_IMAGES=1 writes the images instead of comparing.
#include <QVBoxLayout>
#include <QtTest>

#include "app/gui/document/document.h"
#include "app/gui/document/scene_loading.h"
#include "app/gui/timeline/dope_sheet_widget.h"
#include "app/gui/timeline/timeline_ruler.h"
#include "core/editing/key_editing.h"
#include "gui_test_support.h"

using namespace bonescope;
using namespace bonescope::gui;

class DopeSheetPixelsTest : public QObject {
    Q_OBJECT

    // The ruler and the sheet on `doc`, as the window lays them out.
    struct SheetWindow {
        QWidget host;
        DopeSheet* sheet;
        explicit SheetWindow(Document& doc)
        {
            auto* layout = new QVBoxLayout(&host);
            layout->setContentsMargins(0, 0, 0, 0);
            auto* ruler = new TimelineRuler(&doc, &host);
            ruler->setLeftInset(DopeSheet::kNameWidth);
            sheet = new DopeSheet(&doc, ruler, &host);
            layout->addWidget(ruler);
            layout->addWidget(sheet, 1);
        }
    };

    // The host widget with the ruler and the sheet on `file`: three tracks expanded, the first
    // track's keys selected, the cursor in the middle.
    QImage paint(const QString& file)
    {
        Document doc;
        SheetWindow window(doc);
        QWidget& host = window.host;
        DopeSheet* sheet = window.sheet;
        const LoadResult r = loadAnimationFile(file);
        if (!r.scene)
            return {};
        doc.setScene(std::move(*r.scene), r.path);
        const Animation& a = doc.animation();
        std::set<KeyRef> selected;
        for (int t = 0; t < std::min<int>(3, int(a.tracks.size())); ++t)
            sheet->setExpanded(t, true);
        if (!a.tracks.empty())
            for (ChannelKind c : {ChannelKind::Translation, ChannelKind::Rotation})
                for (size_t i = 0; i < channelSize(a.tracks[0], c); ++i)
                    selected.insert({0, c, int(i)});
        sheet->setSelectedKeys(selected);
        doc.setTime(doc.duration() / 2);
        if (!guitest::showWindow(host, QSize(900, 420)))
            return {};
        QTest::qWait(50);
        return host.grab().toImage().convertToFormat(QImage::Format_RGB32);
    }

private slots:
    void initTestCase() { guitest::isolateSettings(); }

    void samePixelsAsEveryKeyPainted_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : {"seanim/synth_abs_lrs_loop_notes.seanim", "seanim/synth_300bones_u16mods.seanim",
                              "seanim/synth_fc256_u16.seanim", "seanim/synth_rel_modifiers.seanim",
                              "secondlife/linden_walk.anim", "secondlife/opencollar_Tower.anim",
                              "secondlife/ll_raptor_attack.anim", "secondlife/opencollar_tower.bvh",
                              "lego/pns065rd.ani"})
            QTest::newRow(f) << QString(BONESCOPE_SAMPLES "/") + f;
        QTest::newRow("dash/model20.dmx") << QString(BONESCOPE_FIXTURES "/dash/model20.dmx");
    }

    void samePixelsAsEveryKeyPainted()
    {
        QFETCH(QString, file);
        const QImage now = paint(file);
        QVERIFY2(!now.isNull(), qPrintable(file));
        const QString expected = QString(BONESCOPE_FIXTURES "/dope_sheet/") + QFileInfo(file).fileName() + ".png";
        if (qEnvironmentVariableIsSet("BONESCOPE_WRITE_DOPE_SHEET_IMAGES")) {
            QVERIFY(now.save(expected));
            return;
        }
        const QImage before = QImage(expected).convertToFormat(QImage::Format_RGB32);
        QVERIFY2(!before.isNull(), qPrintable(expected));
        QCOMPARE(now.size(), before.size());
        int differing = 0;
        for (int y = 0; y < now.height(); ++y)
            for (int x = 0; x < now.width(); ++x)
                differing += now.pixel(x, y) != before.pixel(x, y);
        if (differing)
            now.save(QDir::temp().filePath(QFileInfo(file).fileName() + ".now.png"));
        QCOMPARE(differing, 0);
    }

    // A row with more keys than pixels (100 s keyed at 30 fps in an 900-pixel window): one light mark
    // from the first key to the last. Diamonds drawn every third of a pixel left only their dark
    // outlines, and the row read as a black band with no keys in it.
    void denseKeysDrawAsOneLightMark()
    {
        Scene scene;
        Animation& a = scene.animations.emplace_back();
        a.fps = 30;
        a.duration = 100;
        Track& t = a.tracks.emplace_back();
        t.name = "dense";
        for (int f = 0; f <= 3000; ++f)
            t.translation.keys.push_back({f / 30.0, glm::dvec3(f, 0, 0)});
        Document doc;
        SheetWindow window(doc);
        doc.setScene(std::move(scene), "dense.seanim");
        QVERIFY(guitest::showWindow(window.host, QSize(900, 420)));
        QTest::qWait(50);
        const QImage image = window.sheet->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const int y = DopeSheet::kRowHeight + DopeSheet::kRowHeight / 2; // row 0 holds the notes
        int light = 0, dark = 0, seen = 0;
        for (int x = DopeSheet::kNameWidth + 12; x < image.width() - 12; ++x, ++seen) {
            const QRgb c = image.pixel(x, y);
            light += c == qRgb(230, 230, 235);
            dark += qGray(c) < 60;
        }
        QVERIFY(seen > 600);
        QVERIFY2(light >= seen * 95 / 100, qPrintable(QString("%1 of %2 pixels in the key colour, %3 dark").arg(light).arg(seen).arg(dark)));

        // A selected key in the middle of the run shows on top of it, not under the next mark.
        window.sheet->setSelectedKeys({KeyRef{0, ChannelKind::Translation, 1500}});
        QTest::qWait(50);
        const QImage selected = window.sheet->grab().toImage().convertToFormat(QImage::Format_RGB32);
        int orange = 0;
        for (int x = DopeSheet::kNameWidth; x < selected.width(); ++x)
            orange += selected.pixel(x, y) == qRgb(255, 170, 40);
        QVERIFY2(orange >= 5, qPrintable(QString("%1 pixels in the selection colour").arg(orange)));
    }
};

QTEST_MAIN(DopeSheetPixelsTest)
#include "viewer_dope_sheet_pixels_test.moc"
