#version 330 core
// Instanced bone shapes: a unit shape placed by a per-instance matrix, coloured per instance.
// Matrix-vector products only (no matrix-matrix product per vertex): software GL shades every vertex
// on the CPU.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in mat4 instanceMatrix; // locations 2..5
layout(location = 6) in vec4 instanceColor;
uniform mat4 viewProjDisplay; // viewProj * display
uniform mat3 displayNormal;   // mat3(display): source axes -> Y up
out vec3 vNormal;
flat out vec4 vColor; // per instance: no interpolation
void main()
{
    vNormal = displayNormal * (mat3(instanceMatrix) * normal);
    vColor = instanceColor;
    gl_Position = viewProjDisplay * (instanceMatrix * vec4(position, 1.0));
}
