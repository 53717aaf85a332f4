#pragma once
// Helpers for the SMD tests: SMD text as bytes, a file from tests/fixtures/smd, world positions.
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "core/playback/sampler.h"
#include "formats/smd/smd_format.h"
#include "tests/support/test_support.h"

namespace bonescope::test {

inline std::vector<uint8_t> bytesOf(const std::string& s) { return {s.begin(), s.end()}; }
inline std::string textOf(const std::vector<uint8_t>& b) { return {b.begin(), b.end()}; }
inline std::vector<uint8_t> smdFixture(const std::string& name) { return readBytes(fixturePath("smd/" + name)); }

// World position of `bone` at `time` (seconds).
inline glm::dvec3 worldAt(const Scene& s, const std::string& bone, double time)
{
    Sampler sampler(s.animations.at(size_t(s.current)), s.skeleton);
    Pose pose;
    sampler.sample(time, pose);
    return glm::dvec3(pose.world.at(size_t(s.skeleton.find(bone)))[3]);
}

} // namespace bonescope::test
