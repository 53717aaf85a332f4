#include "tests/formats/convert_pose_compare.h"

#include <cmath>

#include "formats/compare/compare_scenes.h"

namespace bonescope::test {

AnimationComparison compareConverted(const Scene& a, const Scene& b, const std::vector<double>& times, const Skeleton& fallback)
{
    const Skeleton* f = fallback.empty() ? nullptr : &fallback;
    const Scene ca = commonClip(a, f), cb = commonClip(b, f);
    CompareOptions o;
    o.times = times;
    return compareAnimations(ca.animations[0], ca.skeleton, cb.animations[0], cb.skeleton, o);
}

PoseDifference comparePoses(const Scene& a, const Scene& b, const std::vector<double>& times, const Skeleton& fallback)
{
    const AnimationComparison c = compareConverted(a, b, times, fallback);
    PoseDifference d;
    d.bonesCompared = c.bones.size();
    d.maxDegrees = c.maxLocalDegrees();
    d.maxPosition = c.maxPosition();
    if (const BoneDifference* w = c.worstBone()) {
        d.worstBone = w->name;
        d.worstTime = w->local.max >= w->position.max ? w->local.worstTime : w->position.worstTime;
    }
    return d;
}

std::vector<double> comparisonTimes(const Animation& a)
{
    std::vector<double> out;
    const double fps = a.fps > 0 ? a.fps : 30;
    const long long last = std::llround(a.duration * fps);
    for (double f : {0.0, 0.25, 0.5, 0.75, 1.0})
        out.push_back(double(std::llround(f * double(last))) / fps);
    if (last >= 3) {
        out.push_back(1.0 / fps);
        out.push_back(double(last - 1) / fps);
    }
    return out;
}

void toRate(Animation& a, double fps)
{
    const double k = a.fps / fps;
    for (Track& t : a.tracks) {
        for (size_t i = 0; i < t.translation.size(); ++i)
            t.translation.keys.setTime(i, t.translation.keys.time(i) * k);
        for (size_t i = 0; i < t.rotation.size(); ++i)
            t.rotation.keys.setTime(i, t.rotation.keys.time(i) * k);
    }
    a.duration *= k;
    a.fps = fps;
}

} // namespace bonescope::test
