#include "formats/platform/process_memory.h"

#include <cstdio>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <psapi.h>
#else
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif
#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <algorithm>
#include <cstdlib>
#include <vector>
#define BONESCOPE_GLIBC_HEAP 1
#endif

namespace bonescope::platform {

uint64_t peakResidentBytes()
{
#ifdef _WIN32
    PROCESS_MEMORY_COUNTERS c{};
    return GetProcessMemoryInfo(GetCurrentProcess(), &c, sizeof c) ? uint64_t(c.PeakWorkingSetSize) : 0;
#else
    rusage u{};
    if (getrusage(RUSAGE_SELF, &u) != 0)
        return 0;
#ifdef __APPLE__
    return uint64_t(u.ru_maxrss); // bytes on macOS
#else
    return uint64_t(u.ru_maxrss) * 1024; // kilobytes on Linux and the BSDs
#endif
#endif
}

uint64_t currentMemoryBytes()
{
#ifdef _WIN32
    PROCESS_MEMORY_COUNTERS_EX c{};
    return GetProcessMemoryInfo(GetCurrentProcess(), reinterpret_cast<PROCESS_MEMORY_COUNTERS*>(&c), sizeof c)
               ? uint64_t(c.PrivateUsage)
               : 0;
#elif defined(__linux__)
    // /proc/self/statm: the first number is the size of the address space, in pages.
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    unsigned long long pages = 0;
    const bool read = std::fscanf(f, "%llu", &pages) == 1;
    std::fclose(f);
    return read ? pages * uint64_t(::sysconf(_SC_PAGESIZE)) : 0;
#else
    return 0;
#endif
}

void keepFreedMemory([[maybe_unused]] size_t bytes)
{
#ifdef BONESCOPE_GLIBC_HEAP
    constexpr size_t kLargestFromHeap = size_t(32) << 20; // glibc's largest mmap threshold (mallopt(3))
    ::mallopt(M_TRIM_THRESHOLD, int(std::min<size_t>(bytes, size_t(1) << 30)));
    ::mallopt(M_MMAP_THRESHOLD, int(std::min(bytes, kLargestFromHeap)));
#endif
}

void releaseFreeMemory()
{
#ifdef BONESCOPE_GLIBC_HEAP
    ::malloc_trim(0);
#endif
}

#if !defined(_WIN32) && (defined(MADV_HUGEPAGE) || defined(MADV_POPULATE_WRITE))
namespace {
// madvise over the whole pages inside [p, p + size).
void advise(void* p, size_t size, int advice)
{
    const auto page = uintptr_t(::sysconf(_SC_PAGESIZE));
    const uintptr_t begin = (uintptr_t(p) + page - 1) / page * page, end = (uintptr_t(p) + size) / page * page;
    if (end > begin)
        ::madvise(reinterpret_cast<void*>(begin), end - begin, advice);
}
} // namespace
#endif

void prepareMemory(void* p, size_t size)
{
#ifdef MADV_HUGEPAGE
    advise(p, size, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
    advise(p, size, MADV_POPULATE_WRITE);
#endif
    (void)p;
    (void)size;
}

#ifdef BONESCOPE_GLIBC_HEAP
namespace {
constexpr size_t kSmallestWorthIt = size_t(16) << 20;
constexpr int kDefaultTopPad = 128 * 1024;        // glibc's M_TOP_PAD default (mallopt(3))
constexpr int kDefaultMmapThreshold = 128 * 1024; // and M_MMAP_THRESHOLD's
constexpr int kLargestHeapBlock = 32 << 20;       // the most glibc takes for it on 64-bit systems
constexpr size_t kBlock = 64 * 1024;
} // namespace

// glibc's main heap grows by moving the program break (sbrk). The top pad makes its next growth
// `bytes` at once, so the stretch can be marked for huge pages before anything lives in it; the pad
// kept while reading also keeps glibc from giving the stretch back when a block at its top is freed.
// Blocks above glibc's mmap threshold (128 KiB, which setting the pad fixes) would each get a
// mapping of their own in 4 KiB pages: a retarget's key lists are 192 KiB each (6000 frames of a
// double quaternion), 90 MB in all for 500 bones. The threshold is raised meanwhile, so they come
// from the stretch too.
LargeHeapUse::LargeHeapUse(size_t bytes)
{
    if (bytes < kSmallestWorthIt)
        return;
    void* probe = std::malloc(1);
    char* const before = static_cast<char*>(::sbrk(0));
    const bool mainHeap = probe && static_cast<char*>(probe) < before; // other threads' heaps are mmap'd
    std::free(probe);
    if (!mainHeap || ::mallopt(M_TOP_PAD, int(std::min<size_t>(bytes, size_t(1) << 30))) == 0)
        return;
    active_ = true;
    ::mallopt(M_MMAP_THRESHOLD, int(std::min<size_t>(bytes / 2, size_t(kLargestHeapBlock))));
    // Blocks of 64 KiB (always below glibc's threshold for a separate mmap) until the heap grows, by
    // the pad; freed at once, they go back to the top of the heap.
    std::vector<void*> blocks;
    const size_t freeAtTop = ::mallinfo2().keepcost;
    for (size_t i = 0; i <= freeAtTop / kBlock + 1 && ::sbrk(0) == before; ++i)
        if (void* b = std::malloc(kBlock))
            blocks.push_back(b);
    for (void* b : blocks)
        std::free(b);
    char* const after = static_cast<char*>(::sbrk(0));
#ifdef MADV_HUGEPAGE
    if (after > before)
        advise(before, size_t(after - before), MADV_HUGEPAGE);
#endif
}

LargeHeapUse::~LargeHeapUse()
{
    if (active_) {
        ::mallopt(M_TOP_PAD, kDefaultTopPad);
        ::mallopt(M_MMAP_THRESHOLD, kDefaultMmapThreshold);
    }
}
#else
LargeHeapUse::LargeHeapUse(size_t) {}
LargeHeapUse::~LargeHeapUse() {}
#endif

} // namespace bonescope::platform
