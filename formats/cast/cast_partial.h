#pragma once
// Reading a Cast file a node at a time: a node that is not wanted costs one header read, and a
// reader sees each node as it arrives. For looking at the skeletons of the models in a folder of game
// files without reading their curves, and for reading a file of a hundred megabytes without holding
// its bytes while its keys are decoded.
#include <cstdint>
#include <functional>
#include <optional>

#include "core/model/skeleton.h"
#include "formats/byte_source.h"
#include "formats/cast/cast_tree.h"

namespace bonescope::cast {

// What to do with a node: leave it out (its header read only), open it (its properties read, its
// children each decided in turn), or read it whole.
enum class Take { Skip, Open, Whole };
using Choose = std::function<Take(uint32_t id, int depth)>;

// What a reader does as nodes arrive, in file order. Either may be empty.
struct Visitor {
    // A node taken Open, once its properties are read and before its children.
    std::function<void(Node& node, int depth)> opened;
    // A node once whole (read whole, or opened and its children done), before it joins its parent.
    // A node read whole still views a buffer here: clearing a property's view leaves its bytes out
    // of the tree (a reader that has decoded them and can make them again).
    std::function<void(Node& node, int depth)> taken;
    // Opened nodes may declare any number of properties and children: a whole read reads them all
    // anyway (through a ReadAheadSource). Otherwise a crafted count is refused before it is walked.
    bool anyCount = false;
};

// The file's tree holding only the nodes `choose` takes (a skipped node is absent from its parent's
// children), with the bytes past an opened node's children and past the last root. Offsets, in
// nodes and errors, are the file's. Throws ParseError.
Tree parsePartly(ByteSource& source, const Choose& choose, const Visitor& visit = {});

// The skeleton of the file's first model that has one, read without its meshes or any animation;
// nullopt when no model has a skeleton. Throws ParseError.
std::optional<bonescope::Skeleton> readModelSkeleton(ByteSource& source);

} // namespace bonescope::cast
