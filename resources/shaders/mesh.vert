#version 330 core
// GPU skinning: up to four joints per vertex; joint matrices are rows of a float texture (4 texels
// per joint), so the joint count is limited by the texture height, not by uniform space.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in uvec4 joints;
layout(location = 3) in vec4 weights;
uniform mat4 viewProj;
uniform mat4 display;
uniform sampler2D jointTexture;
uniform vec4 color;
out vec3 vNormal;
out vec4 vColor;
mat4 jointMatrix(uint j)
{
    int row = int(j);
    return mat4(texelFetch(jointTexture, ivec2(0, row), 0), texelFetch(jointTexture, ivec2(1, row), 0),
                texelFetch(jointTexture, ivec2(2, row), 0), texelFetch(jointTexture, ivec2(3, row), 0));
}
void main()
{
    mat4 skin = weights.x * jointMatrix(joints.x) + weights.y * jointMatrix(joints.y) +
                weights.z * jointMatrix(joints.z) + weights.w * jointMatrix(joints.w);
    mat4 m = display * skin;
    vNormal = mat3(m) * normal;
    vColor = color;
    gl_Position = viewProj * m * vec4(position, 1.0);
}
