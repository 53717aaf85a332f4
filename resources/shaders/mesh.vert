#version 330 core
// GPU skinning: up to four joints per vertex. The joint matrices come from a uniform block when they
// fit (plain loads, much cheaper than texture fetches on software GL), else from the rows of a float
// texture (3 texels per joint), limited only by the texture height.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in uvec4 joints;
layout(location = 3) in vec4 weights;
uniform mat4 viewProjDisplay; // viewProj * display
uniform mat3 displayNormal;   // mat3(display): source axes -> Y up
out vec3 vNormal;
// Each joint is an affine matrix given by its three rows (the fourth is always 0 0 0 1): three loads
// per influence instead of four.
#ifdef MAX_JOINTS
layout(std140) uniform JointBlock { vec4 jointRows[3 * MAX_JOINTS]; };
vec4 jointRow(uint j, int r) { return jointRows[3u * j + uint(r)]; }
#else
uniform sampler2D jointTexture;
vec4 jointRow(uint j, int r) { return texelFetch(jointTexture, ivec2(r, int(j)), 0); }
#endif
void addInfluence(uint j, float w, inout vec4 r0, inout vec4 r1, inout vec4 r2)
{
    r0 += w * jointRow(j, 0);
    r1 += w * jointRow(j, 1);
    r2 += w * jointRow(j, 2);
}
// Vector products only: software GL shades every vertex on the CPU.
void main()
{
    vec4 r0 = vec4(0.0), r1 = vec4(0.0), r2 = vec4(0.0);
    addInfluence(joints.x, weights.x, r0, r1, r2);
    // Influences arrive sorted by weight: most vertices stop after one or two.
    if (weights.y > 0.0) {
        addInfluence(joints.y, weights.y, r0, r1, r2);
        if (weights.z > 0.0) {
            addInfluence(joints.z, weights.z, r0, r1, r2);
            if (weights.w > 0.0)
                addInfluence(joints.w, weights.w, r0, r1, r2);
        }
    }
    vec4 p = vec4(position, 1.0);
    vec3 skinned = vec3(dot(r0, p), dot(r1, p), dot(r2, p));
    vec3 n = vec3(dot(r0.xyz, normal), dot(r1.xyz, normal), dot(r2.xyz, normal));
    vNormal = displayNormal * n;
    gl_Position = viewProjDisplay * vec4(skinned, 1.0);
}
