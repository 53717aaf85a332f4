#pragma once
// A base for layering (core/playback/layering.h) named the way the command line names it: FILE or
// FILE:ANIMATION (an index or a name; without it the file's first animation).
#include <string>

#include "core/playback/layering.h"
#include "core/model/scene.h"

namespace bonescope {

// The file part and the animation part of FILE[:ANIMATION]. A path that exists as it is is a whole
// file (a name with a colon, C:\ on Windows); otherwise the text after the last colon, when there is
// one and it holds no folder separator, names the animation.
struct BaseSpec {
    std::string file;
    std::string animation; // empty: the file's first animation
};
BaseSpec splitBaseSpec(const std::string& spec);

// Index (digits) or name in `scene`; -1 when there is none. An empty `which` is the first animation.
int findAnimation(const Scene& scene, const std::string& which);

// Reads the file and picks the animation; `common` turns it into the common meaning first (the
// file's Format::toCommon(), as a conversion does). Throws std::runtime_error naming the file.
BaseLayer loadBaseLayer(const std::string& spec, double weight, bool common);

} // namespace bonescope
