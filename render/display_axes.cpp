#include "render/display_axes.h"

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace bonescope::render {

glm::mat4 displayMatrix(UpAxis up)
{
    if (up == UpAxis::Z)
        return glm::rotate(glm::mat4(1.f), -glm::half_pi<float>(), glm::vec3(1, 0, 0));
    return glm::mat4(1.f);
}

int upIndex(UpAxis up) { return up == UpAxis::Z ? 2 : 1; }

float frontYaw(UpAxis up) { return up == UpAxis::Z ? glm::half_pi<float>() : 0.f; }

} // namespace bonescope::render
