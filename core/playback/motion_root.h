#pragma once
// The bone whose travel over the ground a camera follows (View > Root motion > Follow, the retarget
// previews): the first bone, parents first, whose track moves it.
#include "core/model/animation.h"
#include "core/model/skeleton.h"
#include "core/playback/binding.h"

namespace bonescope {

// The first bone in `skeleton`'s evaluation order whose track (by `binding`) has translation keys;
// -1 when none moves.
int motionRoot(const Skeleton& skeleton, const Binding& binding, const Animation& animation);

} // namespace bonescope
