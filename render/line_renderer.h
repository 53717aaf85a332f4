#pragma once
// Coloured line segments (grid, axes, paths), uploaded each time they change.
#include <memory>
#include <vector>

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bonescope::render {

struct LineVertex {
    glm::vec3 position;
    glm::vec4 color;
};

class LineRenderer {
public:
    void init(QOpenGLExtraFunctions* gl);
    void release();
    // Pairs of vertices, one segment each.
    void draw(const std::vector<LineVertex>& segments, const glm::mat4& viewProj, const glm::mat4& model);

private:
    QOpenGLExtraFunctions* gl_ = nullptr;
    std::unique_ptr<QOpenGLShaderProgram> program_;
    unsigned vao_ = 0, vbo_ = 0;
};

} // namespace bonescope::render
