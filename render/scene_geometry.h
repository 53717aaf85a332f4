#pragma once
// What the viewport draws, built on the CPU each frame from a pose: bone and joint instances, the
// ground grid, the axes and polylines.
#include <cstdint>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "render/bone_renderer.h"
#include "render/line_renderer.h"

namespace bonescope::render {

struct BoneStyle {
    float jointRadius = 0.02f;
    glm::vec4 normal{0.62f, 0.68f, 0.78f, 1.f};
    glm::vec4 selected{1.f, 0.6f, 0.15f, 1.f};
    glm::vec4 current{1.f, 0.85f, 0.3f, 1.f};
    glm::vec4 hovered{0.55f, 0.85f, 1.f, 1.f};
};

// flags per bone: bit 0 selected, bit 1 current (the last selected), bit 2 hovered.
namespace boneflag {
constexpr uint8_t Selected = 1, Current = 2, Hovered = 4;
}

// A bone shape from each parent joint to each child joint (coloured as the parent, which turns it)
// and a sphere on every joint; hidden bones are skipped.
void buildBoneInstances(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                        const std::vector<uint8_t>& visible, const std::vector<uint8_t>& flags,
                        const BoneStyle& style, std::vector<ShapeInstance>& bones, std::vector<ShapeInstance>& spheres);

// A square grid on the display ground plane (y = 0) around `center`, with cells of `spacing`.
std::vector<LineVertex> groundGrid(glm::vec3 center, float spacing, int halfCells);
// The display X (red), Y (green) and Z (blue) axes from the origin.
std::vector<LineVertex> axisLines(float length);
// A small red/green/blue tripod showing a joint's local X, Y and Z.
void appendJointAxes(const glm::vec3& at, const glm::mat3& axes, float length, std::vector<LineVertex>& out);
// Each polyline as segments, in one colour.
std::vector<LineVertex> polylineSegments(const std::vector<std::vector<glm::vec3>>& lines, glm::vec4 color);

// A grid spacing (1, 2 or 5 times a power of ten) that fits a scene of this size.
float niceSpacing(float sceneSize);

// The typical distance between a joint and its parent, for sizing joints relative to the skeleton.
float typicalBoneLength(const std::vector<glm::vec3>& joints, const std::vector<int>& parents);

} // namespace bonescope::render
