#pragma once
// Ground contacts of a foot, found from its height and speed over a clip: a foot is planted where it
// is near its lowest and nearly still. Foot locking pins the retargeted foot there (no sliding).
#include <vector>

#include <glm/vec3.hpp>

namespace bonescope {

struct ContactRange {
    int first = 0, last = 0; // frames, both included
};

struct ContactOptions {
    double heightShare = 0.07; // of the leg length, above the foot's lowest point in the clip
    double speedShare = 0.5;   // of the leg length per second
    int minFrames = 2;         // shorter contacts are noise
};

// `ankle` (and `toe`, when the rig has one: empty otherwise): the joints' world positions at each
// frame (at `fps`); `up`: the world's up; `legLength`: hips above the feet in the rest pose. A foot is
// planted while its ankle or its toe is near its lowest and nearly still (a heel strike, a toe-off).
// `inPlace`: the clip walks on the spot (its hips do not travel), where a planted foot slides back as
// on a treadmill; then nearness to the ground alone tells.
std::vector<ContactRange> findContacts(const std::vector<glm::dvec3>& ankle, const std::vector<glm::dvec3>& toe,
                                       const glm::dvec3& up, double fps, double legLength, bool inPlace = false,
                                       const ContactOptions& options = {});

} // namespace bonescope
