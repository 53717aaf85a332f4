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
    double heightShare = 0.08; // of the leg length, above the foot's lowest point in the clip
    double speedShare = 0.6;   // of the leg length per second
    int minFrames = 2;         // shorter contacts are noise
};

// `positions`: the foot joint's world position at each frame (at `fps`); `up`: the world's up;
// `legLength`: hips above the ground in the rest pose.
std::vector<ContactRange> findContacts(const std::vector<glm::dvec3>& positions, const glm::dvec3& up, double fps,
                                       double legLength, const ContactOptions& options = {});

} // namespace bonescope
