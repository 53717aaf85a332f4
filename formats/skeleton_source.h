#pragma once
// A skeleton to play an animation on, from any file that carries one: our own formats with an
// embedded skeleton (Second Life, LEGO Island, Dash) or a mesh file Assimp reads (glTF, FBX, ...).
#include <string>

#include "core/scene.h"

namespace bonescope {

struct SkeletonSource {
    Scene scene;            // skeleton (never empty) and the mesh when the file has one
    std::string formatName; // what read it, for messages
};

// Throws std::runtime_error (or ParseError) naming the file when no skeleton can be had.
SkeletonSource loadSkeletonScene(const std::string& path);
inline Skeleton loadSkeletonSource(const std::string& path) { return loadSkeletonScene(path).scene.skeleton; }

} // namespace bonescope
