#pragma once
// Keeps a Viewport showing what a Document holds (skeleton, pose, mesh, selection, up axis; another
// animation of the same file is framed anew, an open file without bones said so), and turns viewport
// clicks into document selection.
#include "core/model/animation.h"
#include "core/model/skeleton.h"
#include "render/viewport.h"

namespace bonescope::gui {

class Document;

void bindViewport(Document* doc, render::Viewport* view);

// The joints of `clip` on `skeleton` at times spread over it (for Viewport::setClipPoses, so that
// framing covers the whole clip, a walk included), a bounded number whatever its length.
render::Viewport::ClipPoses clipPoses(const Animation& clip, const Skeleton& skeleton);
// Per bone of `skeleton`: 1 when `clip` moves its translation off its rest offset somewhere (at the
// same times), so that the viewport joins it to its parent by a relationship line, not a bone.
std::vector<uint8_t> movedOverClip(const Animation& clip, const Skeleton& skeleton);

} // namespace bonescope::gui
