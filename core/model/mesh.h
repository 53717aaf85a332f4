#pragma once
// A skinned triangle mesh bound to a Skeleton (from a Dash file or an Assimp import).
#include <cstdint>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bonescope {

struct Mesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;     // empty or one per position
    std::vector<glm::vec2> uvs;         // empty or one per position
    std::vector<glm::uvec4> joints;     // skeleton bone indices, empty or one per position
    std::vector<glm::vec4> weights;     // empty or one per position, summing to 1
    std::vector<uint32_t> indices;      // triangles, counter-clockwise seen from the front
    // The first this many indices are triangles whose material is single-sided (glTF's default), so
    // their back faces need not be drawn; the rest are two-sided or their file does not say.
    uint32_t singleSidedIndices = 0;
    // Per skeleton bone: mesh space -> bone space at bind time. Empty: the inverse rest world.
    std::vector<glm::mat4> inverseBind;

    bool empty() const { return positions.empty(); }
    bool skinned() const { return !joints.empty() && joints.size() == positions.size(); }
};

} // namespace bonescope
