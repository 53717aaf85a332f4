#pragma once
// CPU picking: bones are found by projecting their joints and parent-to-child segments to the
// screen, so picking needs no GPU read-back.
#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace bonescope::render {

struct ScreenPoint {
    glm::vec2 pixel; // from the top-left corner
    float depth = 0; // NDC z
    bool visible = false; // in front of the camera
};

ScreenPoint project(const glm::mat4& viewProj, glm::vec2 viewportSize, const glm::vec3& world);

struct PickScene {
    std::vector<glm::vec3> joints; // display-space joint positions
    std::vector<int> parents;
    std::vector<uint8_t> visible;  // may be empty: all visible
    std::vector<uint8_t> lines;    // per child: joined by a relationship line, no bone (may be empty)
};

// The bone whose joint is within `jointRadius` pixels (nearest to the camera wins), else the parent
// bone of the nearest bone segment within `segmentRadius` pixels, else -1. A relationship line picks
// nothing: it is no bone of its parent's (every bone stays pickable by its joint).
int pickBone(const PickScene& scene, const glm::mat4& viewProj, glm::vec2 viewportSize, glm::vec2 mouse,
             float jointRadius = 9.f, float segmentRadius = 5.f);

} // namespace bonescope::render
