#include "core/playback/priority_mix.h"

#include "core/playback/layering.h"
#include "core/playback/playback_time.h"

namespace bonescope {

int MotionPriorities::ofTrack(size_t track) const
{
    if (track >= joints.size() || joints[track] == kUseMotionPriority)
        return motion;
    return joints[track];
}

double PriorityBase::baseTime(double time) const { return animationTime(time, animation); }

const char* mixSourceName(MixSource s)
{
    switch (s) {
    case MixSource::Animation: return "animation";
    case MixSource::Base: return "base";
    case MixSource::Rest: break;
    }
    return "rest";
}

namespace {

// The winner of one channel: the motion that keys it at the higher priority; a tie goes to the one
// started last.
MixSource winner(bool animKeys, int animPriority, bool baseKeys, int basePriority, bool baseStartedLast)
{
    if (animKeys && baseKeys) {
        if (animPriority != basePriority)
            return animPriority > basePriority ? MixSource::Animation : MixSource::Base;
        return baseStartedLast ? MixSource::Base : MixSource::Animation;
    }
    return animKeys ? MixSource::Animation : baseKeys ? MixSource::Base : MixSource::Rest;
}

} // namespace

std::vector<JointDrivers> mixDrivers(const Animation& anim, const MotionPriorities& priorities, const Binding& binding,
                                     const PriorityBase& base, const Binding& baseBinding)
{
    std::vector<JointDrivers> out(binding.trackOfBone.size());
    for (size_t b = 0; b < out.size(); ++b) {
        JointDrivers& d = out[b];
        const int t = binding.trackOfBone[b];
        const int u = b < baseBinding.trackOfBone.size() ? baseBinding.trackOfBone[b] : -1;
        const Track* mine = t >= 0 ? &anim.tracks[t] : nullptr;
        const Track* theirs = u >= 0 ? &base.animation.tracks[u] : nullptr;
        if (mine)
            d.animationPriority = priorities.ofTrack(size_t(t));
        if (theirs)
            d.basePriority = base.priorities.ofTrack(size_t(u));
        d.rotation = winner(mine && !mine->rotation.empty(), d.animationPriority, theirs && !theirs->rotation.empty(),
                            d.basePriority, base.startedLast);
        d.translation = winner(mine && !mine->translation.empty(), d.animationPriority,
                               theirs && !theirs->translation.empty(), d.basePriority, base.startedLast);
    }
    return out;
}

PriorityMixSampler::PriorityMixSampler(const Animation& anim, MotionPriorities priorities, const PriorityBase& base,
                                       const Skeleton& skeleton)
    : animation_(&anim), priorities_(std::move(priorities)), baseMotion_(&base), pair_(anim, base.animation, skeleton)
{
    drivers_ = mixDrivers(*animation_, priorities_, binding(), *baseMotion_, baseBinding());
}

void PriorityMixSampler::setPriorities(MotionPriorities priorities)
{
    priorities_ = std::move(priorities);
    rebind();
}

void PriorityMixSampler::rebind()
{
    pair_.rebind();
    drivers_ = mixDrivers(*animation_, priorities_, binding(), *baseMotion_, baseBinding());
}

void PriorityMixSampler::sampleLocal(double time, std::vector<LocalTransform>& out)
{
    pair_.top().sampleLocal(time, out);
    pair_.base().sampleLocal(baseMotion_->baseTime(time), under_);
    // The animation's sample holds the rest value in every channel it does not key.
    for (size_t b = 0; b < out.size(); ++b) {
        if (drivers_[b].rotation == MixSource::Base)
            out[b].rotation = under_[b].rotation;
        if (drivers_[b].translation == MixSource::Base)
            out[b].translation = under_[b].translation;
    }
}

void PriorityMixSampler::sample(double time, Pose& out)
{
    sampleLocal(time, over_);
    pair_.compose(over_, out);
}

} // namespace bonescope
