// Reading Cast beside SEAnim: the same 500-bone, 6000-frame animation (translation and rotation,
// float) written by each format (SEAnim 96.0 MB, Cast 108.2 MB with one curve per component and
// frame buffers of shorts), read in full, in the same run:
//   build/bin/bonescope_bench --benchmark_filter=ReadSideBySide --benchmark_repetitions=5
// bytes_per_second is the rate in bytes of file; heap_per_file_byte is the most the read holds on
// the heap at once (the model, what the format keeps to save the file back, temporaries) divided by
// the file's size, not counting the file's own bytes.
#include <array>

#include <benchmark/benchmark.h>

#include "formats/cast/cast_format.h"
#include "formats/seanim/seanim_format.h"
#include "heap_counter.h"
#include "playback.h"
#include "synthetic.h"

using namespace bonescope;

namespace {

enum Which { Seanim, Cast };

const Format& format(int which)
{
    static const SeanimFormat seanim;
    static const CastFormat cast;
    return which == Cast ? static_cast<const Format&>(cast) : seanim;
}

const std::vector<uint8_t>& bigFile(int which)
{
    static const std::array<std::vector<uint8_t>, 2> bytes = [] {
        Scene s;
        s.animations.push_back(bench::makeAnimation(500, 6000));
        return std::array{format(Seanim).write(s), format(Cast).write(s)};
    }();
    return bytes[size_t(which)];
}

void BM_ReadSideBySide(benchmark::State& state)
{
    const Format& f = format(int(state.range(0)));
    const auto& bytes = bigFile(int(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(f.read(bytes));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
    state.SetLabel(state.range(0) == Cast ? "Cast" : "SEAnim");
    const size_t before = bench::heap::live();
    bench::heap::resetPeak();
    {
        const Scene s = f.read(bytes);
        benchmark::DoNotOptimize(s);
    }
    state.counters["heap_per_file_byte"] = double(bench::heap::peak() - before) / double(bytes.size());
}
BENCHMARK(BM_ReadSideBySide)->ArgName("cast")->Arg(Seanim)->Arg(Cast)->Unit(benchmark::kMillisecond);

// `info` and a re-save of a Cast animation of 100,000 bones (one key each): each curve's track info
// used to be looked up by a linear search, quadratic in the bones (18 s for `info` on such a file,
// 0.45 s after).
const std::vector<uint8_t>& manyTracksFile()
{
    static const std::vector<uint8_t> bytes = [] {
        Scene s;
        s.animations.push_back(bench::makeAnimation(100000, 1));
        return format(Cast).write(s);
    }();
    return bytes;
}

void BM_CastSummarizeManyTracks(benchmark::State& state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(format(Cast).summarize(manyTracksFile()));
}
BENCHMARK(BM_CastSummarizeManyTracks)->Unit(benchmark::kMillisecond);

void BM_CastWriteEditedManyTracks(benchmark::State& state)
{
    static const Scene edited = [] {
        Scene s = format(Cast).read(manyTracksFile());
        s.animations.at(0).fps = 60; // edited: the curves are written from the keys
        return s;
    }();
    for (auto _ : state)
        benchmark::DoNotOptimize(format(Cast).write(edited));
}
BENCHMARK(BM_CastWriteEditedManyTracks)->Unit(benchmark::kMillisecond);

void BM_CastWriteUnedited(benchmark::State& state)
{
    const Scene s = format(Cast).read(bigFile(Cast));
    for (auto _ : state)
        benchmark::DoNotOptimize(format(Cast).write(s));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bigFile(Cast).size()));
}
BENCHMARK(BM_CastWriteUnedited)->Unit(benchmark::kMillisecond);

// Forward playback of the big animation as each format's reader holds it (the window's playback of
// the file), per bone.
void BM_SamplePlaybackSideBySide(benchmark::State& state)
{
    const Scene s = format(int(state.range(0))).read(bigFile(int(state.range(0))));
    state.SetLabel(state.range(0) == Cast ? "Cast" : "SEAnim");
    bench::samplePlayback(state, s.animations.at(0));
}
BENCHMARK(BM_SamplePlaybackSideBySide)->ArgName("cast")->Arg(Seanim)->Arg(Cast);

} // namespace
