#include "core/retarget/limb_error.h"

#include <algorithm>
#include <cmath>

#include "core/retarget/rig_frame.h"

namespace bonescope {

namespace {

double angleBetween(const glm::dvec3& a, const glm::dvec3& b)
{
    const double la = glm::length(a), lb = glm::length(b);
    if (la < 1e-12 || lb < 1e-12)
        return 0;
    return glm::degrees(std::acos(std::clamp(glm::dot(a, b) / (la * lb), -1.0, 1.0)));
}

double angleBetween(const glm::dquat& a, const glm::dquat& b)
{
    return glm::degrees(2 * std::acos(std::clamp(std::abs(glm::dot(glm::normalize(a), glm::normalize(b))), 0.0, 1.0)));
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const size_t m = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + m, v.end());
    return v[m];
}

} // namespace

LimbMeasure::LimbMeasure(std::vector<LimbSpec> specs, const glm::dquat& sourceToTarget, RetargetMode mode,
                         const PosedRig& sourceReference, const PosedRig& targetReference)
    : specs_(std::move(specs)), c_(sourceToTarget), mode_(mode), sourceRef_(sourceReference), targetRef_(targetReference),
      errors_(specs_.size())
{
}

void LimbMeasure::reserve(size_t samples)
{
    times_.reserve(samples);
    for (auto& e : errors_)
        e.reserve(samples);
}

void LimbMeasure::add(double time, const PosedRig& source, const PosedRig& result)
{
    times_.push_back(time);
    for (size_t i = 0; i < specs_.size(); ++i) {
        const LimbSpec& s = specs_[i];
        // The source's change of world orientation from its reference, in the target's world.
        const glm::dquat delta = c_ * source.rotation[size_t(s.source)] * glm::inverse(sourceRef_.rotation[size_t(s.source)]) *
                                 glm::inverse(c_);
        double e = 0;
        if (s.targetChild < 0) {
            const glm::dquat mine = result.rotation[size_t(s.target)] *
                                    glm::inverse(s.align * targetRef_.rotation[size_t(s.target)]);
            e = angleBetween(mine, delta);
        } else {
            const glm::dvec3 got = result.at(s.targetChild) - result.at(s.target);
            const glm::dvec3 now = c_ * (source.at(s.sourceChild) - source.at(s.source));
            const glm::dvec3 rest = targetRef_.at(s.targetChild) - targetRef_.at(s.target);
            glm::dvec3 want = now;
            if (mode_ == RetargetMode::KeepRest)
                want = s.chain ? rotationBetween(c_ * (sourceRef_.at(s.sourceChild) - sourceRef_.at(s.source)), now) * rest
                               : delta * rest;
            e = angleBetween(got, want);
        }
        errors_[i].push_back(e);
    }
}

void LimbMeasure::finish(RetargetReport& report, const std::vector<std::string>& targetNames) const
{
    std::vector<double> pooled;
    report.frames = int(times_.size());
    for (size_t i = 0; i < specs_.size(); ++i) {
        const auto& e = errors_[i];
        if (e.empty())
            continue;
        LimbError l;
        l.limb = specs_[i].limb;
        l.bone = targetNames[size_t(specs_[i].target)];
        l.orientation = specs_[i].targetChild < 0;
        l.median = median(e);
        const auto worst = std::max_element(e.begin(), e.end());
        l.max = *worst;
        l.worstTime = times_[size_t(worst - e.begin())];
        if (!l.orientation)
            pooled.insert(pooled.end(), e.begin(), e.end());
        report.limbs.push_back(std::move(l));
    }
    report.median = median(pooled);
    report.max = pooled.empty() ? 0 : *std::max_element(pooled.begin(), pooled.end());
}

} // namespace bonescope
