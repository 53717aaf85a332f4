#pragma once
// Turns (animation, skeleton, time) into a Pose. Keeps each channel's current segment so that
// sampling successive times during playback neither searches the keys nor redoes the trigonometry.
// Call rebind() after any edit of the animation (keys, tracks) or of the skeleton.
#include <vector>

#include "core/animation.h"
#include "core/binding.h"
#include "core/pose.h"
#include "core/segment_cache.h"
#include "core/skeleton.h"

namespace bonescope {

class Sampler {
public:
    // An empty skeleton means "none": the animation plays on flatSkeleton(anim).
    // Both must outlive the sampler.
    Sampler(const Animation& anim, const Skeleton& skeleton);

    void rebind();
    void sample(double time, Pose& out);
    // The local transforms of every skeleton bone in double precision (baking and conversion,
    // where float rounding would show in a round trip). Resizes `out` to the skeleton.
    void sampleLocal(double time, std::vector<LocalTransform>& out);

    const Skeleton& skeleton() const { return *skeleton_; }
    const Binding& binding() const { return binding_; }
    const Animation& animation() const { return *anim_; }

private:
    struct Cursors {
        ValueCache<glm::dvec3> translation, scale;
        RotationCache rotation;
        StepCache visibility;
    };
    // One bone's work, in evaluation order, with everything the hot loop reads kept together.
    struct BoneJob {
        int bone = 0, parent = -1;
        const Track* track = nullptr; // null: the bone stays at rest
        BlendMode mode;
        glm::dvec3 restTranslation{0.0};
        glm::dquat restRotation{1, 0, 0, 0};
        glm::dvec3 restScale{1.0};
        BoneTransform rest; // the same in float, for bones no track moves
        Cursors cursors;
    };
    LocalTransform evalLocal(BoneJob& job, double time);

    const Animation* anim_;
    const Skeleton* given_;
    Skeleton flat_;
    const Skeleton* skeleton_ = nullptr;
    Binding binding_;
    std::vector<BoneJob> jobs_;
    bool convert_ = false; // the animation's KeyConvention is not the identity
};

} // namespace bonescope
