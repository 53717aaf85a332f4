#include "formats/platform/process_memory.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <psapi.h>
#else
#include <sys/resource.h>
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

} // namespace bonescope::platform
