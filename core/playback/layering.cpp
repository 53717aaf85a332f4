#include "core/playback/layering.h"

#include <cmath>

namespace bonescope {

namespace {

// q^w: the same axis, w times the angle (shortest way); w above 1 goes further along it.
glm::dquat power(glm::dquat q, double w)
{
    if (q.w < 0)
        q = -q;
    const glm::dvec3 v(q.x, q.y, q.z);
    const double s = glm::length(v);
    if (s == 0)
        return {1, 0, 0, 0};
    const double half = std::atan2(s, q.w) * w;
    const glm::dvec3 axis = v / s * std::sin(half);
    return {std::cos(half), axis.x, axis.y, axis.z};
}

} // namespace

double BaseLayer::baseTime(double time) const
{
    if (frameTime)
        return *frameTime;
    const double length = animation.duration;
    if (!(length > 0) || time <= length)
        return time;
    return std::fmod(time, length);
}

bool validBaseWeight(double w) { return std::isfinite(w) && w >= kMinBaseWeight && w <= kMaxBaseWeight; }

Skeleton flatLayerSkeleton(const Animation& additive, const Animation& base)
{
    Skeleton s = flatSkeleton(additive);
    for (const Track& t : base.tracks) {
        if (s.find(t.name) >= 0)
            continue;
        Bone bone;
        bone.name = t.name;
        bone.flags = t.flags;
        s.bones.push_back(std::move(bone));
    }
    return s;
}

SamplerPair::SamplerPair(const Animation& top, const Animation& base, const Skeleton& skeleton)
    : topAnimation_(&top), baseAnimation_(&base), given_(&skeleton),
      flat_(skeleton.empty() ? flatLayerSkeleton(top, base) : Skeleton{}), top_(top, skeleton.empty() ? flat_ : skeleton),
      base_(base, skeleton.empty() ? flat_ : skeleton)
{
    rebind();
}

void SamplerPair::rebind()
{
    if (given_->empty())
        flat_ = flatLayerSkeleton(*topAnimation_, *baseAnimation_);
    top_.rebind();
    base_.rebind();
    order_ = skeleton().evaluationOrder().value_or(std::vector<int>{});
}

void SamplerPair::compose(const std::vector<LocalTransform>& locals, Pose& out) const
{
    composePose(skeleton(), order_, locals, out);
}

LayeredSampler::LayeredSampler(const Animation& additive, const BaseLayer& layer, const Skeleton& skeleton)
    : layer_(&layer), pair_(additive, layer.animation, skeleton)
{
}

void LayeredSampler::rebind() { pair_.rebind(); }

void LayeredSampler::sampleLocal(double time, std::vector<LocalTransform>& out)
{
    pair_.base().sampleLocal(layer_->baseTime(time), under_);
    pair_.top().sampleLocalOn(time, under_, out);
    const double w = layer_->weight;
    if (w == 1.0)
        return;
    const Binding& b = pair_.top().binding();
    for (size_t i = 0; i < out.size(); ++i) {
        if (b.trackOfBone[i] < 0)
            continue;
        const BlendMode mode = b.blendOfBone[i];
        const LocalTransform& base = under_[i];
        LocalTransform& x = out[i];
        if (mode.translation == TranslationBlend::AddToRest)
            x.translation = base.translation + w * (x.translation - base.translation);
        if (mode.rotation == RotationBlend::AfterRest)
            x.rotation = power(x.rotation * glm::inverse(base.rotation), w) * base.rotation;
    }
}

void LayeredSampler::sample(double time, Pose& out)
{
    sampleLocal(time, over_);
    pair_.compose(over_, out);
}

void composePose(const Skeleton& skeleton, const std::vector<int>& order, const std::vector<LocalTransform>& locals,
                 Pose& out)
{
    out.resize(locals.size());
    for (int i : order) {
        const LocalTransform& x = locals[i];
        BoneTransform& local = out.local[i];
        local.translation = glm::vec3(x.translation);
        local.rotation = glm::quat(x.rotation);
        local.scale = glm::vec3(x.scale);
        out.visible[i] = x.visible >= 0.5 ? 1 : 0;
        const int parent = skeleton.bones[i].parent;
        out.world[i] = parent >= 0 ? out.world[parent] * toMatrix(local) : toMatrix(local);
    }
}

} // namespace bonescope
