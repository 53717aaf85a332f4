#pragma once
// Joint matrices for skinning, computed on the CPU from a pose; the GPU applies them per vertex.
#include <vector>

#include <glm/mat4x4.hpp>

#include "core/model/mesh.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope::render {

// For each bone of `meshSkeleton`, the pose bone of the same (loose) name in `poseSkeleton`, or -1.
std::vector<int> matchBones(const Skeleton& meshSkeleton, const Skeleton& poseSkeleton);

// World matrices of the mesh skeleton's bones: a matched bone takes the pose's world matrix, an
// unmatched one follows its parent with its rest transform.
void meshJointWorld(const Skeleton& meshSkeleton, const std::vector<int>& poseBoneOfMeshBone, const Pose& pose,
                    std::vector<glm::mat4>& out);

// The mesh with inverse bind matrices: its own, or (when it has none, as Dash models) the inverse of
// each skeleton bone's rest world matrix.
Mesh withInverseBind(const Mesh& mesh, const Skeleton& skeleton);

// jointWorld[j] * inverseBind[j]; a joint without an inverse bind matrix keeps the identity.
void skinMatrices(const std::vector<glm::mat4>& jointWorld, const Mesh& mesh, std::vector<glm::mat4>& out);

// One vertex skinned on the CPU (what the vertex shader computes), for bounds and tests.
glm::vec3 skinnedPosition(const Mesh& mesh, size_t vertex, const std::vector<glm::mat4>& skin);

} // namespace bonescope::render
