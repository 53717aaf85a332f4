// BM_SamplePlayback500's forward playback for instruction counts, which unlike wall-clock time do
// not move when the machine is shared:
//   valgrind --tool=callgrind --toggle-collect='*playForward*' build/bin/bonescope_playback_count [samples [float]]
// then divide callgrind's "Collected" by the bone-samples this prints. One loop of the clip is played
// before the counted part, so that every rotation segment is prepared (as in a looping playback).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/playback/sampler.h"
#include "synthetic.h"

using namespace bonescope;

namespace {

[[gnu::noinline]] double play(Sampler& sampler, Pose& pose, double duration, int samples)
{
    double t = 0, sum = 0;
    for (int i = 0; i < samples; ++i) {
        sampler.sample(t, pose);
        sum += pose.world.back()[3].x;
        t += 1.0 / 60.0;
        if (t > duration)
            t = 0;
    }
    return sum;
}

[[gnu::noinline]] double playForward(Sampler& sampler, Pose& pose, double duration, int samples)
{
    return play(sampler, pose, duration, samples);
}

} // namespace

int main(int argc, char** argv)
{
    const int samples = argc > 1 ? std::atoi(argv[1]) : 1200; // two loops of the 10 s clip at 60 Hz
    // "float": keys held in float, as BM_SamplePlayback500FromFile reads them from a file.
    const bool inFloat = argc > 2 && std::string(argv[2]) == "float";
    const Animation anim = bench::makeAnimation(500, 300, 30, inFloat);
    if (anim.tracks[0].rotation.keys.inFloat() != inFloat)
        return 1;
    Skeleton none;
    Sampler sampler(anim, none);
    Pose pose;
    play(sampler, pose, anim.duration, 600);
    const double sum = playForward(sampler, pose, anim.duration, samples);
    std::printf("%lld bone-samples (checksum %g)\n", (long long)samples * 500, sum);
}
