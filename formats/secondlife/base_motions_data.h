#pragma once
// The shipped base motions' bytes, generated at build time from resources/secondlife/*.anim by
// cmake/embed_files.cmake (formats/CMakeLists.txt).
#include <cstddef>
#include <cstdint>

namespace bonescope::secondlife {

struct EmbeddedFile {
    const char* name; // the file name without ".anim"
    const uint8_t* data;
    size_t size;
};

extern const EmbeddedFile kBaseMotionFiles[];
extern const size_t kBaseMotionFileCount;

} // namespace bonescope::secondlife
