#pragma once
// The process's own memory, for benchmark modes (`bonescope --benchmark-open`).
#include <cstdint>

namespace bonescope::platform {

// The most resident memory the process has had so far, in bytes (0 where the system cannot say).
uint64_t peakResidentBytes();

} // namespace bonescope::platform
