#pragma once
// What a format, and Bonescope's own reader of it, can hold: each format defines its WriteLimits
// beside the reader limits they mirror, and its writer calls checkWriteLimits() first, so what
// Bonescope writes always reads back (or the write is refused with the bone and key named).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "core/model/scene.h"

namespace bonescope {

struct WriteLimits {
    std::string format;                                             // for messages: "LEGO Island"
    double maxMagnitude = std::numeric_limits<float>::max();        // largest |value| a number field holds
    bool nulTerminatedNames = false;                                // a NUL byte would cut the name short
    size_t maxDepth = std::numeric_limits<size_t>::max();           // bones from a root down, the root = 1
    bool allAnimations = false;                                     // the file holds every animation, not the current one
    bool mesh = false;                                              // the file holds the mesh too
};

// Throws WriteError for the first key value or time, rest value, mesh value, name or hierarchy depth
// that the limits do not allow: "LEGO Island: bone 'x' translation key 3 (0.1 s): 1e+300 is beyond ...".
void checkWriteLimits(const Scene& scene, const WriteLimits& limits);

// A reader refuses a file that declares more frames than its size allows (ByteReader::checkFrames),
// so a writer checks the length it declared against the bytes it wrote: `frames` is the declared
// length in frames, `what` names it ("animation 'walk' duration"). Throws WriteError.
void checkWrittenFrames(double frames, size_t fileBytes, const std::string& format, const std::string& what);

} // namespace bonescope
