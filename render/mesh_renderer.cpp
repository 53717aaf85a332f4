#include "render/mesh_renderer.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include <glm/gtc/type_ptr.hpp>

#include "render/back_face_culling.h"
#include "render/gl_program.h"
#include "render/mesh_normals.h"

namespace bonescope::render {

void MeshRenderer::init(QOpenGLExtraFunctions* gl)
{
    gl_ = gl;
    program_ = loadProgram("mesh.vert", "lit.frag", "#define UNIFORM_COLOR"); // one colour per mesh
    GLint maxBlock = 0;
    gl_->glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &maxBlock);
    if (maxBlock >= GLint(kBlockJoints * 3 * sizeof(glm::vec4))) {
        blockProgram_ = loadProgram("mesh.vert", "lit.frag", "#define UNIFORM_COLOR\n#define MAX_JOINTS " + QByteArray::number(kBlockJoints));
        const GLuint index = gl_->glGetUniformBlockIndex(blockProgram_->programId(), "JointBlock");
        gl_->glUniformBlockBinding(blockProgram_->programId(), index, 0);
        gl_->glGenBuffers(1, &jointBlock_);
        gl_->glBindBuffer(GL_UNIFORM_BUFFER, jointBlock_);
        gl_->glBufferData(GL_UNIFORM_BUFFER, kBlockJoints * 3 * sizeof(glm::vec4), nullptr, GL_DYNAMIC_DRAW);
        gl_->glBindBuffer(GL_UNIFORM_BUFFER, 0);
    }
    gl_->glGenVertexArrays(1, &vao_);
    gl_->glGenBuffers(5, buffers_);
    gl_->glGenTextures(1, &jointTexture_);
    gl_->glBindTexture(GL_TEXTURE_2D, jointTexture_);
    gl_->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl_->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl_->glBindTexture(GL_TEXTURE_2D, 0);
}

void MeshRenderer::release()
{
    if (!gl_)
        return;
    gl_->glDeleteVertexArrays(1, &vao_);
    gl_->glDeleteBuffers(5, buffers_);
    gl_->glDeleteTextures(1, &jointTexture_);
    if (jointBlock_)
        gl_->glDeleteBuffers(1, &jointBlock_);
    jointBlock_ = 0;
    program_.reset();
    blockProgram_.reset();
    gl_ = nullptr;
}

void MeshRenderer::upload(const Mesh& mesh)
{
    indexCount_ = singleSidedCount_ = 0;
    if (mesh.empty() || mesh.indices.empty())
        return;
    const size_t n = mesh.positions.size();
    // Missing normals are computed (else every face is lit alike: a flat cut-out); missing skin
    // attributes get neutral values: all weight on joint 0 (identity skin).
    std::vector<glm::vec3> normals = mesh.normals.size() == n ? mesh.normals : smoothNormals(mesh);
    std::vector<glm::uvec4> joints = mesh.skinned() ? mesh.joints : std::vector<glm::uvec4>(n, glm::uvec4(0));
    std::vector<glm::vec4> weights =
        mesh.weights.size() == n && mesh.skinned() ? mesh.weights : std::vector<glm::vec4>(n, {1, 0, 0, 0});
    // Heaviest influence first, so that the shader can stop at the first zero weight.
    for (size_t v = 0; v < n; ++v) {
        std::array<std::pair<float, uint32_t>, 4> in;
        for (int k = 0; k < 4; ++k)
            in[k] = {weights[v][k], joints[v][k]};
        std::stable_sort(in.begin(), in.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (int k = 0; k < 4; ++k) {
            weights[v][k] = in[k].first > 0 ? in[k].first : 0.f;
            joints[v][k] = in[k].second;
        }
    }

    gl_->glBindVertexArray(vao_);
    auto attribute = [&](int slot, const void* data, size_t bytes, int comps, bool integer) {
        gl_->glBindBuffer(GL_ARRAY_BUFFER, buffers_[slot]);
        gl_->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(bytes), data, GL_STATIC_DRAW);
        gl_->glEnableVertexAttribArray(slot);
        if (integer)
            gl_->glVertexAttribIPointer(slot, comps, GL_UNSIGNED_INT, 0, nullptr);
        else
            gl_->glVertexAttribPointer(slot, comps, GL_FLOAT, GL_FALSE, 0, nullptr);
    };
    attribute(0, mesh.positions.data(), n * sizeof(glm::vec3), 3, false);
    attribute(1, normals.data(), n * sizeof(glm::vec3), 3, false);
    attribute(2, joints.data(), n * sizeof(glm::uvec4), 4, true);
    attribute(3, weights.data(), n * sizeof(glm::vec4), 4, false);
    gl_->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers_[4]);
    gl_->glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(mesh.indices.size() * 4), mesh.indices.data(),
                      GL_STATIC_DRAW);
    gl_->glBindVertexArray(0);
    indexCount_ = int(mesh.indices.size());
    singleSidedCount_ = int(std::min<size_t>(mesh.singleSidedIndices, mesh.indices.size()));
}

void MeshRenderer::draw(const std::vector<glm::mat4>& skin, const glm::mat4& viewProj, const glm::mat4& display,
                        const glm::vec4& color)
{
    if (indexCount_ == 0)
        return;
    // Three rows per joint (see mesh.vert); no skin at all is one identity joint.
    const int joints = std::max<int>(1, int(skin.size()));
    rows_.resize(size_t(joints) * 3);
    for (int j = 0; j < joints; ++j) {
        const glm::mat4 m = skin.empty() ? glm::mat4(1.f) : skin[j];
        for (int r = 0; r < 3; ++r)
            rows_[size_t(j) * 3 + r] = glm::vec4(m[0][r], m[1][r], m[2][r], m[3][r]);
    }
    const void* data = rows_.data();
    if (blockProgram_ && joints <= kBlockJoints) {
        gl_->glBindBuffer(GL_UNIFORM_BUFFER, jointBlock_);
        gl_->glBufferSubData(GL_UNIFORM_BUFFER, 0, GLsizeiptr(rows_.size() * sizeof(glm::vec4)), data);
        gl_->glBindBufferBase(GL_UNIFORM_BUFFER, 0, jointBlock_);
        drawWith(*blockProgram_, viewProj, display, color);
        gl_->glBindBuffer(GL_UNIFORM_BUFFER, 0);
        return;
    }
    gl_->glActiveTexture(GL_TEXTURE0);
    gl_->glBindTexture(GL_TEXTURE_2D, jointTexture_);
    if (joints != textureRows_) {
        gl_->glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 3, joints, 0, GL_RGBA, GL_FLOAT, data);
        textureRows_ = joints;
    } else {
        gl_->glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, joints, GL_RGBA, GL_FLOAT, data);
    }
    program_->bind();
    gl_->glUniform1i(program_->uniformLocation("jointTexture"), 0);
    drawWith(*program_, viewProj, display, color);
    gl_->glBindTexture(GL_TEXTURE_2D, 0);
}

void MeshRenderer::drawWith(QOpenGLShaderProgram& program, const glm::mat4& viewProj, const glm::mat4& display,
                            const glm::vec4& color)
{
    program.bind();
    const glm::mat4 vpd = viewProj * display;
    const glm::mat3 normal(display);
    gl_->glUniformMatrix4fv(program.uniformLocation("viewProjDisplay"), 1, GL_FALSE, glm::value_ptr(vpd));
    gl_->glUniformMatrix3fv(program.uniformLocation("displayNormal"), 1, GL_FALSE, glm::value_ptr(normal));
    gl_->glUniform4fv(program.uniformLocation("color"), 1, glm::value_ptr(color));
    gl_->glBindVertexArray(vao_);
    // Back faces of single-sided triangles are culled as glTF asks; on software GL this also halves
    // their rasterisation. The other triangles are drawn from both sides.
    if (singleSidedCount_ > 0) {
        const BackFaceCulling culling(gl_);
        gl_->glDrawElements(GL_TRIANGLES, singleSidedCount_, GL_UNSIGNED_INT, nullptr);
    }
    if (indexCount_ > singleSidedCount_)
        gl_->glDrawElements(GL_TRIANGLES, indexCount_ - singleSidedCount_, GL_UNSIGNED_INT,
                            reinterpret_cast<const void*>(uintptr_t(singleSidedCount_) * sizeof(uint32_t)));
    gl_->glBindVertexArray(0);
    program.release();
}

} // namespace bonescope::render
