#pragma once
// Large synthetic animations for the benchmarks, built in memory with the project's own writer.
#include <cmath>

#include "core/model/animation.h"

namespace bonescope::bench {

// `bones` tracks, each with translation and rotation keys on every one of `frames` frames.
// `inFloat`: values rounded to float, which the key lists then hold in float as a file's would.
inline Animation makeAnimation(int bones, int frames, double fps = 30, bool inFloat = false)
{
    auto round = [inFloat](double v) { return inFloat ? double(float(v)) : v; };
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
            t.translation.keys.push_back({f / fps, {round(std::sin(x)), round(std::cos(x)), round(0.1 * b)}});
            const double angle = 0.02 * f + 0.1 * b;
            t.rotation.keys.push_back({f / fps, glm::dquat(round(std::cos(angle / 2)), round(std::sin(angle / 2)), 0, 0)});
        }
    }
    return a;
}

} // namespace bonescope::bench
