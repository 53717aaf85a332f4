#include "core/playback/motion_trail.h"

#include <algorithm>
#include <cmath>

namespace bonescope {

std::vector<GhostTime> ghostTimes(double now, double fps, double duration, int count, int stepFrames)
{
    std::vector<GhostTime> out;
    if (!(fps > 0) || !std::isfinite(duration) || stepFrames <= 0)
        return out;
    // A ghost within a thousandth of a frame of an end is on it (times from frame numbers round).
    const double slack = 1e-3 / fps;
    for (int sign : {-1, 1})
        for (int k = 1; k <= count; ++k) {
            const double t = now + sign * double(k) * double(stepFrames) / fps;
            if (t < -slack || t > duration + slack)
                break;
            out.push_back({std::clamp(t, 0.0, std::max(duration, 0.0)), sign * k});
        }
    return out;
}

std::vector<double> pathSampleTimes(double fps, double duration, size_t maxSamples)
{
    std::vector<double> times;
    if (!(fps > 0) || !std::isfinite(duration) || duration < 0 || maxSamples < 2)
        return times;
    const long long frames = std::llround(duration * fps) + 1;
    const long long stride = std::max(1LL, (frames - 1 + (long long)maxSamples - 2) / ((long long)maxSamples - 1));
    for (long long f = 0; f < frames; f += stride)
        times.push_back(std::min(double(f) / fps, duration));
    if ((frames - 1) % stride != 0)
        times.push_back(std::min(double(frames - 1) / fps, duration));
    return times;
}

std::vector<std::vector<glm::vec3>> samplePaths(const PoseAt& poseAt, const std::vector<int>& bones,
                                                const std::vector<double>& times)
{
    std::vector<std::vector<glm::vec3>> paths(bones.size());
    for (auto& p : paths)
        p.reserve(times.size());
    Pose pose;
    for (double t : times) {
        poseAt(t, pose);
        for (size_t i = 0; i < bones.size(); ++i) {
            const int b = bones[i];
            paths[i].push_back(b >= 0 && size_t(b) < pose.world.size() ? glm::vec3(pose.world[b][3]) : glm::vec3(0.f));
        }
    }
    return paths;
}

} // namespace bonescope
