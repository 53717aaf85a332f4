#pragma once
// How much of the error bound each bone may use, and at what distance it is measured. A bone's error
// moves everything below it, so a bone with children is held to a bound on the movement of any point
// within its reach (its own virtual points and, recursively, its children's), and to a share of the
// bound that leaves room for the animated bones below it: the animated bones on its way from the root
// over the animated bones on the longest such way through it. A bone without children is held to the
// whole bound at its own points. The error passed down is the one measured, not the shares, so what
// a parent leaves unused its children may use.
#include <vector>

#include "core/model/animation.h"
#include "core/playback/binding.h"
#include "core/reduction/bone_channels.h"
#include "core/reduction/reduce_in_hierarchy.h"
#include "core/model/skeleton.h"

namespace bonescope::reduction {

class HierarchyBudget {
public:
    HierarchyBudget(const Animation& anim, const Skeleton& skel, const Binding& binding, const std::vector<BoneRules>& rules,
                    const std::vector<int>& order, const HierarchyReduction& settings);

    // The virtual points' distance in the bone's own units (the setting over its rest world scale).
    double pointDistance(int bone) const { return distance_[size_t(bone)]; }
    // The farthest any point of the bone or below it comes from its origin, in its own units.
    double reach(int bone) const { return reach_[size_t(bone)]; }
    // The error the bone's reach (or, without children, its points) may move by.
    double limit(int bone) const { return limit_[size_t(bone)]; }

private:
    std::vector<double> distance_, reach_, limit_;
};

} // namespace bonescope::reduction
