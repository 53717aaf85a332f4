// The triangles block. SMD vertices are in model space in the pose of the file's first frame, so a
// mesh bound in another pose (its inverse bind matrices, or a rest pose that differs from the first
// frame) is skinned into that pose first.
#include <glm/gtc/matrix_inverse.hpp>

#include "formats/fixed_number.h"
#include "formats/smd/smd_text.h"
#include "formats/smd/smd_write.h"

namespace bonescope::smd {

namespace {

// Per skeleton bone: mesh space at bind time -> mesh space in the first frame's pose.
std::vector<glm::dmat4> bindToFirstFrame(const Scene& scene, const std::vector<glm::dmat4>& firstFrameWorld)
{
    const Mesh& mesh = scene.mesh;
    const size_t n = scene.skeleton.size();
    if (!mesh.skinned() || firstFrameWorld.size() != n)
        return {};
    const std::vector<glm::dmat4> rest = scene.skeleton.restWorld();
    std::vector<glm::dmat4> m(n);
    bool moved = false;
    for (size_t b = 0; b < n; ++b) {
        const glm::dmat4 inverseBind = mesh.inverseBind.size() == n ? glm::dmat4(mesh.inverseBind[b]) : glm::inverse(rest[b]);
        m[b] = firstFrameWorld[b] * inverseBind;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                moved = moved || std::abs(m[b][c][r] - (c == r ? 1.0 : 0.0)) > 1e-9;
    }
    return moved ? m : std::vector<glm::dmat4>{};
}

std::string materialLine(const SmdExtra* extra, size_t triangle, size_t triangles)
{
    if (!extra || extra->triangleMaterials.size() != triangles)
        return "default";
    const std::string& name = extra->materialNames[extra->triangleMaterials[triangle]];
    // A line that reads as the end of the block, or as nothing, would lose the triangle.
    return name.empty() || equalsWord(name, "end") ? "default" : name;
}

void appendValues(std::string& out, const float* v, int n)
{
    for (int i = 0; i < n; ++i) {
        out += ' ';
        appendFixed(out, v[i], 6);
    }
}

} // namespace

void appendTriangles(std::string& out, const Scene& scene, const std::vector<int>& ids,
                     const std::vector<glm::dmat4>& firstFrameWorld, Flavour flavour, const SmdExtra* extra)
{
    const Mesh& mesh = scene.mesh;
    const std::vector<glm::dmat4> pose = bindToFirstFrame(scene, firstFrameWorld);
    const bool skinned = mesh.skinned() && mesh.weights.size() == mesh.positions.size();
    const size_t triangles = mesh.indices.size() / 3;
    out += "triangles\n";
    for (size_t t = 0; t < triangles; ++t) {
        out += materialLine(extra, t, triangles) + "\n";
        for (size_t c = 0; c < 3; ++c) {
            const uint32_t v = mesh.indices[t * 3 + c];
            if (v >= mesh.positions.size())
                continue; // checked by the caller
            glm::vec3 p = mesh.positions[v];
            glm::vec3 n = v < mesh.normals.size() ? mesh.normals[v] : glm::vec3(0, 0, 1);
            const glm::vec2 uv = v < mesh.uvs.size() ? mesh.uvs[v] : glm::vec2(0);
            // The links: skeleton bones with their weights, strongest first (the parent bone).
            std::vector<std::pair<int, float>> links;
            if (skinned)
                for (int k = 0; k < 4; ++k)
                    if (mesh.weights[v][k] > 0 && mesh.joints[v][k] < ids.size())
                        links.push_back({int(mesh.joints[v][k]), mesh.weights[v][k]});
            std::stable_sort(links.begin(), links.end(), [](auto& a, auto& b) { return a.second > b.second; });
            if (!pose.empty() && !links.empty()) {
                glm::dvec3 sp(0.0), sn(0.0);
                for (const auto& [bone, w] : links) {
                    sp += double(w) * glm::dvec3(pose[size_t(bone)] * glm::dvec4(glm::dvec3(p), 1.0));
                    sn += double(w) * (glm::dmat3(pose[size_t(bone)]) * glm::dvec3(n));
                }
                p = glm::vec3(sp);
                if (glm::length(sn) > 0)
                    n = glm::vec3(glm::normalize(sn));
            }
            const int parent = links.empty() ? 0 : links.front().first;
            out += std::to_string(ids.empty() ? 0 : ids[size_t(parent)]);
            appendValues(out, &p.x, 3);
            appendValues(out, &n.x, 3);
            appendValues(out, &uv.x, 2);
            if (flavour == Flavour::Source && !links.empty()) {
                out += ' ' + std::to_string(links.size());
                for (const auto& [bone, w] : links) {
                    out += ' ' + std::to_string(ids[size_t(bone)]) + ' ';
                    appendFixed(out, w, 6);
                }
            }
            out += '\n';
        }
    }
    out += "end\n";
}

} // namespace bonescope::smd
