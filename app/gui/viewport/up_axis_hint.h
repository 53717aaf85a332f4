#pragma once
// Which way is up in each source: the one place that knows it per format.
#include <string>

#include "render/display_axes.h"

namespace bonescope::gui {

// `skeletonFromMesh`: the skeleton in use came from a mesh file, whose importer gives Y up.
render::UpAxis upAxisFor(const std::string& formatId, bool skeletonFromMesh);

} // namespace bonescope::gui
