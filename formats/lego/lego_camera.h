#pragma once
// The camera animation of a LEGO Island .ani, sampled as the game does (LegoAnimScene): eye and
// target follow translation rules (lerp, nothing before the first key, the last key holds), the world
// up is +Y, and the roll about the view axis takes the earlier key's value. Qt-free, for a viewport
// that shows the camera path or looks through the camera.
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "core/model/key_convention.h"
#include "formats/lego/lego_extra.h"

namespace bonescope {

struct CameraSample {
    bool valid = false;            // false without camera data, or when eye and target coincide
    glm::dvec3 eye{0.0};           // where the camera is
    glm::dvec3 target{0.0};        // the point it looks at
    glm::dvec3 up{0.0, 1.0, 0.0};  // the world up the view is built from
    double roll = 0;               // radians, as stored
    glm::dvec3 rolledUp{0.0, 1.0, 0.0}; // the camera's own up axis once rolled
};

// At `time` seconds, converted by `axes` (the file's values with the identity conversion).
CameraSample sampleCamera(const LegoExtra& extra, double time,
                          const KeyConvention& axes = lego::keyConvention());

// World-to-camera matrix (right-handed look-at with the rolled up axis); identity when not valid.
glm::dmat4 cameraView(const CameraSample& s);

// The eye's path: its position at each position key (it moves linearly between them), converted.
std::vector<glm::dvec3> cameraPath(const LegoExtra& extra, const KeyConvention& axes = lego::keyConvention());

} // namespace bonescope
