#pragma once
// Several files' clips in one file of a format that holds several (Cast, glTF, Dash, PSA): what
// `bonescope-cli merge` and the window's "Merge files into this document" do. Clips of the target's
// format are taken as they are (their keys, rates and format data unchanged); others are converted
// first, as `convert` would. Every clip keeps its own keys and frame rate: nothing is resampled.
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/format.h"

namespace bonescope {

struct ClipSource {
    std::string name; // how messages name it (the file's path)
    Scene scene;
};

// Why `b` (the skeleton of `bName`) is not the skeleton `a` (of `aName`) is: a bone one has and the
// other lacks, or a bone under another parent. "" when both have the same bones under the same
// parents (in any order).
std::string skeletonDifference(const Skeleton& a, const std::string& aName, const Skeleton& b, const std::string& bName);

// The first source's scene (its skeleton, mesh and file-level data) with every source's clips in
// order, names made unique ("walk", "walk_2"). `report` gets what is not carried: each conversion's
// losses, other sources' meshes, rest poses that differ, and the frame rates when they differ.
// Throws std::runtime_error, before anything is merged, when `target` holds one clip per file or
// when a source's skeleton is not the first's.
Scene mergeClips(std::vector<ClipSource> sources, const Format& target, Report& report);

} // namespace bonescope
