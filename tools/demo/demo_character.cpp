#include "tools/demo/demo_character.h"

#include <cmath>
#include <string>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/mat4x4.hpp>

namespace bonescope::demo {

namespace {

struct BoneDef {
    const char* name;
    const char* parent;
    glm::dvec3 offset; // from the parent's joint
};

// Left is +X (the character faces +Z).
const BoneDef kBones[] = {
    {"root", nullptr, {0, 0, 0}},
    {"pelvis", "root", {0, 0.95, 0}},
    {"spine", "pelvis", {0, 0.14, 0}},
    {"chest", "spine", {0, 0.2, 0}},
    {"neck", "chest", {0, 0.2, 0}},
    {"head", "neck", {0, 0.1, 0}},
    {"upperarm_l", "chest", {0.2, 0.16, 0}},
    {"forearm_l", "upperarm_l", {0, -0.28, 0}},
    {"hand_l", "forearm_l", {0, -0.25, 0}},
    {"upperarm_r", "chest", {-0.2, 0.16, 0}},
    {"forearm_r", "upperarm_r", {0, -0.28, 0}},
    {"hand_r", "forearm_r", {0, -0.25, 0}},
    {"thigh_l", "pelvis", {0.1, -0.05, 0}},
    {"shin_l", "thigh_l", {0, -0.42, 0}},
    {"foot_l", "shin_l", {0, -0.42, 0}},
    {"toe_l", "foot_l", {0, -0.06, 0.13}},
    {"thigh_r", "pelvis", {-0.1, -0.05, 0}},
    {"shin_r", "thigh_r", {0, -0.42, 0}},
    {"foot_r", "shin_r", {0, -0.42, 0}},
    {"toe_r", "foot_r", {0, -0.06, 0.13}},
};

class Builder {
public:
    Builder(Character& c, int detail) : c_(c), detail_(std::max(1, detail))
    {
        world_ = c.skeleton.restWorld();
    }

    glm::vec3 joint(int bone) const { return glm::vec3(world_[bone][3]); }
    int bone(const char* name) const { return c_.skeleton.find(name); }

    // A tube from the joint of `a` to the joint of `child`, weighted to `a`, blending into `child`
    // near its end and into `a`'s parent near its start so that bends stay closed.
    void limb(const char* aName, const char* childName, float r0, float r1, float depthScale = 1.f)
    {
        const int a = bone(aName), b = bone(childName);
        const int prev = c_.skeleton.bones[a].parent;
        const glm::vec3 p = joint(a), q = joint(b);
        const glm::vec3 axis = glm::normalize(q - p);
        const glm::vec3 helper = std::abs(axis.y) > 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        const glm::vec3 u = glm::normalize(glm::cross(axis, helper));
        const glm::vec3 v = glm::cross(axis, u);
        const int rings = 8 * detail_, sides = 16 * detail_;
        const uint32_t base = uint32_t(c_.mesh.positions.size());
        for (int i = 0; i <= rings; ++i) {
            const float t = float(i) / rings;
            const float r = r0 + (r1 - r0) * t;
            glm::uvec4 j(uint32_t(a), uint32_t(b), uint32_t(prev < 0 ? a : prev), 0);
            glm::vec4 w(1, 0, 0, 0);
            if (t > 0.8f)
                w = glm::vec4(1 - (t - 0.8f) / 0.2f * 0.5f, (t - 0.8f) / 0.2f * 0.5f, 0, 0);
            else if (t < 0.2f && prev >= 0)
                w = glm::vec4(1 - (0.2f - t) / 0.2f * 0.5f, 0, (0.2f - t) / 0.2f * 0.5f, 0);
            for (int s = 0; s < sides; ++s) {
                const float ang = glm::two_pi<float>() * s / sides;
                const glm::vec3 dir = std::cos(ang) * u + std::sin(ang) * v;
                glm::vec3 radial = std::cos(ang) * u * r + std::sin(ang) * v * r * depthScale;
                add(p + (q - p) * t + radial, dir, j, w);
            }
        }
        for (int i = 0; i < rings; ++i)
            for (int s = 0; s < sides; ++s) {
                const uint32_t a0 = base + i * sides + s, a1 = base + i * sides + (s + 1) % sides;
                const uint32_t b0 = a0 + sides, b1 = a1 + sides;
                tri(a0, b0, a1);
                tri(a1, b0, b1);
            }
    }

    // An axis-aligned box around `center`, rigid on one bone, with flat normals.
    void box(const char* boneName, glm::vec3 center, glm::vec3 half)
    {
        const uint32_t b = uint32_t(bone(boneName));
        for (int axis = 0; axis < 3; ++axis)
            for (int sign = -1; sign <= 1; sign += 2) {
                glm::vec3 n(0);
                n[axis] = float(sign);
                const int ua = (axis + 1) % 3, va = (axis + 2) % 3;
                const uint32_t base = uint32_t(c_.mesh.positions.size());
                for (int k = 0; k < 4; ++k) {
                    glm::vec3 p = center;
                    p[axis] += sign * half[axis];
                    p[ua] += ((k & 1) ? 1 : -1) * half[ua];
                    p[va] += ((k & 2) ? 1 : -1) * half[va];
                    add(p, n, glm::uvec4(b, 0, 0, 0), glm::vec4(1, 0, 0, 0));
                }
                if (sign > 0) {
                    tri(base, base + 1, base + 3);
                    tri(base, base + 3, base + 2);
                } else {
                    tri(base, base + 3, base + 1);
                    tri(base, base + 2, base + 3);
                }
            }
    }

    void sphere(const char* boneName, glm::vec3 center, glm::vec3 radius)
    {
        const uint32_t b = uint32_t(bone(boneName));
        const int rings = 10 * detail_, sides = 16 * detail_;
        const uint32_t base = uint32_t(c_.mesh.positions.size());
        for (int i = 0; i <= rings; ++i) {
            const float phi = glm::pi<float>() * i / rings;
            for (int s = 0; s <= sides; ++s) {
                const float th = glm::two_pi<float>() * s / sides;
                const glm::vec3 n(std::sin(phi) * std::cos(th), std::cos(phi), std::sin(phi) * std::sin(th));
                add(center + n * radius, glm::normalize(n / radius), glm::uvec4(b, 0, 0, 0), glm::vec4(1, 0, 0, 0));
            }
        }
        for (int i = 0; i < rings; ++i)
            for (int s = 0; s < sides; ++s) {
                const uint32_t a0 = base + i * (sides + 1) + s, a1 = a0 + 1;
                const uint32_t b0 = a0 + sides + 1, b1 = b0 + 1;
                tri(a0, a1, b0);
                tri(a1, b1, b0);
            }
    }

private:
    void add(glm::vec3 p, glm::vec3 n, glm::uvec4 j, glm::vec4 w)
    {
        c_.mesh.positions.push_back(p);
        c_.mesh.normals.push_back(n);
        c_.mesh.joints.push_back(j);
        c_.mesh.weights.push_back(w);
    }
    void tri(uint32_t a, uint32_t b, uint32_t c)
    {
        c_.mesh.indices.insert(c_.mesh.indices.end(), {a, b, c});
    }

    Character& c_;
    int detail_;
    std::vector<glm::dmat4> world_;
};

} // namespace

Character buildCharacter(int detail)
{
    Character c;
    for (const BoneDef& d : kBones) {
        Bone b;
        b.name = d.name;
        b.parent = d.parent ? c.skeleton.find(d.parent) : -1;
        b.restTranslation = d.offset;
        c.skeleton.bones.push_back(std::move(b));
    }
    Builder m(c, detail);
    m.limb("pelvis", "spine", 0.15f, 0.14f, 0.65f);
    m.limb("spine", "chest", 0.14f, 0.16f, 0.65f);
    m.limb("chest", "neck", 0.17f, 0.12f, 0.65f);
    m.limb("neck", "head", 0.05f, 0.05f);
    m.sphere("head", m.joint(m.bone("head")) + glm::vec3(0, 0.1f, 0.01f), glm::vec3(0.09f, 0.12f, 0.1f));
    for (const char* side : {"_l", "_r"}) {
        auto n = [side](const char* base) { return std::string(base) + side; };
        const std::string upper = n("upperarm"), fore = n("forearm"), hand = n("hand");
        const std::string thigh = n("thigh"), shin = n("shin"), foot = n("foot"), toe = n("toe");
        m.limb(upper.c_str(), fore.c_str(), 0.055f, 0.045f);
        m.limb(fore.c_str(), hand.c_str(), 0.045f, 0.035f);
        m.box(hand.c_str(), m.joint(m.bone(hand.c_str())) + glm::vec3(0, -0.07f, 0), {0.02f, 0.07f, 0.045f});
        m.limb(thigh.c_str(), shin.c_str(), 0.085f, 0.06f);
        m.limb(shin.c_str(), foot.c_str(), 0.06f, 0.045f);
        m.box(foot.c_str(), m.joint(m.bone(foot.c_str())) + glm::vec3(0, -0.04f, 0.05f), {0.05f, 0.035f, 0.11f});
    }
    const auto world = c.skeleton.restWorld();
    for (const auto& w : world)
        c.mesh.inverseBind.push_back(glm::mat4(glm::inverse(w)));
    return c;
}

} // namespace bonescope::demo
