#pragma once
// Which source axis points up: Y (glTF, BVH, most tools) or Z (Second Life, Source, Unreal, Cast's
// usual hint).
#include <cstdint>

namespace bonescope {

enum class UpAxis : uint8_t { Y, Z };

} // namespace bonescope
