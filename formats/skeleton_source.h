#pragma once
// A skeleton to play an animation on, from any file that carries one: our own formats with an
// embedded skeleton (Second Life, LEGO Island, Dash) or a mesh file Assimp reads (glTF, FBX, ...).
#include <string>

#include "core/model/scene.h"

namespace bonescope {

struct SkeletonSource {
    Scene scene;            // skeleton (never empty) and the mesh when the file has one
    std::string formatName; // what read it, for messages
};

// Throws std::runtime_error (or ParseError) naming the file when no skeleton can be had.
SkeletonSource loadSkeletonScene(const std::string& path);
inline Skeleton loadSkeletonSource(const std::string& path) { return loadSkeletonScene(path).scene.skeleton; }

// The skeleton of a game model file (Cast, SEModel), reading as little of it as it can: of a Cast
// file only its first model's skeleton, not its meshes or animations. Throws (ParseError,
// std::runtime_error) naming the file when it cannot be read or carries no skeleton.
Skeleton loadModelSkeleton(const std::string& path);

} // namespace bonescope
