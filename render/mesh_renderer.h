#pragma once
// A skinned mesh on the GPU: vertex buffers uploaded once, joint matrices streamed each frame into
// a float texture (four texels per joint), so thousands of joints fit.
#include <memory>
#include <vector>

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "core/mesh.h"

namespace bonescope::render {

class MeshRenderer {
public:
    void init(QOpenGLExtraFunctions* gl);
    void release();
    void upload(const Mesh& mesh); // an empty mesh clears
    bool empty() const { return indexCount_ == 0; }
    void draw(const std::vector<glm::mat4>& skin, const glm::mat4& viewProj, const glm::mat4& display,
              const glm::vec4& color);

private:
    QOpenGLExtraFunctions* gl_ = nullptr;
    std::unique_ptr<QOpenGLShaderProgram> program_;
    unsigned vao_ = 0, buffers_[5] = {}, jointTexture_ = 0;
    int indexCount_ = 0, textureRows_ = 0;
};

} // namespace bonescope::render
