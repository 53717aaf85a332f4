#pragma once
// Keeps a Viewport showing what a Document holds (skeleton, pose, mesh, selection, up axis, the
// clip's extent for Frame all), and turns viewport clicks into document selection.
#include "render/camera.h"

namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;

void bindViewport(Document* doc, render::Viewport* view);

// The box every joint sweeps over the current animation (sampled on up to 200 frames), source space.
render::Bounds clipExtent(const Document& doc);

} // namespace bonescope::gui
