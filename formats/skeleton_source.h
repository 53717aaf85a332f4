#pragma once
// A skeleton to play an animation on, from any file that carries one: our own formats with an
// embedded skeleton (Second Life, LEGO Island, Dash) or a mesh file Assimp reads (glTF, FBX, ...).
#include <string>

#include "core/skeleton.h"

namespace bonescope {

// Throws std::runtime_error (or ParseError) naming the file when no skeleton can be had.
Skeleton loadSkeletonSource(const std::string& path);

} // namespace bonescope
