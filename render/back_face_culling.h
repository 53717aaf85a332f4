#pragma once
// The project's winding: front faces are counter-clockwise (glTF's rule, and how render/shapes.cpp
// builds its closed shapes). Draws made while a BackFaceCulling lives skip back faces; culling is off
// again afterwards, the state every other draw expects.
#include <QOpenGLFunctions>

namespace bonescope::render {

class BackFaceCulling {
public:
    explicit BackFaceCulling(QOpenGLFunctions* gl) : gl_(gl)
    {
        gl_->glEnable(GL_CULL_FACE);
        gl_->glCullFace(GL_BACK);
        gl_->glFrontFace(GL_CCW);
    }
    ~BackFaceCulling() { gl_->glDisable(GL_CULL_FACE); }
    BackFaceCulling(const BackFaceCulling&) = delete;
    BackFaceCulling& operator=(const BackFaceCulling&) = delete;

private:
    QOpenGLFunctions* gl_;
};

} // namespace bonescope::render
