// platform::LargeHeapUse: while a big file is read, the small blocks its model is made of come from
// heap memory marked for huge pages (Linux with glibc; elsewhere the class does nothing).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "formats/platform/process_memory.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h> // mallinfo2
#endif

namespace bonescope {
namespace {

#if defined(__linux__) && defined(__GLIBC__)
// The kernel's flags for the mapping that holds `p` ("hg" = marked for huge pages), from smaps.
std::string mappingFlags(const void* p)
{
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        uintptr_t begin = 0, end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> begin >> dash >> end && dash == '-') {
            inside = uintptr_t(p) >= begin && uintptr_t(p) < end;
            continue;
        }
        if (inside && line.rfind("VmFlags:", 0) == 0)
            return line.substr(8) + " ";
    }
    return "(no mapping)";
}

bool markedForHugePages(const void* p) { return mappingFlags(p).find(" hg ") != std::string::npos; }

// Blocks of a model's size (a channel's times or values), kept until the end of the test.
struct Blocks {
    std::vector<void*> held;
    void* take(size_t n) { return held.emplace_back(std::malloc(n)); }
    ~Blocks()
    {
        for (void* p : held)
            std::free(p);
    }
};

// Why this process's heap cannot show what LargeHeapUse does, or nothing when it can.
std::string whyHeapNotWatchable()
{
#ifdef __SANITIZE_ADDRESS__
    return "AddressSanitizer allocates from its own memory, not glibc's heap";
#endif
    // Run in one process after other tests (the binary without ctest), the heap may already hold
    // tens of megabytes of freed blocks: the tens of MB below would come from them, not from new memory.
    if (const size_t free = ::mallinfo2().fordblks; free > (size_t(8) << 20))
        return std::to_string(free / 1'000'000) + " MB of the heap are free from earlier tests; ctest runs this alone";
    return {};
}

TEST(LargeHeapUse, BlocksAllocatedDuringABigReadAreMarkedForHugePages)
{
    if (const std::string why = whyHeapNotWatchable(); !why.empty())
        GTEST_SKIP() << why;
    Blocks blocks;
    EXPECT_FALSE(markedForHugePages(blocks.take(64 * 1024))) << mappingFlags(blocks.held.back());
    {
        const platform::LargeHeapUse heap(size_t(48) << 20);
        int marked = 0;
        for (int i = 0; i < 400; ++i) { // 400 channels of 8,000 keys: 48 MB
            marked += markedForHugePages(blocks.take(64'000));
            marked += markedForHugePages(blocks.take(56'000));
        }
        // All but the few that fit into space the heap already had free.
        EXPECT_GE(marked, 795);
    }
}

// A retarget's result: key lists of 192 KB each (6000 frames of a double quaternion), above the
// size glibc gives a mapping of its own in 4 KiB pages.
TEST(LargeHeapUse, BlocksOfHundredsOfKilobytesComeFromTheMarkedHeapToo)
{
    if (const std::string why = whyHeapNotWatchable(); !why.empty())
        GTEST_SKIP() << why;
    Blocks blocks;
    EXPECT_FALSE(markedForHugePages(blocks.take(192'000))) << mappingFlags(blocks.held.back());
    {
        const platform::LargeHeapUse heap(size_t(48) << 20);
        int marked = 0;
        for (int i = 0; i < 200; ++i) // 38 MB
            marked += markedForHugePages(blocks.take(192'000));
        EXPECT_GE(marked, 198);
    }
}

TEST(LargeHeapUse, SmallReadsAndOtherThreadsAreLeftAlone)
{
    Blocks blocks;
    {
        const platform::LargeHeapUse heap(size_t(4) << 20); // too small to be worth it
        EXPECT_FALSE(markedForHugePages(blocks.take(64 * 1024))) << mappingFlags(blocks.held.back());
    }
    // A thread with its own heap (glibc gives threads their own): nothing changes, nothing breaks.
    std::string flags;
    std::thread([&] {
        const platform::LargeHeapUse heap(size_t(48) << 20);
        void* p = std::malloc(64 * 1024);
        flags = mappingFlags(p);
        std::free(p);
    }).join();
    EXPECT_EQ(flags.find(" hg "), std::string::npos) << flags;
}
#endif

} // namespace
} // namespace bonescope
