// The graph editor's redraw on a 100-bone, 5,000-frame selection (every bone keyed in translation and
// rotation on every frame: 600 curves, one million keys), painted into an image as the window paints
// it. Speed is measured here, never asserted in a test. Run: build/bin/bonescope_graph_bench
// (docs/performance-viewer.md has the figures). Without a display it paints on Qt's offscreen platform.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QWheelEvent>

#include "app/gui/document/document.h"
#include "app/gui/graph/graph_widget.h"
#include "core/playback/channel_curves.h"
#include "synthetic.h"

using namespace bonescope;
using namespace bonescope::gui;

namespace {

constexpr int kBones = 100, kFrames = 5000;

struct Fixture {
    Document doc;
    GraphWidget graph{&doc, nullptr};
    QImage image{1600, 600, QImage::Format_ARGB32_Premultiplied};

    Fixture()
    {
        Scene s;
        s.format = "seanim";
        s.animations.push_back(bench::makeAnimation(kBones, kFrames));
        doc.setScene(std::move(s), "bench.seanim");
        std::vector<int> all(kBones);
        for (int b = 0; b < kBones; ++b)
            all[b] = b;
        doc.setSelection(all, 0);
        graph.resize(image.size());
        graph.show();
        doc.setTime(doc.duration() / 2);
        paint(); // curves sampled for this view
    }
    void paint()
    {
        QPainter p(&image);
        graph.render(&p);
    }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

// A repaint where nothing was resampled (the time cursor moved, the value axis zoomed).
void BM_GraphRepaint(benchmark::State& state)
{
    Fixture& f = fixture();
    for (auto _ : state)
        f.paint();
    state.counters["curves"] = double(f.graph.curves().curves().size());
}
BENCHMARK(BM_GraphRepaint)->Unit(benchmark::kMillisecond);

// A repaint after panning in time: every channel resampled over the new range at pixel resolution.
void BM_GraphRepaintAfterPan(benchmark::State& state)
{
    Fixture& f = fixture();
    double dx = 1;
    for (auto _ : state) {
        QWheelEvent wheel(QPointF(400, 200), f.graph.mapToGlobal(QPointF(400, 200)), QPoint(), QPoint(0, dx > 0 ? 120 : -120),
                          Qt::NoButton, Qt::ShiftModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&f.graph, &wheel);
        dx = -dx;
        f.paint();
    }
}
BENCHMARK(BM_GraphRepaintAfterPan)->Unit(benchmark::kMillisecond);

// After an edit: the keys' shown values (Euler angles unwrapped over all 5,000 keys) of every channel.
void BM_KeyCurveValuesAllChannels(benchmark::State& state)
{
    const Animation a = bench::makeAnimation(kBones, kFrames);
    for (auto _ : state)
        for (const Track& t : a.tracks)
            for (ChannelKind c : {ChannelKind::Translation, ChannelKind::Rotation})
                benchmark::DoNotOptimize(keyCurveValues(t, c, RotationDisplay::Euler));
}
BENCHMARK(BM_KeyCurveValuesAllChannels)->Unit(benchmark::kMillisecond);

// The sampling part of a pan: every channel over a 1,600-pixel view of the whole clip, one sample per
// 3 pixels (what the graph does with this many curves).
void BM_SampleCurvesAllChannels(benchmark::State& state)
{
    const Animation a = bench::makeAnimation(kBones, kFrames);
    std::vector<std::vector<glm::dvec4>> keys;
    for (const Track& t : a.tracks)
        for (ChannelKind c : {ChannelKind::Translation, ChannelKind::Rotation})
            keys.push_back(keyCurveValues(t, c, RotationDisplay::Euler));
    const double step = a.duration / 1600 * 3;
    for (auto _ : state) {
        size_t i = 0;
        for (const Track& t : a.tracks)
            for (ChannelKind c : {ChannelKind::Translation, ChannelKind::Rotation})
                benchmark::DoNotOptimize(sampleCurve(t, c, RotationDisplay::Euler, keys[i++], 0, a.duration, step));
    }
}
BENCHMARK(BM_SampleCurvesAllChannels)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
