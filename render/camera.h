#pragma once
// An orbit camera in the Y-up display space: it turns around a target, pans in the view plane and
// zooms by distance.
#include <optional>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace bonescope::render {

struct Bounds {
    glm::vec3 lo{1e30f}, hi{-1e30f};
    bool valid() const { return lo.x <= hi.x; }
    void add(const glm::vec3& p);
    glm::vec3 center() const { return (lo + hi) * 0.5f; }
    float radius() const; // half the diagonal, at least a little above zero
};

// The centre of a pose that a few far-away bones do not move: the per-axis median of its joints.
glm::vec3 robustCenter(std::vector<glm::vec3> joints);

// A clip's path is framed while it stays within kMaxTravel times the pose's own radius (the figure then
// fills at least about half the view); beyond, the poses are carried to where the figure stands now,
// and their reach is framed while within kMaxSweep (wilder poses, a broken file's, would shrink the
// figure to a few pixels: then the current pose is framed).
constexpr float kMaxTravel = 1.5f;
constexpr float kMaxSweep = 4.f;

// A camera given by the data (an animated camera): where it is, what it looks at, its up direction
// and its vertical field of view, in source space.
struct CameraPose {
    glm::vec3 eye{0.f};
    glm::vec3 target{0.f, 0.f, -1.f};
    glm::vec3 up{0.f, 1.f, 0.f};
    float fovY = 1.f; // radians
};

// The fixed views of Blender's numpad around the character: Front sees its face, Back its back,
// Right looks from the right of the front view (as Blender's Right, so it shows the character's left
// side), Left the other way, Top from above with the character's front at the bottom of the screen,
// Bottom from below.
enum class ViewPreset { Front, Back, Left, Right, Top, Bottom };

// "front", "back", "left", "right", "top", "bottom" (and "side" for right), or nothing.
std::optional<ViewPreset> viewPresetNamed(std::string_view name);

class OrbitCamera {
public:
    // Turns the camera, keeping its target and distance; `frontYaw` is the yaw that sees the face.
    void setPreset(ViewPreset preset, float frontYaw);
    void orbit(float dxPixels, float dyPixels);
    void pan(float dxPixels, float dyPixels, int viewportHeight);
    void zoom(float steps); // positive: closer
    void frame(const Bounds& b, float aspect); // fits the bounds in the narrower field of view
    // Fits the points as this view projects them (its yaw and pitch kept): their screen extent fills
    // `fill` of the view's width or height, whichever binds, centred; the eye stays outside them.
    void frame(const std::vector<glm::vec3>& points, float aspect, float fill = 0.9f);

    glm::mat4 view() const;
    glm::vec3 forward() const; // unit direction from the eye to the target
    glm::mat4 projection(float aspect) const;
    glm::vec3 eye() const;

    glm::vec3 target{0.f, 1.f, 0.f};
    float distance = 4.f;
    float yaw = 0.6f;    // radians around +Y
    float pitch = 0.25f; // radians above the ground plane
    float fovY = 0.7f;   // radians
    // Orthographic: no perspective; the view shows the height the perspective view shows at the
    // target's depth, so that switching keeps the framed figure the same size there.
    bool ortho = false;
};

} // namespace bonescope::render
