#pragma once
// Overlay skeletons: other skeletons the viewport draws with its own, each in one colour and
// optionally moved aside, each with its own bones and its own pose every frame. File > Compare with...
// plays a second clip as one over the document's; a retarget preview can stand the result beside its
// source (an offset of about a body width along the ground).
//
// Use (render::Viewport):
//   const int id = view->addOverlaySkeleton(skeleton, {1, 0.3, 0.8, 1});   // bones, colour
//   view->setOverlayOffset(id, {0.8f, 0, 0});                               // beside, optional
//   view->setOverlayDrawn(id, drawn);                                       // which bones, optional
//   each frame: view->setOverlayPose(id, pose);       // Pose::world of that skeleton
//   view->removeOverlaySkeleton(id);                  // or clearOverlaySkeletons()
// Poses are in the main skeleton's source space (the same units and axes as Viewport::setPose's; the
// caller converts), the offset too. Overlays are drawn opaque with depth after the main skeleton, so
// that where one coincides with it the main skeleton shows and the overlay's colour marks where it
// departs; they are not picked and do not frame the view. Helpers (collision
// volumes, attachment points) are not drawn unless setOverlayDrawn() says otherwise; links from transform-only roots (Second Life's mRoot) are
// left out as for the main skeleton.
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "core/model/skeleton.h"

namespace bonescope::render {

struct OverlaySkeleton {
    std::vector<int> parents;
    std::vector<uint8_t> drawn;     // per bone: 1 a limb joint, 0 a helper (not drawn)
    std::vector<glm::vec3> joints;  // per bone: where the last pose puts it (source space, offset not added)
    glm::vec4 color{1.f, 0.3f, 0.8f, 1.f};
    glm::vec3 offset{0.f};          // added to every joint when drawn
};

// The overlay for `skeleton`, in its rest pose until a pose is given.
OverlaySkeleton makeOverlaySkeleton(const Skeleton& skeleton, const glm::vec4& color);

} // namespace bonescope::render
