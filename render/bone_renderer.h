#pragma once
// Instanced drawing of bone shapes (octahedra) and joint spheres: one draw call each per frame. With
// hundreds of joints the spheres are low-poly: on software GL the vertex work per sphere dominates.
#include <memory>
#include <vector>

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

namespace bonescope::render {

struct ShapeInstance {
    glm::mat4 matrix; // unit shape -> source space
    glm::vec4 color;
};

class BoneRenderer {
public:
    void init(QOpenGLExtraFunctions* gl);
    void release();
    void draw(const std::vector<ShapeInstance>& bones, const std::vector<ShapeInstance>& joints,
              const glm::mat4& viewProj, const glm::mat4& display);

    static constexpr size_t kManyJoints = 150;
    // Beyond this many, joints are a few pixels wide: an eight-face ball with smooth normals.
    static constexpr size_t kVeryManyJoints = 300;

private:
    struct Shape {
        unsigned vao = 0, vbo = 0, ebo = 0, instances = 0;
        int vertexCount = 0, indexCount = 0; // indexCount 0: not indexed
    };
    void build(Shape& s, const void* data, int vertexCount, const std::vector<uint16_t>& indices = {});
    void drawShape(Shape& s, const std::vector<ShapeInstance>& inst);

    QOpenGLExtraFunctions* gl_ = nullptr;
    std::unique_ptr<QOpenGLShaderProgram> program_;
    Shape bone_, joint_, lowJoint_, tinyJoint_;
};

} // namespace bonescope::render
