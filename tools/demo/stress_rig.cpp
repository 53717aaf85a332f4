#include "tools/demo/stress_rig.h"

#include <cmath>
#include <string>

#include <glm/gtc/constants.hpp>

namespace bonescope::demo {

namespace {
constexpr int kChains = 20, kBonesPerChain = 25, kRingsPerBone = 4, kSides = 25;
constexpr double kBoneLength = 0.08;
} // namespace

Character buildStressRig()
{
    Character c;
    c.skeleton.bones.push_back(Bone{"root"});
    for (int k = 0; k < kChains; ++k) {
        const double a = glm::two_pi<double>() * k / kChains;
        for (int b = 0; b < kBonesPerChain; ++b) {
            Bone bone;
            bone.name = "chain" + std::to_string(k) + "_" + std::to_string(b);
            bone.parent = b == 0 ? 0 : int(c.skeleton.bones.size()) - 1;
            bone.restTranslation = b == 0 ? glm::dvec3(std::cos(a) * 0.6, 0, std::sin(a) * 0.6) : glm::dvec3(0, kBoneLength, 0);
            c.skeleton.bones.push_back(std::move(bone));
        }
    }
    const auto world = c.skeleton.restWorld();
    Mesh& m = c.mesh;
    for (int k = 0; k < kChains; ++k) {
        const int first = 1 + k * kBonesPerChain;
        const glm::vec3 base(world[first][3]);
        const uint32_t start = uint32_t(m.positions.size());
        const int rings = kBonesPerChain * kRingsPerBone;
        for (int r = 0; r < rings; ++r) {
            const int bone = first + r / kRingsPerBone;
            const float f = float(r % kRingsPerBone) / kRingsPerBone; // along the bone
            const int next = std::min(bone + 1, first + kBonesPerChain - 1);
            const float radius = 0.05f * (1.f - 0.8f * float(r) / rings);
            for (int s = 0; s < kSides; ++s) {
                const float th = glm::two_pi<float>() * s / kSides;
                const glm::vec3 n(std::cos(th), 0, std::sin(th));
                m.positions.push_back(base + glm::vec3(0, float(kBoneLength) * float(r) / kRingsPerBone, 0) + n * radius);
                m.normals.push_back(n);
                m.joints.push_back(glm::uvec4(uint32_t(bone), uint32_t(next), 0, 0));
                m.weights.push_back(glm::vec4(1.f - 0.5f * f, 0.5f * f, 0, 0));
            }
        }
        for (int r = 0; r + 1 < rings; ++r)
            for (int s = 0; s < kSides; ++s) {
                const uint32_t a0 = start + r * kSides + s, a1 = start + r * kSides + (s + 1) % kSides;
                m.indices.insert(m.indices.end(), {a0, a0 + kSides, a1, a1, a0 + kSides, a1 + kSides});
            }
    }
    for (const auto& w : world)
        m.inverseBind.push_back(glm::mat4(glm::inverse(w)));
    return c;
}

Animation buildStressWave(const Skeleton& rig)
{
    Animation anim;
    anim.name = "wave";
    anim.fps = 30;
    anim.duration = 2.0;
    anim.looping = true;
    for (size_t i = 1; i < rig.size(); ++i) {
        Track t;
        t.name = rig.bones[i].name;
        const double phase = double(i % kBonesPerChain) * 0.25 + double(i / kBonesPerChain);
        for (int f = 0; f <= 60; ++f) {
            const double time = f / 30.0;
            const double x = 0.12 * std::sin(glm::pi<double>() * time + phase);
            const double z = 0.12 * std::cos(glm::pi<double>() * time + phase * 0.7);
            t.rotation.keys.push_back({time, glm::normalize(glm::dquat(1, x * 0.5, 0, z * 0.5))});
        }
        anim.tracks.push_back(std::move(t));
    }
    return anim;
}

} // namespace bonescope::demo
