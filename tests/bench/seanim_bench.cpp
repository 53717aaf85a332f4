// Reading speed of SEAnim (full model and the summary `info` uses) and sampling speed.
#include <benchmark/benchmark.h>

#include "core/playback/key_times.h"
#include "core/playback/sampler.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "playback.h"
#include "synthetic.h"

using namespace bonescope;

namespace {

const std::vector<uint8_t>& bigFile()
{
    // 500 bones x 6000 frames of LOC+ROT in float: about 100 MB.
    static const std::vector<uint8_t> bytes = [] {
        Scene s;
        s.animations.push_back(bench::makeAnimation(500, 6000));
        return SeanimFormat().write(s);
    }();
    return bytes;
}

void BM_SeanimSummarize(benchmark::State& state)
{
    const auto& bytes = bigFile();
    SeanimFormat f;
    for (auto _ : state)
        benchmark::DoNotOptimize(f.summarize(bytes));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
}
BENCHMARK(BM_SeanimSummarize)->Unit(benchmark::kMillisecond);

void BM_SeanimRead(benchmark::State& state)
{
    const auto& bytes = bigFile();
    SeanimFormat f;
    for (auto _ : state)
        benchmark::DoNotOptimize(f.read(bytes));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
}
BENCHMARK(BM_SeanimRead)->Unit(benchmark::kMillisecond);

using bench::samplePlayback;

// Keys computed in double and held so (values that are not floats, as an edit or a double file makes).
void BM_SamplePlayback500(benchmark::State& state)
{
    static const Animation anim = bench::makeAnimation(500, 300);
    samplePlayback(state, anim);
}
BENCHMARK(BM_SamplePlayback500);

// The same animation as a float SEAnim file holds it and the window plays it: written, read back.
const Animation& fromFile500()
{
    static const Animation anim = [] {
        Scene s;
        s.animations.push_back(bench::makeAnimation(500, 300));
        return SeanimFormat().read(SeanimFormat().write(s)).animations.front();
    }();
    return anim;
}

void BM_SamplePlayback500FromFile(benchmark::State& state) { samplePlayback(state, fromFile500()); }
BENCHMARK(BM_SamplePlayback500FromFile);

// The double-valued animation of BM_SamplePlayback500 as a double-precision SEAnim file holds it:
// keys in double, laid out by the reader (each array allocated once, a bone's arrays side by side)
// rather than grown key by key and widened from float as makeAnimation() leaves them.
void BM_SamplePlayback500FromDoubleFile(benchmark::State& state)
{
    static const Animation anim = [] {
        Scene s;
        Animation& a = s.animations.emplace_back(bench::makeAnimation(500, 300));
        auto x = std::make_unique<SeanimExtra>();
        x->property = seanim::PrecisionHigh;
        a.extra = std::move(x);
        return SeanimFormat().read(SeanimFormat().write(s)).animations.front();
    }();
    if (anim.tracks.front().translation.keys.inFloat())
        state.SkipWithError("the keys are not held in double");
    samplePlayback(state, anim);
}
BENCHMARK(BM_SamplePlayback500FromDoubleFile);

// The first loop through the clip after a rebind (an edit, a load): every segment is entered for the
// first time, so nothing kept helps; what the kept lane segments cost to make is in it.
void BM_SamplePlayback500FirstLoop(benchmark::State& state)
{
    const Animation& anim = fromFile500();
    Skeleton none;
    Sampler sampler(anim, none);
    Pose pose;
    const int samples = int(anim.duration * 60);
    for (auto _ : state) {
        sampler.rebind();
        for (int i = 0; i < samples; ++i)
            sampler.sample(i / 60.0, pose);
        benchmark::DoNotOptimize(pose.world.data());
    }
    const double boneSamples = double(state.iterations()) * samples * double(anim.tracks.size());
    state.counters["ns_per_bone"] =
        benchmark::Counter(boneSamples, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SamplePlayback500FirstLoop)->Unit(benchmark::kMillisecond);

// The file's animation on a skeleton: every bone but the first has a parent (a tree three
// children wide), so each world matrix is its parent's times its local one.
void BM_SamplePlayback500Tree(benchmark::State& state)
{
    static const Skeleton tree = [] {
        Skeleton s;
        const Animation& anim = fromFile500();
        for (size_t i = 0; i < anim.tracks.size(); ++i) {
            Bone b;
            b.name = anim.tracks[i].name;
            b.parent = i == 0 ? -1 : int(i - 1) / 3;
            s.bones.push_back(b);
        }
        return s;
    }();
    samplePlayback(state, fromFile500(), tree);
}
BENCHMARK(BM_SamplePlayback500Tree);

// The first sample after a rebind (an edit, a load) of a 3-million-key animation: it decides each
// bone's kind (comparing its channels' key times) and prepares the segments that pose enters.
void BM_FirstSample3M(benchmark::State& state)
{
    static const Animation anim = bench::makeAnimation(500, 3000);
    Skeleton none;
    Sampler sampler(anim, none);
    Pose pose;
    for (auto _ : state) {
        sampler.rebind();
        sampler.sample(1.0, pose);
        benchmark::DoNotOptimize(pose.world.data());
    }
}
BENCHMARK(BM_FirstSample3M)->Unit(benchmark::kMillisecond);

// The ruler's key times (distinctKeyTimes), which the window makes again after every edit: a
// 3-million-key animation as a float file holds it.
void BM_DistinctKeyTimes3M(benchmark::State& state)
{
    static const Animation anim = bench::makeAnimation(500, 3000, 30, true);
    std::vector<const Track*> tracks;
    for (const Track& t : anim.tracks)
        tracks.push_back(&t);
    for (auto _ : state)
        benchmark::DoNotOptimize(distinctKeyTimes(tracks).data());
}
BENCHMARK(BM_DistinctKeyTimes3M)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
