#pragma once
// What the viewport draws, built on the CPU each frame from a pose: bone and joint instances, the
// ground grid, the axes and polylines.
#include <cstdint>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "render/bone_links.h"
#include "render/bone_renderer.h"
#include "render/line_renderer.h"

namespace bonescope::render {

struct BoneStyle {
    float jointRadius = 0.02f;
    glm::vec4 normal{0.62f, 0.68f, 0.78f, 1.f};
    glm::vec4 selected{1.f, 0.6f, 0.15f, 1.f};
    glm::vec4 current{1.f, 0.85f, 0.3f, 1.f};
    glm::vec4 hovered{0.55f, 0.85f, 1.f, 1.f};
    glm::vec4 volume{0.35f, 0.8f, 0.55f, 1.f};
    glm::vec4 attachment{0.85f, 0.45f, 0.95f, 1.f};
    glm::vec4 camera{0.4f, 0.75f, 1.f, 1.f};
    glm::vec4 light{1.f, 0.9f, 0.35f, 1.f};
    glm::vec4 empty{0.7f, 0.7f, 0.7f, 1.f};
    glm::vec4 link{0.62f, 0.68f, 0.78f, 0.7f};
    glm::vec4 fromBase{0.9f, 0.35f, 0.4f, 1.f}; // posed by the motion previewed under the animation
};

// flags per bone: bit 0 selected, bit 1 current (the last selected), bit 2 hovered, bit 3 posed by a
// base motion rather than the animation ("Preview while").
namespace boneflag {
constexpr uint8_t Selected = 1, Current = 2, Hovered = 4, FromBase = 8;
}

// How a joint is drawn, from its kind, its visibility and the view's toggles.
enum class JointMark : uint8_t {
    Hidden,     // not drawn (hidden by the animation, or a helper the view does not show)
    Joint,      // a limb's joint: a sphere, and a bone shape from its parent
    Volume,     // a collision volume: a smaller green marker, no bone shape
    Attachment, // an attachment point: a small violet marker, no bone shape
    Camera,     // a scene's camera: a small blue marker and a camera glyph (nodeGlyphs), no bone shape
    Light,      // a scene's light: a small yellow marker with rays (nodeGlyphs), no bone shape
    Empty,      // an empty transform (a container, a mesh holder): a small grey marker and its axes
};
// Markers that are not limbs: no bone shape to or from them, out of the figure's bounds.
inline bool isNodeMark(JointMark m) { return m == JointMark::Camera || m == JointMark::Light || m == JointMark::Empty; }

// A sphere or marker on every drawn joint, and a bone shape from each Joint's parent Joint (coloured
// as the parent, which turns it) unless `links[child]` is set: that parent only carries the child's
// transform and the caller draws a dashed line instead.
void buildBoneInstances(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                        const std::vector<JointMark>& marks, const std::vector<uint8_t>& links,
                        const std::vector<uint8_t>& flags, const BoneStyle& style, std::vector<ShapeInstance>& bones,
                        std::vector<ShapeInstance>& spheres);

// Line glyphs for the joints marked Camera (a pyramid opening along the node's -Z, the glTF camera's
// view direction, with a triangle over it for "up"), Light (rays along the three axes) and Empty (its
// three axes), `size` across, in their style colours.
std::vector<LineVertex> nodeGlyphs(const std::vector<glm::vec3>& joints, const std::vector<glm::mat3>& axes,
                                   const std::vector<JointMark>& marks, float size, const BoneStyle& style);

// A line from a to b cut into `dashes` dashes.
void appendDashedLine(const glm::vec3& a, const glm::vec3& b, int dashes, const glm::vec4& color,
                      std::vector<LineVertex>& out);

// A polyline in one colour; a single point is drawn as a small cross.
struct Polyline {
    std::vector<glm::vec3> points;
    glm::vec4 color{1.f, 0.8f, 0.2f, 1.f};
};

// Onion skinning: the skeleton's joints (source space) at another time, drawn in one translucent
// colour (its alpha: how faint).
struct Ghost {
    std::vector<glm::vec3> joints;
    glm::vec4 color{0.3f, 0.9f, 0.4f, 0.5f};
};
// `style` with every colour replaced by `color`: a ghost has no selection, hover or helper colours.
BoneStyle ghostStyle(BoneStyle style, const glm::vec4& color);

// A bone's motion path (source space): where it is at each sampled frame, and where it is now.
struct MotionPath {
    std::vector<glm::vec3> points;
    glm::vec3 now{0.f};
    glm::vec4 color{0.3f, 0.85f, 1.f, 1.f};
};
// Each path as a polyline with a dot (a small cross of half-size `dot`) on every sample.
std::vector<LineVertex> motionPathSegments(const std::vector<MotionPath>& paths, float dot);

// A square grid on the display ground plane (y = 0) around `center`, with cells of `spacing`.
std::vector<LineVertex> groundGrid(glm::vec3 center, float spacing, int halfCells);
// The display X (red), Y (green) and Z (blue) axes from the origin.
std::vector<LineVertex> axisLines(float length);
// A small red/green/blue tripod showing a joint's local X, Y and Z.
void appendJointAxes(const glm::vec3& at, const glm::mat3& axes, float length, std::vector<LineVertex>& out);
// Each polyline as segments in its colour; single points as crosses of half-size `marker`.
std::vector<LineVertex> polylineSegments(const std::vector<Polyline>& lines, float marker);

// A grid spacing (1, 2 or 5 times a power of ten) that fits a scene of this size.
float niceSpacing(float sceneSize);

// The typical distance between a joint and its parent, for sizing joints relative to the skeleton;
// only bones whose child and parent are both marked in `limb` (all when empty) count.
float typicalBoneLength(const std::vector<glm::vec3>& joints, const std::vector<int>& parents,
                        const std::vector<uint8_t>& limb = {});

} // namespace bonescope::render
