#pragma once
// Between Assimp's matrices (row-major) and glm's (column-major: m[col][row]).
#include <assimp/matrix4x4.h>
#include <glm/mat4x4.hpp>

namespace bonescope {

inline glm::mat4 toGlm(const aiMatrix4x4& m)
{
    return glm::mat4(m.a1, m.b1, m.c1, m.d1, m.a2, m.b2, m.c2, m.d2, m.a3, m.b3, m.c3, m.d3, m.a4, m.b4, m.c4, m.d4);
}

inline aiMatrix4x4 toAi(const glm::mat4& m)
{
    return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1], m[0][2], m[1][2],
                       m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]);
}

} // namespace bonescope
