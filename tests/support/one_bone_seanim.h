#pragma once
// The small bases and additives of the layering tests: a one-bone ("root") SEAnim of a given type,
// one translation, and a rotation about Z from `from` to `to` degrees over one second at 30 fps.
#include <cstdint>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "formats/registry.h"
#include "formats/seanim/seanim_extra.h"

namespace bonescope::test {

inline glm::dquat aboutZ(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 0, 1)); }

inline std::vector<uint8_t> oneBoneSeanim(uint8_t type, glm::dvec3 translation, double from, double to)
{
    Scene s;
    s.format = "seanim";
    Animation a;
    a.fps = 30;
    a.duration = 1;
    a.blend = seanim::blendForType(type);
    Track track;
    track.name = "root";
    track.translation.keys = {{0, translation}, {1, translation}};
    track.rotation.keys = {{0, aboutZ(from)}, {1, aboutZ(to)}};
    a.tracks.push_back(track);
    s.animations.push_back(a);
    return Registry::instance().byId("seanim")->write(s);
}

} // namespace bonescope::test
