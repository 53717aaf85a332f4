#pragma once
// Only in bonescope-import-test, the helper the tests start: BONESCOPE_IMPORT_TEST=hang makes it never
// answer, =allocate makes it take memory until none is left, =crash makes it crash, so that the
// parent's handling of each is tested without a file that does it (no released helper reads this).
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <vector>

namespace bonescope::test {

inline void actOnSwitch()
{
    const char* s = std::getenv("BONESCOPE_IMPORT_TEST");
    const std::string_view what = s ? s : "";
    if (what == "hang")
        for (;;)
            std::this_thread::sleep_for(std::chrono::seconds(1));
    if (what == "allocate") {
        std::vector<char*> held;
        for (;;) { // 64 MB at a time, each written so that it is really taken
            char* block = new char[size_t(64) << 20];
            std::memset(block, 1, size_t(64) << 20);
            held.push_back(block);
        }
    }
    if (what == "crash") {
        volatile int* nowhere = nullptr;
        *nowhere = 1;
    }
}

} // namespace bonescope::test
