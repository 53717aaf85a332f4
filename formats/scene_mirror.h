#pragma once
// Mirroring a whole file left <-> right (core/editing/mirror.h) with its format's own fields, on an axis of
// the common frame (formats/format.h: Y up, the character's left +X), whatever the file's own axes.
#include <string>
#include <vector>

#include "core/math/axis_conversion.h"
#include "core/editing/mirror.h"
#include "core/model/scene.h"

namespace bonescope {

// The format's own axes taken to the common frame, found through its toCommon() on three bones along
// its x, y and z (a signed permutation with its unit scale; the identity for an unknown format).
// Its inverse takes a pose in the common frame into the file's (File > Compare with... draws a second
// file in the document's axes).
AxisConversion fileToCommonAxes(const std::string& formatId);

// The axis (0 x, 1 y, 2 z) of the format's own frame that is `commonAxis` of the common frame, found
// through the format's toCommon(): Second Life's left/right axis (common x) is its y.
int fileAxis(const std::string& formatId, int commonAxis);

// Mirrors every animation of the scene (or only the one at index `only`) across `axis` of the file's
// own frame and carries the change into the format's fields (Second Life joint priorities and
// constraints). Returns the number of tracks that changed side. Throws std::runtime_error, changing
// nothing, when two tracks would get the same name.
size_t mirrorScene(Scene& scene, int axis, const std::vector<SidePair>& user = {}, int only = -1);

} // namespace bonescope
