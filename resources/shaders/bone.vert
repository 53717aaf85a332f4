#version 330 core
// Instanced bone shapes: a unit shape placed by a per-instance matrix, coloured per instance.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in mat4 instanceMatrix; // locations 2..5
layout(location = 6) in vec4 instanceColor;
uniform mat4 viewProj;
uniform mat4 display; // source axes -> Y up
out vec3 vNormal;
out vec4 vColor;
void main()
{
    mat4 m = display * instanceMatrix;
    vNormal = mat3(m) * normal;
    vColor = instanceColor;
    gl_Position = viewProj * m * vec4(position, 1.0);
}
