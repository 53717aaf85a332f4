#pragma once
// Pieces the SMD writers share: statement lines, the triangles block, and the rewrite of a file read
// from SMD that changes only the lines whose values changed.
#include <optional>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>

#include "core/model/animation.h"
#include "core/model/scene.h"
#include "formats/smd/smd_extra.h"

namespace bonescope::smd {

// `id "name" parent` and `id px py pz rx ry rz` (six decimals), without the line break.
std::string nodeLine(int id, const std::string& name, int parentId);
std::string skeletonLine(int id, const glm::dvec3& position, const glm::dvec3& euler);
// What a reader gets back from skeletonLine()'s text for these numbers.
glm::dvec3 asWritten(const glm::dvec3& v);

// A baked track's value at frame f (its last one past the end, the bone's rest with no keys).
glm::dvec3 positionAt(const Track& baked, const Bone& bone, size_t f);
glm::dquat rotationAt(const Track& baked, const Bone& bone, size_t f);
bool samePosition(const glm::dvec3& a, const glm::dvec3& b);
bool sameRotation(const glm::dquat& a, const glm::dquat& b);

// The triangles block for scene.mesh: vertices moved into the pose of the first frame written
// (`firstFrameWorld`, per skeleton bone) when the mesh was bound in another pose; `ids` are the node
// ids per skeleton bone. Materials come from `extra` when it has one per triangle.
void appendTriangles(std::string& out, const Scene& scene, const std::vector<int>& ids,
                     const std::vector<glm::dmat4>& firstFrameWorld, Flavour flavour, const SmdExtra* extra);

// The file `extra` was read from, with the changed node names and skeleton values rewritten (and
// lines added where a frame did not list a node whose value now differs). Nothing when the scene's
// structure changed (bones, parents, frame count, mesh): then the file is written anew.
std::optional<std::vector<uint8_t>> patchSource(const Scene& scene, const SmdExtra& extra);

} // namespace bonescope::smd
