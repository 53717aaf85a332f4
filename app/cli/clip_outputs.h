#pragma once
// SMD holds one animation per file: converting a file of several animations to SMD writes each as
// OUT-<animation>.smd (the names made safe for every file system), as modders' tools expect.
#include <string>
#include <vector>

#include "core/model/scene.h"

namespace bonescope {
class Format;
}

namespace bonescope::cli {

struct ClipOutput {
    int animation = 0;
    std::string path;
};

// True when `target` is SMD and `scene` has more than one animation.
bool writesClipPerFile(const Scene& scene, const Format& target);
// OUT's name without its extension, "-", the animation's name (its index when it has none or when
// another animation has the same one), and OUT's extension.
std::vector<ClipOutput> clipOutputs(const std::string& out, const Scene& scene);

} // namespace bonescope::cli
