// Key reduction through the hierarchy (issue 40's goal: a 500-bone, 6000-frame clip in under 2 s on
// one core), and playing the reduced clip against the unreduced one. The rig: a root with the
// translation, then chains of ten bones 5 cm apart (a body, fingers, face and prop bones), every
// bone rotating on every frame as mocap does (smooth turns with a little noise on them), in
// centimetres, reduced at 0.1 mm with points 3 cm out (bonescope-cli's defaults).
#include <benchmark/benchmark.h>

#include <cmath>

#include "core/reduction/reduce_in_hierarchy.h"
#include "core/playback/sampler.h"

namespace bonescope {
namespace {

constexpr int kBones = 500, kFrames = 6000;
constexpr double kFps = 120;

Skeleton chains()
{
    Skeleton s;
    Bone root;
    root.name = "root";
    root.restTranslation = {0, 100, 0};
    s.bones.push_back(root);
    while (s.size() < size_t(kBones)) {
        int parent = 0;
        for (int k = 0; k < 10 && s.size() < size_t(kBones); ++k) {
            Bone b;
            b.name = "bone_" + std::to_string(s.size());
            b.parent = parent;
            b.restTranslation = {0, 5, 0};
            parent = int(s.size());
            s.bones.push_back(b);
        }
    }
    return s;
}

Animation motion(const Skeleton& s)
{
    Animation a;
    a.fps = kFps;
    a.duration = (kFrames - 1) / kFps;
    uint32_t noise = 12345;
    auto jitter = [&] {
        noise = noise * 1664525u + 1013904223u;
        return (double(noise >> 8) / double(1u << 24) - 0.5) * 2e-5; // a mocap system's tremble, radians
    };
    for (size_t b = 0; b < s.size(); ++b) {
        Track t;
        t.name = s.bones[b].name;
        for (int f = 0; f < kFrames; ++f) {
            const double time = f / kFps, phase = 0.37 * double(b);
            const glm::dvec3 angles(0.3 * std::sin(2.1 * time + phase) + jitter(), 0.2 * std::sin(1.3 * time + 2 * phase) + jitter(),
                                    0.1 * std::sin(0.7 * time + phase) + jitter());
            t.rotation.keys.push_back({time, glm::dquat(angles)});
            if (b == 0)
                t.translation.keys.push_back({time, {50 * std::sin(0.5 * time), 100 + 3 * std::sin(4 * time), 80 * time}});
        }
        a.tracks.push_back(std::move(t));
    }
    return a;
}

const Skeleton& rig()
{
    static const Skeleton s = chains();
    return s;
}
const Animation& clip()
{
    static const Animation a = motion(rig());
    return a;
}
const Animation& reducedClip()
{
    static const Animation a = [] {
        Animation r = clip();
        reduceInHierarchy(r, rig(), {0.01, 3.0});
        return r;
    }();
    return a;
}

void BM_ReduceInHierarchy_500x6000(benchmark::State& state)
{
    HierarchyReductionResult r;
    for (auto _ : state) {
        state.PauseTiming();
        Animation a = clip();
        state.ResumeTiming();
        r = reduceInHierarchy(a, rig(), {0.01, 3.0});
        benchmark::DoNotOptimize(r);
    }
    state.counters["keys_before"] = double(r.keysBefore);
    state.counters["keys_after"] = double(r.keysAfter);
    state.counters["largest_error_mm"] = r.largestError * 10;
}
BENCHMARK(BM_ReduceInHierarchy_500x6000)->Unit(benchmark::kMillisecond)->Iterations(3);

// Every frame of the clip played once (the window's playback path, float poses).
void playAll(benchmark::State& state, const Animation& a)
{
    Sampler sampler(a, rig());
    Pose pose;
    for (auto _ : state) {
        for (int f = 0; f < kFrames; ++f)
            sampler.sample(f / kFps, pose);
        benchmark::DoNotOptimize(pose.world.data());
    }
    state.counters["keys"] = double(a.keyCount());
    state.counters["frames_per_s"] = benchmark::Counter(double(kFrames), benchmark::Counter::kIsIterationInvariantRate);
}
void BM_PlayUnreduced_500x6000(benchmark::State& state) { playAll(state, clip()); }
void BM_PlayReduced_500x6000(benchmark::State& state) { playAll(state, reducedClip()); }
BENCHMARK(BM_PlayUnreduced_500x6000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlayReduced_500x6000)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace bonescope
