#pragma once
// Where a writer hands a file's bytes, a piece at a time and in order: a big output goes to its
// file as it is made instead of being held whole in memory first.
#include <cstdint>
#include <functional>
#include <span>

namespace bonescope {

using ByteSink = std::function<void(std::span<const uint8_t>)>;

} // namespace bonescope
