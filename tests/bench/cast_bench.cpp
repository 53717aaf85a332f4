// Reading speed of Cast beside SEAnim's (seanim_bench.cpp): the same 500-bone, 6000-frame animation
// (translation and rotation, float) written as a Cast file of about the same size.
#include <benchmark/benchmark.h>

#include "formats/cast/cast_format.h"
#include "synthetic.h"

using namespace bonescope;

namespace {

const std::vector<uint8_t>& bigCast()
{
    static const std::vector<uint8_t> bytes = [] {
        Scene s;
        s.animations.push_back(bench::makeAnimation(500, 6000));
        return CastFormat().write(s);
    }();
    return bytes;
}

void BM_CastRead(benchmark::State& state)
{
    const auto& bytes = bigCast();
    CastFormat f;
    for (auto _ : state)
        benchmark::DoNotOptimize(f.read(bytes));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
}
BENCHMARK(BM_CastRead)->Unit(benchmark::kMillisecond);

void BM_CastWriteUnedited(benchmark::State& state)
{
    const Scene s = CastFormat().read(bigCast());
    CastFormat f;
    for (auto _ : state)
        benchmark::DoNotOptimize(f.write(s));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bigCast().size()));
}
BENCHMARK(BM_CastWriteUnedited)->Unit(benchmark::kMillisecond);

} // namespace
