#pragma once
// Which way is up in each source: the one place that knows it per format.
#include <optional>
#include <string>

#include "core/math/up_axis.h"
#include "render/display_axes.h"

namespace bonescope::gui {

// `skeletonFromMesh`: the skeleton in use came from a mesh file, whose importer gives Y up.
render::UpAxis upAxisFor(const std::string& formatId, bool skeletonFromMesh);
// The axis the file states (Scene::statedUp) when it states one, else the format's guess above.
render::UpAxis upAxisFor(std::optional<UpAxis> stated, const std::string& formatId, bool skeletonFromMesh);

} // namespace bonescope::gui
