#include "heap_counter.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<size_t> liveBytes{0}, peakBytes{0};

// Each block carries its size in front, so that an unsized delete knows what it frees. 16 bytes
// keep the block aligned as operator new must.
constexpr size_t Header = 16;

void* allocate(size_t n)
{
    auto* p = static_cast<unsigned char*>(std::malloc(n + Header));
    if (!p)
        throw std::bad_alloc();
    *reinterpret_cast<size_t*>(p) = n;
    const size_t now = liveBytes.fetch_add(n, std::memory_order_relaxed) + n;
    size_t peak = peakBytes.load(std::memory_order_relaxed);
    while (now > peak && !peakBytes.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
    return p + Header;
}

void release(void* block) noexcept
{
    if (!block)
        return;
    auto* p = static_cast<unsigned char*>(block) - Header;
    liveBytes.fetch_sub(*reinterpret_cast<size_t*>(p), std::memory_order_relaxed);
    std::free(p);
}

} // namespace

// The array, nothrow and sized forms of the standard library call these.
void* operator new(size_t n) { return allocate(n); }
void operator delete(void* p) noexcept { release(p); }
void operator delete(void* p, size_t) noexcept { release(p); }

namespace bonescope::bench::heap {

size_t live() { return liveBytes.load(std::memory_order_relaxed); }
size_t peak() { return peakBytes.load(std::memory_order_relaxed); }
void resetPeak() { peakBytes.store(live(), std::memory_order_relaxed); }

} // namespace bonescope::bench::heap
