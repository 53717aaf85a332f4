#pragma once
// Keeps a Viewport showing what a Document holds (skeleton, pose, mesh, selection, up axis; another
// animation of the same file is framed anew), and turns viewport clicks into document selection.
namespace bonescope::render {
class Viewport;
}

namespace bonescope::gui {

class Document;

void bindViewport(Document* doc, render::Viewport* view);

} // namespace bonescope::gui
