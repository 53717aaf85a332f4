#pragma once
// Shader programs built from the sources in resources/shaders.qrc.
#include <memory>

#include <QOpenGLShaderProgram>
#include <QString>

namespace bonescope::render {

// Throws std::runtime_error with the compiler's log when a shader does not build. `defines` (lines
// such as "#define MAX_JOINTS 1024") go right after the #version line of both shaders.
std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& vertex, const QString& fragment,
                                                  const QByteArray& defines = {});

} // namespace bonescope::render
