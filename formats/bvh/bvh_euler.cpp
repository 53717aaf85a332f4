#include "formats/bvh/bvh_euler.h"

#include <cmath>

#include <glm/mat3x3.hpp>

namespace bonescope::bvh {

glm::dquat composeEuler(const std::array<int, 3>& axes, const glm::dvec3& degrees)
{
    glm::dquat q(1, 0, 0, 0);
    for (int i = 0; i < 3; ++i) {
        glm::dvec3 axis(0.0);
        axis[axes[i]] = 1.0;
        q = q * glm::angleAxis(glm::radians(degrees[i]), axis);
    }
    return q;
}

glm::dvec3 decomposeEuler(const std::array<int, 3>& axes, const glm::dquat& q, const glm::dvec3* near)
{
    // Tait-Bryan angles for R = R_i R_j R_k (the scheme of Eigen's eulerAngles). M(r, c) = row r,
    // column c; glm stores columns.
    const glm::dmat3 m = glm::mat3_cast(glm::normalize(q));
    auto M = [&](int r, int c) { return m[c][r]; };
    const int i = axes[0], j = axes[1], k = axes[2];
    const bool odd = (i + 1) % 3 != j; // the order is not a cyclic X->Y->Z shift
    glm::dvec3 a;
    a[0] = std::atan2(M(j, k), M(k, k));
    const double c2 = std::hypot(M(i, i), M(i, j));
    a[1] = std::atan2(-M(i, k), c2);
    const double s1 = std::sin(a[0]), c1 = std::cos(a[0]);
    a[2] = std::atan2(s1 * M(k, i) - c1 * M(j, i), c1 * M(j, j) - s1 * M(k, j));
    if (!odd)
        a = -a;
    glm::dvec3 deg = glm::degrees(a);
    if (near) {
        for (int n : {0, 2})
            deg[n] += 360.0 * std::round(((*near)[n] - deg[n]) / 360.0);
    }
    return deg;
}

} // namespace bonescope::bvh
