#pragma once
// The numbers the avatar figure is built from (generated into avatar_figure_data.cpp by
// scripts/gen-sl-figure): collision volume sizes and each shape's changes to bones and volumes.
#include <cstddef>

namespace bonescope::secondlife {

struct VolumeSize {
    const char* name; // a collision volume of kAvatarJoints
    double scale[3];  // the ellipsoid's half-axes, metres, in the volume's own frame
};

// One joint's change in a shape, as avatar_lad.xml's parameters give it (summed at their weights).
// A bone: `scale` is added to its scale (1 1 1), which stretches its children's offsets and what hangs
// on it, and `offset` to its position. A collision volume: `scale` is added to its half-axes and
// `offset` to its position.
struct ShapeDelta {
    const char* joint;
    double scale[3];
    double offset[3];
};

extern const VolumeSize kVolumeSizes[];
extern const size_t kVolumeSizeCount;
extern const ShapeDelta kFemaleDeltas[];
extern const size_t kFemaleDeltaCount;
extern const ShapeDelta kMaleDeltas[];
extern const size_t kMaleDeltaCount;

} // namespace bonescope::secondlife
