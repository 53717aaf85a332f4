#pragma once
// The process's own memory: its peak, for benchmark modes (`bonescope --benchmark-open`), and a hint
// for big buffers.
#include <cstddef>
#include <cstdint>

namespace bonescope::platform {

// The most resident memory the process has had so far, in bytes (0 where the system cannot say).
uint64_t peakResidentBytes();

// The process's address space now (Linux: what RLIMIT_AS limits) or its committed memory (Windows:
// what a job's process memory limit counts), in bytes; 0 where the system cannot say.
uint64_t currentMemoryBytes();

// For a process that does one job after another (the import helper): the heap keeps up to `bytes`
// of what a job freed for the next, instead of giving it back to the system and taking it again,
// one page fault per 4 KiB (on a virtual machine they cost a file more than Assimp's reading it).
// Blocks up to 32 MB come from the heap. glibc only (mallopt); nothing elsewhere.
void keepFreedMemory(size_t bytes);

// Gives memory the heap holds free back to the system (glibc's malloc_trim; nothing elsewhere).
void releaseFreeMemory();

// Asks the system to back the whole pages of [p, p + size) with memory now, in huge pages where it
// has them, instead of one page fault per 4 KiB as they are first written (Linux; a hint, nothing
// elsewhere). For buffers of megabytes about to be filled.
void prepareMemory(void* p, size_t size);

// While alive, the calling thread's next `bytes` of heap allocations (blocks up to half of that, at
// most 32 MiB) come from
// one stretch of memory backed in huge pages where the system has them: reading a big file builds
// its model out of thousands of arrays of tens of kilobytes, and on a virtual machine a page fault
// for each 4 KiB of them cost more than the parse (0.3 s of 0.5 s for a 96 MB SEAnim); a retarget's
// result is hundreds of key lists of hundreds of kilobytes. What glibc's own
// `glibc.malloc.hugetlb=1` tunable does, for one job; nothing on other systems or C libraries, or
// from a thread with a heap of its own. Afterwards glibc's mmap threshold is its 128 KiB default again
// but no longer adjusts itself to the program's frees (mallopt cannot give that back): blocks above it
// keep their own mappings, as before the first such free.
class LargeHeapUse {
public:
    explicit LargeHeapUse(size_t bytes);
    ~LargeHeapUse();
    LargeHeapUse(const LargeHeapUse&) = delete;
    LargeHeapUse& operator=(const LargeHeapUse&) = delete;

private:
    bool active_ = false;
};

} // namespace bonescope::platform
