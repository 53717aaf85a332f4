// What reading in the import helper (bonescope-import, formats/assimp/assimp_child.h) costs per file
// (issue 37's goal: under 50 ms): the same real files read by Assimp in this process and through the
// helper kept between files; the difference is the request and answer through pipes, encoding and
// decoding the scene, and the helper's one start shared by every file. Also the wire form alone, and
// the helper on a file of almost nothing, started for each file and kept.
#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include "formats/assimp/assimp_child.h"
#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/file_io.h"
#include "formats/import_wire.h"

namespace bonescope {
namespace {

const char* const kFiles[] = {BONESCOPE_FIXTURES "/rigs/CesiumMan.glb", BONESCOPE_FIXTURES "/assimp/robot.fbx",
                              BONESCOPE_FIXTURES "/assimp/seymour.dae"};

std::vector<uint8_t> bytesOf(int file)
{
    const FileBytes f = FileBytes::open(kFiles[file]);
    return {f.bytes().begin(), f.bytes().end()};
}

// CPU seconds (user + system) the helpers this process started and waited for have used so far: on
// a shared machine the wall clock mostly measures the wait for a core, this what a file costs.
double childCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Their page faults (on a virtual machine each costs tens of microseconds).
double childPageFaults()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_minflt + u.ru_majflt);
}

// The helpers' CPU per file, in ms, as a counter beside the parent's own CPU column, their page
// faults per file, and how many helpers were started per file. A helper's CPU is counted once it has ended: the kept ones are
// ended first (their start is shared by every file of the run).
struct ChildCpu {
    benchmark::State& state;
    double start = (stopImportHelpers(), childCpuSeconds());
    double faults = childPageFaults();
    uint64_t started = importHelpersStarted();
    ~ChildCpu()
    {
        stopImportHelpers();
        const double files = double(state.iterations());
        state.counters["helper_cpu_ms"] = (childCpuSeconds() - start) * 1e3 / files;
        state.counters["helper_faults"] = (childPageFaults() - faults) / files;
        state.counters["helpers_per_file"] = double(importHelpersStarted() - started) / files;
    }
};

void labelled(benchmark::State& state, int file)
{
    const std::string path = kFiles[file];
    state.SetLabel(path.substr(path.find_last_of('/') + 1));
}

void BM_ImportInProcess(benchmark::State& state)
{
    const std::vector<uint8_t> bytes = bytesOf(int(state.range(0)));
    for (auto _ : state)
        benchmark::DoNotOptimize(readWithAssimp(bytes, assimpFormatHint(bytes), "", true));
    labelled(state, int(state.range(0)));
}
BENCHMARK(BM_ImportInProcess)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

// The second argument: 1 the helper kept between files, 0 a helper started for each (as before the
// helper was kept, to compare under the same load).
void BM_ImportInHelper(benchmark::State& state)
{
    const std::vector<uint8_t> bytes = bytesOf(int(state.range(0)));
    const bool kept = state.range(1) == 1;
    const ChildCpu cpu{state};
    for (auto _ : state) {
        if (!kept)
            stopImportHelpers();
        benchmark::DoNotOptimize(importInChild({assimpFormatHint(bytes), "", true, bytes}, kFiles[state.range(0)]));
    }
    labelled(state, int(state.range(0)));
}
BENCHMARK(BM_ImportInHelper)->ArgsProduct({{0, 1, 2}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

// A file the helper refuses at once: range 0 starts a helper for each (its fixed cost: start, load
// Assimp, answer, end), range 1 asks the kept one (the request and answer alone).
void BM_ImportHelperStart(benchmark::State& state)
{
    const std::vector<uint8_t> bytes = {'g', 'l', 'T', 'F', 1, 0, 0, 0};
    const bool kept = state.range(0) == 1;
    const ChildCpu cpu{state};
    for (auto _ : state) {
        if (!kept)
            stopImportHelpers();
        try {
            importInChild({"glb", "", true, bytes}, "tiny.glb");
        } catch (const std::exception&) {
        }
    }
    state.SetLabel(kept ? "kept" : "started for each");
}
BENCHMARK(BM_ImportHelperStart)->DenseRange(0, 1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The answer's encoding and decoding alone.
void BM_ImportWire(benchmark::State& state)
{
    const std::vector<uint8_t> bytes = bytesOf(int(state.range(0)));
    const Scene scene = readWithAssimp(bytes, assimpFormatHint(bytes), "", true);
    for (auto _ : state)
        benchmark::DoNotOptimize(wire::decodeAnswer(wire::encodeScene(scene)));
    labelled(state, int(state.range(0)));
}
BENCHMARK(BM_ImportWire)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace bonescope
BENCHMARK_MAIN();
