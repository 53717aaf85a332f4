#pragma once
// Getting a scene ready for another format (or the same one with options) without losing the motion.
#include <string>
#include <vector>

#include "formats/convert/convert_options.h"
#include "formats/format.h"

namespace bonescope {

// Same format and no option: the scene unchanged, so an unedited file is re-saved byte for byte.
// Otherwise:
//   0. with options.mirror, the scene mirrored left <-> right (formats/scene_mirror.h);
//   1. the source format's toCommon() (its data -> local transforms, Y up, right-handed);
//   1b. for a target without scale or without a skeleton: static uniform bone scales folded into
//      the translations below them (static_scale.h);
//   2. every animation baked through the skeleton (the file's own, else one bone per track) at
//      options.fps or its own rate: blend modes, modifiers and channel rules are resolved into plain
//      local keys; only the channels the source animates are kept (and root translation);
//      with options.base, the current animation is layered on that base first (core/playback/layering.h)
//      and its result baked, whatever its modes;
//   3. retargeting onto options.targetSkeleton (bone map given or matched by name), or bones renamed
//      by a bone map alone;
//   4. up axis and unit scale;
//   5. key reduction with options.tolerance;
//   6. a report line for everything the target cannot carry (from Format::capabilities());
//   7. the target's fromCommon().
// Throws std::runtime_error when the scene cannot be converted (e.g. a broken skeleton).
// `source` is taken by value: a caller done with its scene moves it in and saves a copy of every key.
Scene prepareForTarget(Scene source, const Format& target, const ConvertOptions& options,
                       Report& report);

} // namespace bonescope
