#include "render/gl_program.h"

#include <stdexcept>

#include <QFile>

namespace bonescope::render {

namespace {

QByteArray source(const QString& name, const QByteArray& defines)
{
    QFile f(":/shaders/" + name);
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error(("shader " + name + ": missing").toStdString());
    QByteArray text = f.readAll();
    if (!defines.isEmpty()) {
        const qsizetype eol = text.indexOf('\n'); // after "#version ..."
        text.insert(eol < 0 ? text.size() : eol + 1, defines + '\n');
    }
    return text;
}

} // namespace

std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& vertex, const QString& fragment,
                                                  const QByteArray& defines)
{
    auto p = std::make_unique<QOpenGLShaderProgram>();
    if (!p->addShaderFromSourceCode(QOpenGLShader::Vertex, source(vertex, defines)) ||
        !p->addShaderFromSourceCode(QOpenGLShader::Fragment, source(fragment, defines)) || !p->link())
        throw std::runtime_error(("shader " + vertex + " / " + fragment + ": " + p->log()).toStdString());
    return p;
}

} // namespace bonescope::render
