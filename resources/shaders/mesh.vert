#version 330 core
// GPU skinning: up to four joints per vertex. The joint matrices come from a uniform block when they
// fit (plain loads, much cheaper than texture fetches on software GL), else from the rows of a float
// texture (4 texels per joint), limited only by the texture height.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in uvec4 joints;
layout(location = 3) in vec4 weights;
uniform mat4 viewProjDisplay; // viewProj * display
uniform mat3 displayNormal;   // mat3(display): source axes -> Y up
uniform vec4 color;
out vec3 vNormal;
flat out vec4 vColor; // one colour per draw or instance: no interpolation
#ifdef MAX_JOINTS
layout(std140) uniform JointBlock { mat4 jointMatrices[MAX_JOINTS]; };
mat4 jointMatrix(uint j) { return jointMatrices[j]; }
#else
uniform sampler2D jointTexture;
mat4 jointMatrix(uint j)
{
    int row = int(j);
    return mat4(texelFetch(jointTexture, ivec2(0, row), 0), texelFetch(jointTexture, ivec2(1, row), 0),
                texelFetch(jointTexture, ivec2(2, row), 0), texelFetch(jointTexture, ivec2(3, row), 0));
}
#endif
// Matrix-vector products only: software GL shades every vertex on the CPU, and a matrix-matrix
// product per vertex would cost four times as much.
void main()
{
    mat4 skin = weights.x * jointMatrix(joints.x) + weights.y * jointMatrix(joints.y) +
                weights.z * jointMatrix(joints.z) + weights.w * jointMatrix(joints.w);
    vNormal = displayNormal * (mat3(skin) * normal);
    vColor = color;
    gl_Position = viewProjDisplay * (skin * vec4(position, 1.0));
}
