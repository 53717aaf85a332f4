#version 330 core
// Two-light shading with a sky/ground ambient term; normals need not be normalised on input.
in vec3 vNormal;
#ifdef UNIFORM_COLOR
uniform vec4 color; // one colour for the whole draw (a mesh): nothing to pass per vertex
#else
flat in vec4 vColor; // per instance (bones)
#endif
out vec4 fragColor;
void main()
{
    vec3 n = normalize(vNormal);
    if (!gl_FrontFacing)
        n = -n;
    vec3 key = normalize(vec3(0.4, 0.8, 0.45));
    vec3 fill = normalize(vec3(-0.6, 0.2, -0.5));
    float ambient = mix(0.25, 0.4, n.y * 0.5 + 0.5);
    float light = ambient + 0.65 * max(dot(n, key), 0.0) + 0.2 * max(dot(n, fill), 0.0);
#ifdef UNIFORM_COLOR
    vec4 base = color;
#else
    vec4 base = vColor;
#endif
    fragColor = vec4(base.rgb * light, base.a);
}
