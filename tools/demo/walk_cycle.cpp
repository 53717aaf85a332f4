#include "tools/demo/walk_cycle.h"

#include <cmath>
#include <functional>

#include <glm/gtc/constants.hpp>

namespace bonescope::demo {

namespace {

constexpr double kFps = 30;
constexpr int kFrames = 30;          // one cycle; frame 30 repeats frame 0 one stride ahead
constexpr double kStride = 1.4;      // metres per cycle
constexpr double kPi = glm::pi<double>();

glm::dquat aroundX(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(1, 0, 0)); }
glm::dquat aroundY(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 1, 0)); }
glm::dquat aroundZ(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 0, 1)); }

// Phase p runs 0..1 over the cycle. Negative rotation about X swings a limb forward (+Z).
using RotationCurve = std::function<glm::dquat(double p)>;

double wave(double p, double shift = 0) { return std::sin(2 * kPi * (p + shift)); }
// Knee bend: small while the leg is planted, large while it swings forward.
double knee(double p) { return 8 + 50 * std::pow(std::max(0.0, wave(p, 0.5)), 1.5); }

} // namespace

Animation buildWalkCycle(const Skeleton& character)
{
    Animation anim;
    anim.name = "walk";
    anim.fps = kFps;
    anim.duration = kFrames / kFps;
    anim.looping = true;

    auto rotationTrack = [&](const char* bone, const RotationCurve& curve) {
        Track t;
        t.name = bone;
        for (int f = 0; f <= kFrames; ++f)
            t.rotation.keys.push_back({f / kFps, glm::normalize(curve(double(f) / kFrames))});
        anim.tracks.push_back(std::move(t));
    };

    // Root motion: the root walks forward along +Z at a steady pace.
    Track root;
    root.name = "root";
    for (int f = 0; f <= kFrames; ++f)
        root.translation.keys.push_back({f / kFps, glm::dvec3(0, 0, kStride * f / kFrames)});
    anim.tracks.push_back(std::move(root));

    // The pelvis bobs twice per cycle (lowest as each foot lands) and sways toward the planted leg.
    const glm::dvec3 pelvisRest = character.bones[character.find("pelvis")].restTranslation;
    Track pelvis;
    pelvis.name = "pelvis";
    for (int f = 0; f <= kFrames; ++f) {
        const double p = double(f) / kFrames;
        pelvis.translation.keys.push_back(
            {f / kFps, pelvisRest + glm::dvec3(0.025 * wave(p, 0.25), 0.03 * std::cos(4 * kPi * (p - 0.25)), 0)});
        pelvis.rotation.keys.push_back({f / kFps, aroundY(8 * wave(p)) * aroundZ(3 * wave(p, 0.25))});
    }
    anim.tracks.push_back(std::move(pelvis));

    rotationTrack("spine", [](double p) { return aroundY(-6 * wave(p)) * aroundX(4); });
    rotationTrack("chest", [](double p) { return aroundY(-6 * wave(p)); });
    rotationTrack("neck", [](double p) { return aroundY(5 * wave(p)); });
    rotationTrack("head", [](double p) { return aroundX(-4 + 2 * std::cos(4 * kPi * p)); });
    // Left leg forward at p = 0.25, right at p = 0.75; arms swing against the legs.
    for (int side = 0; side < 2; ++side) {
        const double shift = side * 0.5;
        const double out = side == 0 ? 1 : -1; // arms hang slightly away from the body
        const std::string s = side == 0 ? "_l" : "_r";
        rotationTrack(("thigh" + s).c_str(), [=](double p) { return aroundX(-28 * wave(p, shift) - 6); });
        rotationTrack(("shin" + s).c_str(), [=](double p) { return aroundX(knee(p + shift)); });
        rotationTrack(("foot" + s).c_str(), [=](double p) { return aroundX(-12 * wave(p, shift + 0.1)); });
        rotationTrack(("upperarm" + s).c_str(),
                      [=](double p) { return aroundZ(out * 6) * aroundX(24 * wave(p, shift)); });
        rotationTrack(("forearm" + s).c_str(), [=](double p) { return aroundX(-22 + 12 * wave(p, shift)); });
    }

    anim.notes.push_back({0.25, "footstep_left"});
    anim.notes.push_back({0.75, "footstep_right"});
    return anim;
}

} // namespace bonescope::demo
