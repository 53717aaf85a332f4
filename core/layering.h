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

#include "core/animation.h"
#include "core/pose.h"
#include "core/sampler.h"
#include "core/skeleton.h"

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

    const Skeleton& skeleton() const { return additive_.skeleton(); }
    const Binding& binding() const { return additive_.binding(); }
    const Binding& baseBinding() const { return base_.binding(); }

private:
    const Animation* anim_;
    const BaseLayer* layer_;
    const Skeleton* given_;
    Skeleton flat_;
    Sampler additive_;
    Sampler base_;
    std::vector<int> order_;
    std::vector<LocalTransform> under_, over_;
};

} // namespace bonescope
