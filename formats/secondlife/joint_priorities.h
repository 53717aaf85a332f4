#pragma once
// A Second Life animation's priorities as a person sees them: the base priority and each joint's own
// (-1: the base), what each joint plays at, and applying the base to the joints. A joint with its own
// priority ignores the base, so raising the base of a file whose joints all say 3 changes nothing
// in-world until the joints follow it.
#include <cstddef>
#include <optional>
#include <vector>

#include "core/model/animation.h"
#include "formats/secondlife/secondlife_extra.h"

namespace bonescope::secondlife {

// Each track's own priority (-1: the base), in track order.
std::vector<int> ownPriorities(const Animation& a, const SecondLifeExtra& e);

// What a joint with own priority `own` plays at under `base`, as the viewer plays it (7 and above: 6).
int playedPriority(int own, int base);

// How many tracks play at another priority than the base.
size_t jointsAwayFromBase(const Animation& a, const SecondLifeExtra& e);

// Sets the joints' priorities to the base priority: every joint, or with `from` only those whose own
// priority was `from` (the base before a change). One joint entry per track, in track order, as the
// writer reads them; joints at -1 follow the base already and stay. Returns how many joints changed.
size_t applyBaseToJoints(const Animation& a, SecondLifeExtra& e, std::optional<int> from = std::nullopt);

} // namespace bonescope::secondlife
