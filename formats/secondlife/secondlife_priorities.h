#pragma once
// Second Life motions for priority mixing (core/playback/priority_mix.h): the priorities a .anim plays at, and
// the base motions Bonescope ships to preview an animation over (stand, walk, sit, fly; made by
// tools/sl_bases/, compiled in from resources/secondlife/).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/animation.h"
#include "core/playback/priority_mix.h"

namespace bonescope::secondlife {

// The motion's base priority and each joint's, as the viewer plays them: 7 and above clamped to 6.
// An animation without Second Life data plays at the writer's default base priority.
MotionPriorities motionPriorities(const Animation& anim);

// The names of the shipped base motions, in menu order: stand, walk, sit, fly.
const std::vector<std::string>& baseMotionNames();
// A shipped base motion's .anim bytes; empty for an unknown name.
std::span<const uint8_t> baseMotionBytes(std::string_view name);

// A base to preview over: a shipped motion's name, else a Second Life .anim file's path (in the file's
// own axes, as the window and `pose` play it). Throws std::runtime_error naming the file.
PriorityBase loadPreviewBase(const std::string& nameOrFile);

} // namespace bonescope::secondlife
