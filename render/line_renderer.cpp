#include "render/line_renderer.h"

#include <glm/gtc/type_ptr.hpp>

#include "render/gl_program.h"

namespace bonescope::render {

void LineRenderer::init(QOpenGLExtraFunctions* gl)
{
    gl_ = gl;
    program_ = loadProgram("line.vert", "line.frag");
    gl_->glGenVertexArrays(1, &vao_);
    gl_->glGenBuffers(1, &vbo_);
    gl_->glBindVertexArray(vao_);
    gl_->glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    gl_->glEnableVertexAttribArray(0);
    gl_->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex), nullptr);
    gl_->glEnableVertexAttribArray(1);
    gl_->glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                               reinterpret_cast<void*>(offsetof(LineVertex, color)));
    gl_->glBindVertexArray(0);
}

void LineRenderer::release()
{
    if (!gl_)
        return;
    gl_->glDeleteVertexArrays(1, &vao_);
    gl_->glDeleteBuffers(1, &vbo_);
    program_.reset();
    gl_ = nullptr;
}

void LineRenderer::draw(const std::vector<LineVertex>& segments, const glm::mat4& viewProj, const glm::mat4& model)
{
    if (segments.empty())
        return;
    program_->bind();
    gl_->glUniformMatrix4fv(program_->uniformLocation("viewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    gl_->glUniformMatrix4fv(program_->uniformLocation("model"), 1, GL_FALSE, glm::value_ptr(model));
    gl_->glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    gl_->glBufferData(GL_ARRAY_BUFFER, segments.size() * sizeof(LineVertex), segments.data(), GL_STREAM_DRAW);
    gl_->glBindVertexArray(vao_);
    gl_->glDrawArrays(GL_LINES, 0, GLsizei(segments.size()));
    gl_->glBindVertexArray(0);
    program_->release();
}

} // namespace bonescope::render
