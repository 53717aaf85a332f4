#pragma once
// How a file's own translation and rotation values map to the viewer's convention (right-handed,
// Y up, column vectors). Kept as data beside the keys, so that the model holds the values exactly as
// stored (the dump prints them, saving writes them back unchanged) and the sampler converts each
// sampled key value in this one place. Sign flips cover mirrored axes and row-vector sources; scale
// is unaffected by them.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bonescope {

struct KeyConvention {
    glm::dvec3 translation{1.0}; // factor per component (x, y, z) of a translation
    glm::dvec4 rotation{1.0};    // factor per component (w, x, y, z) of a quaternion

    bool operator==(const KeyConvention&) const = default;
    bool isIdentity() const { return *this == KeyConvention{}; }

    glm::dvec3 apply(const glm::dvec3& p) const { return p * translation; }
    glm::dquat apply(const glm::dquat& q) const
    {
        return glm::dquat(q.w * rotation[0], q.x * rotation[1], q.y * rotation[2], q.z * rotation[3]);
    }
    // Whether the conversion mirrors space (an odd number of flipped translation axes): angles about
    // a converted axis then turn the other way.
    bool mirrors() const { return translation.x * translation.y * translation.z < 0; }
};

} // namespace bonescope
