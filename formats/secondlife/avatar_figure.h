#pragma once
// A body to preview Second Life animations on, made from the default avatar's own data: an ellipsoid
// per collision volume (sized as avatar_skeleton.xml gives it) and one per finger bone, each rigid on
// its joint, in a female or a male shape (avatar_lad.xml's shape parameters, built in through
// avatar_figure_data.h). Props (any mesh) ride rigidly on attachment points.
//
// A shape moves joints: its offsets from their parents differ from the skeleton's. The mesh is bound
// in the shape's rest pose, and skinning adds `offsetDelta` to each joint's posed offset
// (figureJointWorld), so that the animation's rotations drive the shape's proportions.
#include <optional>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "core/math/axis_conversion.h"
#include "core/model/mesh.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope::secondlife {

enum class AvatarShape { Female, Male };

struct AvatarFigure {
    // Bound to avatarSkeleton(): joints index its bones; inverseBind is the shape's rest pose.
    Mesh mesh;
    // Per avatarSkeleton() bone: the shape's rest offset from its parent minus the skeleton's, in the
    // parent's frame (metres). mPelvis is raised as much as the shape's legs are longer.
    std::vector<glm::vec3> offsetDelta;
    // Per avatarSkeleton() bone: its world matrix in the shape's rest pose.
    std::vector<glm::mat4> restWorld;
};

// The body of `shape`; without one, no body (only what attachProp() adds) on the default proportions.
AvatarFigure buildAvatarFigure(std::optional<AvatarShape> shape);

// World matrices of avatarSkeleton()'s bones to skin the figure with on `pose`, whose bones
// `poseBone` gives per avatar bone (-1: none, the bone keeps its rest offset and turn from its
// parent): the pose's offsets and turns from each parent, with the shape's offset changes added,
// except on the joints `positioned` marks (per avatar bone; may be empty): there the animation keys
// the position, which replaces the shape's as in the viewer (not on mPelvis, whose position keys
// are offsets from its rest, so the shape's raise stays).
void figureJointWorld(const AvatarFigure& figure, const std::vector<int>& poseBone, const Pose& pose,
                      const std::vector<uint8_t>& positioned, std::vector<glm::mat4>& out);

// Adds the rest pose of `prop` (skinned or not, bound to `propSkeleton`) rigidly on the attachment
// point `attachment` (an avatarSkeleton() index), its coordinates read in the point's frame once its
// up axis `propUp` is turned to Second Life's Z up. Throws std::invalid_argument when `attachment` is
// not an attachment point or the prop has no triangles.
void attachProp(AvatarFigure& figure, int attachment, const Mesh& prop, const Skeleton& propSkeleton, UpAxis propUp);

// "female" or "male" (any case), else nullopt.
std::optional<AvatarShape> avatarShapeNamed(std::string_view name);
// The body attachment points (the HUD's, under mScreen, are not on the body), in the skeleton's order.
std::vector<int> bodyAttachmentPoints();
// The body attachment point of that name (exact, else ignoring case), or -1.
int findBodyAttachmentPoint(std::string_view name);
// True when `skeleton` has every base bone of the avatar (by exact name): the figure can follow it.
bool carriesAvatarBones(const Skeleton& skeleton);

} // namespace bonescope::secondlife
