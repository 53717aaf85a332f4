#pragma once
// Reading parts of a Cast file without reading the rest: a node that is not wanted costs one
// header read. For looking at the skeletons of the models in a folder of game files, many of them
// animations of a hundred megabytes, without reading their curves.
#include <cstdint>
#include <functional>
#include <optional>

#include "core/skeleton.h"
#include "formats/byte_source.h"
#include "formats/cast/cast_tree.h"

namespace bonescope::cast {

// What to do with a node: leave it out (its header read only), open it (its properties read, its
// children each decided in turn), or read it whole.
enum class Take { Skip, Open, Whole };
using Choose = std::function<Take(uint32_t id, int depth)>;

// The file's tree holding only the nodes `choose` takes (a skipped node is absent from its parent's
// children). Offsets, in nodes and errors, are the file's. Throws ParseError.
Tree parsePartly(ByteSource& source, const Choose& choose);

// The skeleton of the file's first model that has one, read without its meshes or any animation;
// nullopt when no model has a skeleton. Throws ParseError.
std::optional<bonescope::Skeleton> readModelSkeleton(ByteSource& source);

} // namespace bonescope::cast
