#pragma once
// A heavy rig for the playback benchmark: 20 chains of 25 bones (501 with the root) skinned by
// 50,000 vertices, and a wave animation keyed on every frame of every bone.
#include "core/model/animation.h"
#include "tools/demo/demo_character.h"

namespace bonescope::demo {

Character buildStressRig();
Animation buildStressWave(const Skeleton& rig);

} // namespace bonescope::demo
