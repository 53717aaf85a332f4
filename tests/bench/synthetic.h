#pragma once
// Large synthetic animations for the benchmarks, built in memory with the project's own writer.
#include <cmath>

#include "core/animation.h"

namespace bonescope::bench {

// `bones` tracks, each with translation and rotation keys on every one of `frames` frames.
inline Animation makeAnimation(int bones, int frames, double fps = 30)
{
    Animation a;
    a.fps = fps;
    a.duration = (frames - 1) / fps;
    a.tracks.resize(bones);
    for (int b = 0; b < bones; ++b) {
        Track& t = a.tracks[b];
        t.name = "bone_" + std::to_string(b);
        t.translation.keys.reserve(frames);
        t.rotation.keys.reserve(frames);
        for (int f = 0; f < frames; ++f) {
            const double x = 0.01 * f + b;
            t.translation.keys.push_back({f / fps, {std::sin(x), std::cos(x), 0.1 * b}});
            const double angle = 0.02 * f + 0.1 * b;
            t.rotation.keys.push_back({f / fps, glm::dquat(std::cos(angle / 2), std::sin(angle / 2), 0, 0)});
        }
    }
    return a;
}

} // namespace bonescope::bench
