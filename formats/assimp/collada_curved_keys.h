#pragma once
// The keys of curved COLLADA channels computed from their curves (collada_curves.h) instead of the
// straight lines Assimp 5.2 draws between keys.
#include <cstdint>
#include <span>
#include <vector>

struct aiScene;

namespace bonescope {

// For each node a BEZIER or HERMITE channel moves, its keys become the node's transform computed from
// the file's curves at Assimp's key times, at every frame inside a curved stretch (frames at the rate
// the file's keys sit on) and between them where the curve bends away from a straight line (keys are
// played straight: up to 16 per frame). A node is left as Assimp made it where this reading and
// Assimp's disagree at the first or last key (an element or target this does not read as Assimp does),
// or where the frames would be far more than the keys (a crafted span).
// Returns, per animation, the frame rate its keys sat on before where its keys changed (the keys added
// between frames must not change the clip's frame rate), else 0.
std::vector<double> playColladaCurves(aiScene& ai, std::span<const uint8_t> bytes);

} // namespace bonescope
