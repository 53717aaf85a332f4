#pragma once
// Which track animates which skeleton bone, and how its keys combine with the rest pose.
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct Binding {
    std::vector<int> trackOfBone;        // per skeleton bone: track index or -1
    std::vector<BlendMode> blendOfBone;  // per skeleton bone
    std::vector<int> unmatchedTracks;    // tracks naming a bone the skeleton lacks

    // A track that names its bone by index (Track::bone, glTF) takes it when the bone has its name.
    // The others are matched to bones by name (exact first, then case-insensitive without namespaces; the
    // k-th track of a repeated name goes to the k-th bone of that name) and
    // resolves blend modifiers down the hierarchy: the bone's own modifier, else the nearest
    // ancestor's that reaches below (BlendModifier::Reach), else the animation's own mode; then the
    // mode overrides on their bones and every bone below them.
    // A translation channel with ChannelRules::offsetFromRest makes its bone's translation AddToRest.
    static Binding bind(const Animation& anim, const Skeleton& skeleton);
};

// A skeleton made from the animation's tracks when no other is available: one root bone per track,
// rest pose identity, so keys apply as they are.
Skeleton flatSkeleton(const Animation& anim);

} // namespace bonescope
