#pragma once
// Reading SMD text into a scene, and where each statement sits in the file: the writer re-parses the
// original with its layout to rewrite only the lines of values that changed.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "core/model/scene.h"

namespace bonescope::smd {

struct ByteRange {
    size_t begin = 0, end = 0; // the line's text, without its line break
};

struct Layout {
    std::vector<int> ids;             // per skeleton bone: its node id
    std::vector<ByteRange> nodeLines; // per skeleton bone
    struct Listed {
        int bone = 0;
        ByteRange line;
        glm::dvec3 euler{0.0}; // as written, radians
    };
    struct Frame {
        size_t insertAt = 0; // where a line added to this frame goes (after its last line)
        std::vector<Listed> lines;
    };
    std::vector<Frame> frames;
    std::string newline = "\n"; // the file's line break
};

// Throws ParseError naming the line. `layout` is filled when given.
Scene parse(std::span<const uint8_t> bytes, Layout* layout = nullptr);

} // namespace bonescope::smd
