#pragma once
// A skinned mesh on the GPU: vertex buffers uploaded once, joint matrices uploaded once per frame
// into a uniform buffer when they fit (up to kBlockJoints), else into a float texture (three texels per
// joint, the rows of an affine matrix), so thousands of joints still work.
#include <memory>
#include <vector>

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "core/model/mesh.h"

namespace bonescope::render {

class MeshRenderer {
public:
    void init(QOpenGLExtraFunctions* gl);
    void release();
    void upload(const Mesh& mesh); // an empty mesh clears
    bool empty() const { return indexCount_ == 0; }
    void draw(const std::vector<glm::mat4>& skin, const glm::mat4& viewProj, const glm::mat4& display,
              const glm::vec4& color);

    static constexpr int kBlockJoints = 1024; // 48 KiB of matrix rows: the minimum GL 3.3 guarantees is 16 KiB

private:
    void drawWith(QOpenGLShaderProgram& program, const glm::mat4& viewProj, const glm::mat4& display,
                  const glm::vec4& color);

    QOpenGLExtraFunctions* gl_ = nullptr;
    std::unique_ptr<QOpenGLShaderProgram> program_;      // texture path
    std::unique_ptr<QOpenGLShaderProgram> blockProgram_; // uniform block path, null when unsupported
    unsigned vao_ = 0, buffers_[5] = {}, jointTexture_ = 0, jointBlock_ = 0;
    int indexCount_ = 0, textureRows_ = 0;
    int singleSidedCount_ = 0; // the first indices, drawn with back faces culled
    std::vector<glm::vec4> rows_; // per frame: three rows per joint
};

} // namespace bonescope::render
