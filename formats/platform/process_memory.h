#pragma once
// The process's own memory: its peak, for benchmark modes (`bonescope --benchmark-open`), and a hint
// for big buffers.
#include <cstddef>
#include <cstdint>

namespace bonescope::platform {

// The most resident memory the process has had so far, in bytes (0 where the system cannot say).
uint64_t peakResidentBytes();

// Asks the system to back the whole pages of [p, p + size) with memory now, in huge pages where it
// has them, instead of one page fault per 4 KiB as they are first written (Linux; a hint, nothing
// elsewhere). For buffers of megabytes about to be filled.
void prepareMemory(void* p, size_t size);

} // namespace bonescope::platform
