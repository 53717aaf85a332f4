#pragma once
// Shader programs built from the sources in resources/shaders.qrc.
#include <memory>

#include <QOpenGLShaderProgram>
#include <QString>

namespace bonescope::render {

// Throws std::runtime_error with the compiler's log when a shader does not build.
std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& vertex, const QString& fragment);

} // namespace bonescope::render
