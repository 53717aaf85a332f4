#include "render/bone_renderer.h"

#include <glm/gtc/type_ptr.hpp>

#include "render/back_face_culling.h"
#include "render/gl_program.h"
#include "render/shapes.h"

namespace bonescope::render {

void BoneRenderer::init(QOpenGLExtraFunctions* gl)
{
    gl_ = gl;
    program_ = loadProgram("bone.vert", "lit.frag");
    const auto octa = octahedronBone();
    build(bone_, octa.data(), int(octa.size()));
    const IndexedShape ball = sphere(8, 12), lowBall = sphere(4, 6), tinyBall = sphere(2, 4);
    build(joint_, ball.vertices.data(), int(ball.vertices.size()), ball.indices);
    build(lowJoint_, lowBall.vertices.data(), int(lowBall.vertices.size()), lowBall.indices);
    build(tinyJoint_, tinyBall.vertices.data(), int(tinyBall.vertices.size()), tinyBall.indices);
}

void BoneRenderer::build(Shape& s, const void* data, int vertexCount, const std::vector<uint16_t>& indices)
{
    gl_->glGenVertexArrays(1, &s.vao);
    gl_->glGenBuffers(1, &s.vbo);
    gl_->glGenBuffers(1, &s.instances);
    gl_->glBindVertexArray(s.vao);
    gl_->glBindBuffer(GL_ARRAY_BUFFER, s.vbo);
    gl_->glBufferData(GL_ARRAY_BUFFER, vertexCount * sizeof(ShapeVertex), data, GL_STATIC_DRAW);
    gl_->glEnableVertexAttribArray(0);
    gl_->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(ShapeVertex), nullptr);
    gl_->glEnableVertexAttribArray(1);
    gl_->glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(ShapeVertex),
                               reinterpret_cast<void*>(offsetof(ShapeVertex, normal)));
    gl_->glBindBuffer(GL_ARRAY_BUFFER, s.instances);
    for (int c = 0; c < 5; ++c) { // four matrix columns, then the colour
        gl_->glEnableVertexAttribArray(2 + c);
        gl_->glVertexAttribPointer(2 + c, 4, GL_FLOAT, GL_FALSE, sizeof(ShapeInstance),
                                   reinterpret_cast<void*>(sizeof(glm::vec4) * c));
        gl_->glVertexAttribDivisor(2 + c, 1);
    }
    if (!indices.empty()) {
        gl_->glGenBuffers(1, &s.ebo);
        gl_->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, s.ebo); // recorded in the VAO
        gl_->glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size() * sizeof(uint16_t)), indices.data(),
                          GL_STATIC_DRAW);
    }
    gl_->glBindVertexArray(0);
    s.vertexCount = vertexCount;
    s.indexCount = int(indices.size());
}

void BoneRenderer::release()
{
    if (!gl_)
        return;
    for (Shape* s : {&bone_, &joint_, &lowJoint_, &tinyJoint_}) {
        gl_->glDeleteVertexArrays(1, &s->vao);
        gl_->glDeleteBuffers(1, &s->vbo);
        gl_->glDeleteBuffers(1, &s->instances);
        if (s->ebo)
            gl_->glDeleteBuffers(1, &s->ebo);
        *s = Shape{};
    }
    program_.reset();
    gl_ = nullptr;
}

void BoneRenderer::drawShape(Shape& s, const std::vector<ShapeInstance>& inst)
{
    if (inst.empty())
        return;
    gl_->glBindBuffer(GL_ARRAY_BUFFER, s.instances);
    gl_->glBufferData(GL_ARRAY_BUFFER, inst.size() * sizeof(ShapeInstance), inst.data(), GL_STREAM_DRAW);
    gl_->glBindVertexArray(s.vao);
    if (s.indexCount > 0)
        gl_->glDrawElementsInstanced(GL_TRIANGLES, s.indexCount, GL_UNSIGNED_SHORT, nullptr, GLsizei(inst.size()));
    else
        gl_->glDrawArraysInstanced(GL_TRIANGLES, 0, s.vertexCount, GLsizei(inst.size()));
    gl_->glBindVertexArray(0);
}

void BoneRenderer::draw(const std::vector<ShapeInstance>& bones, const std::vector<ShapeInstance>& joints,
                        const glm::mat4& viewProj, const glm::mat4& display)
{
    program_->bind();
    const glm::mat4 vpd = viewProj * display;
    const glm::mat3 normal(display);
    gl_->glUniformMatrix4fv(program_->uniformLocation("viewProjDisplay"), 1, GL_FALSE, glm::value_ptr(vpd));
    gl_->glUniformMatrix3fv(program_->uniformLocation("displayNormal"), 1, GL_FALSE, glm::value_ptr(normal));
    {
        const BackFaceCulling culling(gl_); // closed shapes: their back faces are never seen
        drawShape(bone_, bones);
        drawShape(joints.size() > kVeryManyJoints ? tinyJoint_ : joints.size() > kManyJoints ? lowJoint_ : joint_,
                  joints);
    }
    program_->release();
}

} // namespace bonescope::render
