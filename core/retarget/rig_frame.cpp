#include "core/retarget/rig_frame.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>
#include <glm/mat3x3.hpp>

namespace bonescope {

namespace {

glm::dvec3 at(const std::vector<glm::dvec3>& world, int b) { return world[size_t(b)]; }

// The world axis nearest to unit vector `v`, when within 30 degrees of it: rigs are authored standing
// on an axis (Y or Z up, facing along another), and a spine or hips that lean in the rest pose must
// not tilt the whole character.
glm::dvec3 snapToAxis(const glm::dvec3& v)
{
    int k = 0;
    for (int i = 1; i < 3; ++i)
        if (std::abs(v[i]) > std::abs(v[k]))
            k = i;
    if (std::abs(v[k]) < std::cos(glm::radians(30.0)))
        return v;
    glm::dvec3 axis(0);
    axis[k] = v[k] > 0 ? 1 : -1;
    return axis;
}

} // namespace

glm::dquat rotationBetween(const glm::dvec3& from, const glm::dvec3& to)
{
    const double lf = glm::length(from), lt = glm::length(to);
    if (lf < 1e-12 || lt < 1e-12)
        return {1, 0, 0, 0};
    const glm::dvec3 a = from / lf, b = to / lt;
    const double d = glm::dot(a, b);
    if (d < -1 + 1e-12) { // opposite: half a turn about any perpendicular axis
        glm::dvec3 axis = glm::cross(a, glm::dvec3(1, 0, 0));
        if (glm::length(axis) < 1e-6)
            axis = glm::cross(a, glm::dvec3(0, 1, 0));
        return glm::angleAxis(glm::pi<double>(), glm::normalize(axis));
    }
    const glm::dvec3 c = glm::cross(a, b);
    return glm::normalize(glm::dquat(1 + d, c.x, c.y, c.z));
}

RigFrame rigFrame(const Skeleton& s, const std::vector<glm::dvec3>& world, const std::optional<Humanoid>& h, int root,
                  const glm::dvec3& fallbackUp)
{
    RigFrame f;
    f.up = glm::normalize(fallbackUp);
    glm::dvec3 left(0), forward(0);
    if (h) {
        const glm::dvec3 up = at(world, h->chest()) - at(world, h->hips);
        const glm::dvec3 side = at(world, h->legs[0].upper) - at(world, h->legs[1].upper);
        if (glm::length(up) > 1e-12 && glm::length(side) > 1e-12) {
            f.up = snapToAxis(glm::normalize(up));
            const glm::dvec3 across = side - f.up * glm::dot(side, f.up);
            if (glm::length(across) > 1e-12) {
                left = glm::normalize(snapToAxis(glm::normalize(across)));
                left = glm::normalize(left - f.up * glm::dot(left, f.up));
                forward = glm::cross(left, f.up);
            }
        }
    }
    if (glm::length(left) < 0.5) {
        // The world's own axes, turned so that y is up.
        const glm::dquat q = rotationBetween({0, 1, 0}, f.up);
        left = q * glm::dvec3(1, 0, 0);
        forward = q * glm::dvec3(0, 0, 1);
    }
    f.axes = glm::normalize(glm::quat_cast(glm::dmat3(left, f.up, forward)));

    // The ground: the lowest bone (a toe, or an IK foot bone that stands in for the feet).
    f.restGround = lowestHeight(s, world, f);
    // Without feet, the ground is at 0 unless a bone hangs below it.
    if (!h)
        f.restGround = std::min(f.restGround, 0.0);
    // The leg length: the hips above the lower foot (ankle; in a rest pose both stand alike, in a
    // frame that serves as the reference one may be lifted), else above the ground.
    const int hips = h ? h->hips : root;
    double feet = f.restGround;
    if (h && h->legs[0].end >= 0 && h->legs[1].end >= 0)
        feet = std::min(f.height(at(world, h->legs[0].end)), f.height(at(world, h->legs[1].end)));
    if (hips >= 0)
        f.legLength = std::max(0.0, f.height(at(world, hips)) - feet);
    // A rig that rests hanging below its origin (BVH rigs put the hips at the origin and the feet a
    // leg length below; their motion lifts the body onto the ground at 0) stands on the world's 0.
    f.ground = f.restGround < -0.5 * f.legLength ? 0.0 : f.restGround;
    return f;
}

double lowestHeight(const Skeleton& s, const std::vector<glm::dvec3>& world, const RigFrame& f)
{
    double low = world.empty() ? 0 : f.height(at(world, 0));
    for (size_t b = 0; b < world.size() && b < s.size(); ++b)
        if (!s.bones[b].isHelper())
            low = std::min(low, f.height(at(world, int(b))));
    return low;
}

double clipGround(const RigFrame& f, double clipLowest)
{
    return std::abs(clipLowest - f.ground) > 0.5 * f.legLength ? clipLowest : f.ground;
}

std::vector<glm::dvec3> restPositions(const Skeleton& s)
{
    std::vector<glm::dvec3> out;
    for (const glm::dmat4& m : s.restWorld())
        out.emplace_back(m[3]);
    return out;
}

RigFrame restFrame(const Skeleton& s, const std::optional<Humanoid>& h)
{
    return rigFrame(s, restPositions(s), h, h ? h->hips : -1, {0, 1, 0});
}

glm::dquat worldToWorld(const RigFrame& source, const RigFrame& target)
{
    return glm::normalize(target.axes * glm::inverse(source.axes));
}

} // namespace bonescope
