#include "formats/lego/lego_camera.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "core/playback/channel_eval.h"

namespace bonescope {

CameraSample sampleCamera(const LegoExtra& x, double time, const KeyConvention& axes)
{
    CameraSample s;
    if (!x.hasCamera())
        return s;
    // A channel that does not apply leaves the game's matrix at the origin.
    uint32_t cursor = 0;
    glm::dvec3 eye(0.0), target(0.0);
    sampleChannel(x.cameraPosition, time, cursor, eye);
    cursor = 0;
    sampleChannel(x.cameraTarget, time, cursor, target);
    cursor = 0;
    const Segment roll = locate(x.cameraRoll, time, cursor);
    s.roll = roll.applies ? x.cameraRoll.keys.value(roll.a) : 0.0;

    // The game's basis, in the file's own axes: forward = target - eye, right = up x forward,
    // camera up = forward x right, then the roll turns right towards up.
    const glm::dvec3 worldUp(0.0, 1.0, 0.0);
    glm::dvec3 forward = target - eye;
    glm::dvec3 right = glm::cross(worldUp, forward);
    const bool valid = glm::length(forward) > 0 && glm::length(right) > 0;
    glm::dvec3 rolledUp = worldUp;
    if (valid) {
        forward = glm::normalize(forward);
        right = glm::normalize(right);
        const glm::dvec3 camUp = glm::cross(forward, right);
        rolledUp = -std::sin(s.roll) * right + std::cos(s.roll) * camUp;
    }
    s.valid = valid;
    s.eye = axes.apply(eye);
    s.target = axes.apply(target);
    s.up = axes.apply(worldUp);
    s.rolledUp = axes.apply(rolledUp);
    return s;
}

glm::dmat4 cameraView(const CameraSample& s)
{
    return s.valid ? glm::lookAtRH(s.eye, s.target, s.rolledUp) : glm::dmat4(1.0);
}

std::vector<glm::dvec3> cameraPath(const LegoExtra& x, const KeyConvention& axes)
{
    std::vector<glm::dvec3> path;
    if (!x.hasCamera())
        return path;
    path.reserve(x.cameraPosition.size());
    for (const auto& k : x.cameraPosition.keys)
        path.push_back(axes.apply(k.value));
    return path;
}

} // namespace bonescope
