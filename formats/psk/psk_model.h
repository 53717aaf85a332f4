#pragma once
// Reading and writing a whole PSK (or .pskx) and a whole PSA.
#include <span>
#include <vector>

#include "core/model/scene.h"

namespace bonescope::psk {

Scene readPsk(std::span<const uint8_t> bytes);
std::vector<uint8_t> writePsk(const Scene& scene);
Scene readPsa(std::span<const uint8_t> bytes);
std::vector<uint8_t> writePsa(const Scene& scene);

} // namespace bonescope::psk
