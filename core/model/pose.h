#pragma once
// A sampled pose: local and world transforms of every skeleton bone.
#include <cstdint>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace bonescope {

struct BoneTransform {
    glm::vec3 translation{0.f};
    glm::quat rotation{1.f, 0.f, 0.f, 0.f};
    glm::vec3 scale{1.f};
};

// The same in double precision, with the visibility the channels give (1 visible, 0 hidden).
struct LocalTransform {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 scale{1.0};
    double visible = 1.0;
};

struct Pose {
    std::vector<BoneTransform> local;
    std::vector<glm::mat4> world;
    std::vector<uint8_t> visible; // 0 hidden by a visibility channel, 1 otherwise

    void resize(size_t n)
    {
        local.resize(n);
        world.resize(n);
        visible.resize(n, 1);
    }
};

// Local matrix: scale, then rotate, then translate.
inline glm::mat4 toMatrix(const BoneTransform& x)
{
    glm::mat4 m = glm::mat4_cast(x.rotation);
    m[0] *= x.scale.x;
    m[1] *= x.scale.y;
    m[2] *= x.scale.z;
    m[3] = glm::vec4(x.translation, 1.f);
    return m;
}

} // namespace bonescope
