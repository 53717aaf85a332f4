#pragma once
// Where a figure was and will be, for onion skinning and motion paths: the times of the ghosts drawn
// around the current time, and the world positions of bones over a clip. Both sample through a pose
// source the caller gives (a Sampler of its own, so that the playback sampler's cursors stay where
// playback is).
#include <cstddef>
#include <functional>
#include <vector>

#include <glm/vec3.hpp>

#include "core/model/pose.h"

namespace bonescope {

// A ghost `offset` steps before (negative) or after (positive) the current time.
struct GhostTime {
    double time = 0;
    int offset = 0;
};

// Up to `count` ghosts on each side of `now`, `stepFrames` frames of `fps` apart, nearest first on
// each side (before, then after). Ghosts that would fall outside [0, duration] are left out: the
// clip does not go on past its ends.
std::vector<GhostTime> ghostTimes(double now, double fps, double duration, int count, int stepFrames);

// A path sample per frame at most this many per bone: a longer clip is sampled every few frames.
constexpr size_t kMaxPathSamples = 2000;

// The times a path is sampled at: every frame of the clip (frame f at f / fps, the last at the
// duration), or every n-th frame when there are more than `maxSamples`, the last frame always kept.
std::vector<double> pathSampleTimes(double fps, double duration, size_t maxSamples = kMaxPathSamples);

using PoseAt = std::function<void(double seconds, Pose& out)>;

// Per bone of `bones` (in that order), its world position at each of `times`.
std::vector<std::vector<glm::vec3>> samplePaths(const PoseAt& poseAt, const std::vector<int>& bones,
                                                const std::vector<double>& times);

} // namespace bonescope
