#pragma once
// An additive or relative animation played on a base instead of the skeleton's rest pose: the base's
// pose at the time (a base animation) or a held pose (a base frame), with the additive's tracks
// combined by their blend modes and a weight:
//   translation AddToRest: base + w * key        rotation AfterRest: slerp(identity, key, w) * base
//   translation Replace:   key (overrides)       rotation Replace:   key (overrides)
//   scale and visibility keys replace; a channel without keys (or not applied) keeps the base's value.
// The rotation order is the files' own rule (key * rest, FORMATS.md) with the base in place of rest.
#include <optional>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/model/pose.h"
#include "core/playback/sampler.h"
#include "core/model/skeleton.h"

namespace bonescope {

constexpr double kMinBaseWeight = 0.0;
constexpr double kMaxBaseWeight = 2.0;

struct BaseLayer {
    Animation animation;             // the base: any animation of any file, bound by bone name
    std::string label;               // what to show: "FILE" or "FILE:ANIMATION" (timeline, properties)
    std::optional<double> frameTime; // a base frame: the base's pose at this time (seconds), held
    double weight = 1.0;             // kMinBaseWeight..kMaxBaseWeight

    // The base's time at the additive's `time`: the held frame, else `time` within the base's length
    // and wrapped around past its end (the base loops under a longer additive).
    double baseTime(double time) const;
};

// Whether `w` is a weight a layer accepts (finite, in [kMinBaseWeight, kMaxBaseWeight]).
bool validBaseWeight(double w);

// The skeleton a layered animation plays on when no other is given: one root bone per track of the
// additive, then one per track of the base that names another bone (rest pose identity).
Skeleton flatLayerSkeleton(const Animation& additive, const Animation& base);

// A drawable pose from local transforms (one per skeleton bone), parents first in `order`.
void composePose(const Skeleton& skeleton, const std::vector<int>& order, const std::vector<LocalTransform>& locals,
                 Pose& out);

// Two animations sampled on one skeleton, the given one or, when it is empty, flatLayerSkeleton() of
// both: what layering and priority mixing (core/playback/priority_mix.h) share. The animations and the skeleton
// must outlive it; it holds samplers bound to its own skeleton, so it is neither copied nor moved.
class SamplerPair {
public:
    SamplerPair(const Animation& top, const Animation& base, const Skeleton& skeleton);
    SamplerPair(const SamplerPair&) = delete;
    SamplerPair& operator=(const SamplerPair&) = delete;

    void rebind(); // after editing either animation or the skeleton
    Sampler& top() { return top_; }
    Sampler& base() { return base_; }
    const Sampler& top() const { return top_; }
    const Sampler& base() const { return base_; }
    const Skeleton& skeleton() const { return top_.skeleton(); }
    // A drawable pose from local transforms of every skeleton bone.
    void compose(const std::vector<LocalTransform>& locals, Pose& out) const;

private:
    const Animation* topAnimation_;
    const Animation* baseAnimation_;
    const Skeleton* given_;
    Skeleton flat_; // before the samplers, which are bound to it
    Sampler top_;
    Sampler base_;
    std::vector<int> order_; // parents first
};

// Samples `additive` layered on `layer`. An empty skeleton means flatLayerSkeleton(). The animation,
// layer and skeleton must outlive the sampler; call rebind() after editing any of them.
class LayeredSampler {
public:
    LayeredSampler(const Animation& additive, const BaseLayer& layer, const Skeleton& skeleton);

    void rebind();
    // The layered local transforms of every skeleton bone, in double precision.
    void sampleLocal(double time, std::vector<LocalTransform>& out);
    // The same as a drawable pose (float locals, world matrices, visibility).
    void sample(double time, Pose& out);

    const Skeleton& skeleton() const { return pair_.skeleton(); }
    const Binding& binding() const { return pair_.top().binding(); }
    const Binding& baseBinding() const { return pair_.base().binding(); }

private:
    const BaseLayer* layer_;
    SamplerPair pair_; // the additive on top of the base
    std::vector<LocalTransform> under_, over_;
};

} // namespace bonescope
