#include "render/gl_program.h"

#include <stdexcept>

namespace bonescope::render {

std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& vertex, const QString& fragment)
{
    auto p = std::make_unique<QOpenGLShaderProgram>();
    if (!p->addShaderFromSourceFile(QOpenGLShader::Vertex, ":/shaders/" + vertex) ||
        !p->addShaderFromSourceFile(QOpenGLShader::Fragment, ":/shaders/" + fragment) || !p->link())
        throw std::runtime_error(("shader " + vertex + " / " + fragment + ": " + p->log()).toStdString());
    return p;
}

} // namespace bonescope::render
