#pragma once
// The BVH the Second Life viewer's uploader expects (`convert IN OUT.bvh --target secondlife`), the
// inverse of bvhToSecondLife(): the avatar's joints under their own names (but the root, mPelvis, as
// "hip", the name the uploader requires; attachment names with '_' for ' ', as its aliases spell them), offsets in inches, Y up and facing +Z,
// frame 0 the avatar's rest pose (the T pose the uploader takes as its reference and drops), then
// frames from time 0 to the duration at the lowest rate whose frames fall on every key (options.fps
// when given). All base bones are written; Bento bones, collision
// volumes and attachment points when the animation moves them. Uploading it gives back the animation
// (without what BVH cannot hold: priorities, ease, loop points, hand pose, emote, constraints).
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/report_item.h"
#include "formats/convert/convert_options.h"

namespace bonescope {

// The current animation of `source` (any format: others are first put on the avatar as a conversion
// to .anim does, with `options`), as a scene for BvhFormat::write. Everything left out gets a line in
// `report`. Throws std::runtime_error when there is no animation.
Scene secondLifeBvh(const Scene& source, const ConvertOptions& options, Report& report);

} // namespace bonescope
