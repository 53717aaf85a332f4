#include "core/compare/animation_compare.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/playback/binding.h"
#include "core/compare/bone_pairs.h"
#include "core/compare/sample_times.h"
#include "core/retarget/limb_error.h"
#include "core/retarget/posed_rig.h"
#include "core/retarget/rig_pairing.h"
#include "core/playback/sampler.h"

namespace bonescope {

namespace {

// The angle of the rotation between two orientations, in degrees: atan2 keeps hundredths of a
// degree exact where acos of a dot product near 1 would round them away.
double degreesBetween(const glm::dquat& a, const glm::dquat& b)
{
    if (a == b)
        return 0; // exactly: a file against itself is zero, not a rounding of it
    const glm::dquat d = glm::inverse(glm::normalize(a)) * glm::normalize(b);
    return glm::degrees(2 * std::atan2(glm::length(glm::dvec3(d.x, d.y, d.z)), std::abs(d.w)));
}

struct Accumulator {
    Extreme e;
    double sum = 0;
    void add(double v, double time)
    {
        sum += v;
        if (v > e.max) {
            e.max = v;
            e.worstTime = time;
        }
    }
    Extreme done(size_t n) const
    {
        Extreme out = e;
        out.mean = n ? sum / double(n) : 0;
        return out;
    }
};

// How many of `mine` have none of `theirs` within a microsecond (both ascending).
size_t unmatchedTimes(const std::vector<double>& mine, const std::vector<double>& theirs)
{
    size_t n = 0, j = 0;
    for (double t : mine) {
        while (j < theirs.size() && theirs[j] < t - 1e-6)
            ++j;
        if (j == theirs.size() || theirs[j] > t + 1e-6)
            ++n;
    }
    return n;
}

// The rest pose's extent along up (Y), or its largest extent when it lies flat.
double restHeight(const Skeleton& s)
{
    if (s.empty())
        return 0;
    glm::dvec3 lo(HUGE_VAL), hi(-HUGE_VAL);
    const auto world = s.restWorld();
    for (size_t i = 0; i < s.size(); ++i) {
        if (s.bones[i].isHelper())
            continue;
        const glm::dvec3 p(world[i][3]);
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    if (!(hi.y >= lo.y))
        return 0;
    const glm::dvec3 size = hi - lo;
    return size.y > 1e-9 * (size.x + size.z) && size.y > 0 ? size.y : std::max({size.x, size.y, size.z});
}

// What both kinds of comparison share: the times, the timing, the options.
AnimationComparison begin(const Animation& a, const Animation& b, const CompareOptions& o)
{
    AnimationComparison c;
    c.times = o.times.empty() ? comparisonTimes(a, b) : o.times;
    c.rate = finerRate(a, b);
    c.withinDegrees = o.withinDegrees;
    c.withinPosition = o.withinPosition;
    c.withinSeconds = o.withinSeconds;
    const std::vector<double> ka = clipKeyTimes(a), kb = clipKeyTimes(b);
    c.timing = {a.duration, b.duration, a.fps, b.fps, ka.size(), kb.size(), unmatchedTimes(ka, kb), unmatchedTimes(kb, ka)};
    return c;
}

} // namespace

double AnimationComparison::maxLocalDegrees() const
{
    double m = 0;
    for (const BoneDifference& d : bones)
        m = std::max(m, d.local.max);
    return m;
}

double AnimationComparison::maxWorldDegrees() const
{
    double m = limbs ? limbs->max : 0;
    if (limbs)
        for (const LimbError& l : limbs->limbs)
            m = std::max(m, l.max);
    for (const BoneDifference& d : bones)
        m = std::max(m, d.world.max);
    return m;
}

double AnimationComparison::maxPosition() const
{
    double m = 0;
    for (const BoneDifference& d : bones)
        m = std::max(m, d.position.max);
    return m;
}

const BoneDifference* AnimationComparison::worstBone() const
{
    const BoneDifference* worst = nullptr;
    double score = 0;
    for (const BoneDifference& d : bones) {
        // Each measure against its bound, so that degrees and millimetres weigh alike.
        const double s = std::max({d.local.max / std::max(withinDegrees, 1e-12), d.world.max / std::max(withinDegrees, 1e-12),
                                   d.position.max / std::max(withinPosition, 1e-12)});
        if (s > score) {
            score = s;
            worst = &d;
        }
    }
    return worst;
}

bool AnimationComparison::durationDiffers() const
{
    return std::abs(timing.durationA - timing.durationB) > withinSeconds;
}

bool AnimationComparison::within() const
{
    // Two rigs have bones the other lacks by nature: listed, not counted.
    return (limbs || (onlyInA.empty() && onlyInB.empty())) && !durationDiffers() && maxLocalDegrees() <= withinDegrees &&
           maxWorldDegrees() <= withinDegrees && maxPosition() <= withinPosition;
}

long long AnimationComparison::frameOf(double time) const { return std::llround(time * rate); }

double AnimationComparison::percentOfHeight(double value) const { return height > 0 ? 100 * value / height : 0; }

AnimationComparison compareAnimations(const Animation& a, const Skeleton& skeletonA, const Animation& b,
                                      const Skeleton& skeletonB, const CompareOptions& o)
{
    AnimationComparison c = begin(a, b, o);
    Sampler sa(a, skeletonA), sb(b, skeletonB);
    const Skeleton &ka = sa.skeleton(), &kb = sb.skeleton();
    const std::vector<int> orderA = ka.evaluationOrderOr("cannot compare: the skeleton of the first file is broken");
    const std::vector<int> orderB = kb.evaluationOrderOr("cannot compare: the skeleton of the second file is broken");
    const BonePairs pairs = pairBones(ka, a, kb, b);
    c.onlyInA = pairs.onlyInA;
    c.onlyInB = pairs.onlyInB;
    c.height = restHeight(ka) * o.reportUnit;

    std::vector<int> compared;
    for (size_t i = 0; i < ka.size(); ++i)
        if (pairs.bOfA[i] >= 0)
            compared.push_back(int(i));
    std::vector<Accumulator> local(compared.size()), world(compared.size()), position(compared.size());
    std::vector<LocalTransform> la, lb;
    PosedRig pa, pb;
    for (double t : c.times) {
        sa.sampleLocal(t, la);
        sb.sampleLocal(t, lb);
        pa.compute(ka, orderA, la);
        pb.compute(kb, orderB, lb);
        for (size_t n = 0; n < compared.size(); ++n) {
            const size_t i = size_t(compared[n]), j = size_t(pairs.bOfA[i]);
            local[n].add(degreesBetween(la[i].rotation, lb[j].rotation), t);
            world[n].add(degreesBetween(pa.rotation[i], pb.rotation[j]), t);
            position[n].add(glm::length(pa.at(int(i)) - o.bToA * pb.at(int(j))) * o.reportUnit, t);
        }
    }
    for (size_t n = 0; n < compared.size(); ++n) {
        const int i = compared[n];
        c.bones.push_back({ka.bones[size_t(i)].name, i, pairs.bOfA[size_t(i)], local[n].done(c.times.size()),
                           world[n].done(c.times.size()), position[n].done(c.times.size())});
    }
    return c;
}

AnimationComparison compareRigs(const Animation& a, const Skeleton& skeletonA, const Animation& b,
                                const Skeleton& skeletonB, const BoneMap& map, RetargetMode mode,
                                const CompareOptions& o, UpAxis up)
{
    AnimationComparison c = begin(a, b, o);
    Sampler sa(a, skeletonA), sb(b, skeletonB);
    const Skeleton &ka = sa.skeleton(), &kb = sb.skeleton();
    c.height = restHeight(ka) * o.reportUnit;
    const RigPairing pairing = pairRigs(ka, kb, map, mode, up);
    LimbMeasure measure(limbSpecs(pairing, kb), pairing.C, mode, pairing.srcRef, pairing.tgtRef);
    std::vector<LocalTransform> la, lb;
    PosedRig pa, pb;
    for (double t : c.times) {
        sa.sampleLocal(t, la);
        sb.sampleLocal(t, lb);
        pa.compute(ka, pairing.srcOrder, la);
        pb.compute(kb, pairing.tgtOrder, lb);
        measure.add(t, pa, pb);
    }
    std::vector<std::string> names;
    for (const Bone& bone : kb.bones)
        names.push_back(bone.name);
    c.limbs.emplace();
    measure.finish(*c.limbs, names);
    for (size_t s = 0; s < ka.size(); ++s)
        if (pairing.tgtOf[s] < 0)
            c.onlyInA.push_back(ka.bones[s].name);
    for (size_t t = 0; t < kb.size(); ++t)
        if (pairing.srcOf[t] < 0)
            c.onlyInB.push_back(kb.bones[t].name);
    return c;
}

} // namespace bonescope
