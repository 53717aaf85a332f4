#pragma once
// Forward playback for the sampling benchmarks: one full pose per frame at 60 Hz, reported per bone.
#include <benchmark/benchmark.h>

#include "core/playback/sampler.h"

namespace bonescope::bench {

// Without a skeleton the bones hang flat (no parent); `skeleton` gives them one.
inline void samplePlayback(benchmark::State& state, const Animation& anim, const Skeleton& skeleton = Skeleton())
{
    Sampler sampler(anim, skeleton);
    Pose pose;
    double t = 0;
    const double dt = 1.0 / 60.0;
    for (auto _ : state) {
        sampler.sample(t, pose);
        benchmark::DoNotOptimize(pose.world.data());
        t += dt;
        if (t > anim.duration)
            t = 0;
    }
    const double bones = double(anim.tracks.size());
    state.SetItemsProcessed(int64_t(double(state.iterations()) * bones));
    state.counters["ns_per_bone"] = benchmark::Counter(double(state.iterations()) * bones,
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

} // namespace bonescope::bench
