// The whole-array checks (core/math/array_checks.h) against a value-by-value reference: the first bad
// value's index wherever it lies (first, last, past the first block of 1,024), every kind of bad
// value, and the limit itself allowed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "core/math/array_checks.h"

using namespace bonescope;

namespace {

template <class F>
void expectFirstBeyond(size_t n, size_t at, F bad, double max)
{
    std::vector<F> v(n, F(0.5));
    v[n - 1] = F(-std::min(max, 1e30)); // the limit itself is within it
    if (at < n)
        v[at] = bad;
    EXPECT_EQ(firstBeyond(v.data(), v.size(), max), at) << "n " << n << " at " << at << " bad " << double(bad);
}

} // namespace

TEST(ArrayChecks, FirstBeyondFindsTheFirstBadValueAnywhere)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    const double nan = std::nan("");
    for (size_t n : {1u, 7u, 1024u, 1025u, 5000u}) {
        for (size_t at : {size_t(0), n / 2, n - 1, n}) {
            if (at == n - 1)
                continue; // that one holds the limit
            expectFirstBeyond<double>(n, at, nan, 1e10);
            expectFirstBeyond<double>(n, at, -inf, 1e10);
            expectFirstBeyond<double>(n, at, 1.5e10, 1e10);
            expectFirstBeyond<float>(n, at, float(nan), 1e10);
            expectFirstBeyond<float>(n, at, float(inf), 1e10);
            expectFirstBeyond<float>(n, at, -2e10f, 1e10);
            // A limit past what float or double holds still refuses infinity.
            expectFirstBeyond<float>(n, at, float(inf), inf);
            expectFirstBeyond<double>(n, at, inf, inf);
        }
    }
    // Two bad values: the first one, also when a later block holds another.
    std::vector<double> v(3000, 1.0);
    v[2500] = std::nan("");
    v[1800] = 2e10;
    EXPECT_EQ(firstBeyond(v.data(), v.size(), 1e10), 1800u);
    EXPECT_EQ(firstBeyond(v.data(), 0, 1e10), 0u);
}

TEST(ArrayChecks, NoSubnormalsFindsOneAnywhere)
{
    std::vector<float> v(3000, 1.f);
    v[5] = 0.f;
    v[6] = -0.f;
    v[7] = FLT_MIN; // the smallest normal float
    v[8] = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(noSubnormals(v.data(), v.size()));
    for (size_t at : {0u, 1023u, 1024u, 2999u}) {
        std::vector<float> w = v;
        w[at] = -std::numeric_limits<float>::denorm_min();
        EXPECT_FALSE(noSubnormals(w.data(), w.size())) << at;
        w[at] = FLT_MIN / 2;
        EXPECT_FALSE(noSubnormals(w.data(), w.size())) << at;
    }
}
