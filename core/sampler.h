#pragma once
// Turns (animation, skeleton, time) into a Pose. Keeps per-channel cursors so that sampling
// successive times during playback does not search the keys again.
#include <vector>

#include "core/animation.h"
#include "core/binding.h"
#include "core/pose.h"
#include "core/skeleton.h"

namespace bonescope {

class Sampler {
public:
    // An empty skeleton means "none": the animation plays on flatSkeleton(anim).
    // Both must outlive the sampler; call rebind() after tracks or bones are added or removed.
    Sampler(const Animation& anim, const Skeleton& skeleton);

    void rebind();
    void sample(double time, Pose& out);

    const Skeleton& skeleton() const { return *skeleton_; }
    const Binding& binding() const { return binding_; }
    const Animation& animation() const { return *anim_; }

private:
    struct Cursors {
        uint32_t translation = 0, rotation = 0, scale = 0, visibility = 0;
    };
    const Animation* anim_;
    const Skeleton* given_;
    Skeleton flat_;
    const Skeleton* skeleton_ = nullptr;
    Binding binding_;
    std::vector<int> order_;
    std::vector<Cursors> cursors_;
};

} // namespace bonescope
