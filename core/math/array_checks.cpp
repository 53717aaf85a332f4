#include "core/math/array_checks.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>

namespace bonescope {

namespace {

// Blocks of this many values are checked whole; only a block that fails is looked at value by value.
constexpr size_t kBlock = 1024;

template <class F>
size_t firstBeyondIn(const F* v, size_t n, double max)
{
    const double limit = std::min(max, DBL_MAX); // an infinite value is never within it
    for (size_t start = 0; start < n; start += kBlock) {
        const size_t end = std::min(n, start + kBlock);
        int bad = 0;
        for (size_t i = start; i < end; ++i)
            bad |= !(std::abs(double(v[i])) <= limit); // NaN compares false
        if (bad)
            for (size_t i = start; i < end; ++i)
                if (!(std::abs(double(v[i])) <= limit))
                    return i;
    }
    return n;
}

} // namespace

size_t firstBeyond(const double* v, size_t n, double max) { return firstBeyondIn(v, n, max); }
size_t firstBeyond(const float* v, size_t n, double max) { return firstBeyondIn(v, n, max); }

bool noSubnormals(const float* v, size_t n)
{
    uint32_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t bits = std::bit_cast<uint32_t>(v[i]);
        bad |= uint32_t((bits & 0x7f800000u) == 0) & uint32_t((bits & 0x007fffffu) != 0);
    }
    return bad == 0;
}

} // namespace bonescope
