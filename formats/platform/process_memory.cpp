#include "formats/platform/process_memory.h"

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

void prepareMemory(void* p, size_t size)
{
#if defined(MADV_HUGEPAGE) || defined(MADV_POPULATE_WRITE)
    const auto page = uintptr_t(::sysconf(_SC_PAGESIZE));
    const uintptr_t begin = (uintptr_t(p) + page - 1) / page * page, end = (uintptr_t(p) + size) / page * page;
    if (end <= begin)
        return;
#ifdef MADV_HUGEPAGE
    ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
    ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);
#endif
#else
    (void)p;
    (void)size;
#endif
}

} // namespace bonescope::platform
