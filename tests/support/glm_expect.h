#pragma once
// Comparisons of GLM values that several tests share.
#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

namespace bonescope::test {

// Each component within eps.
inline void expectNear(const glm::dvec3& got, const glm::dvec3& want, double eps)
{
    EXPECT_NEAR(got.x, want.x, eps);
    EXPECT_NEAR(got.y, want.y, eps);
    EXPECT_NEAR(got.z, want.z, eps);
}

inline void expectNear(const glm::dquat& got, const glm::dquat& want, double eps)
{
    EXPECT_NEAR(got.x, want.x, eps);
    EXPECT_NEAR(got.y, want.y, eps);
    EXPECT_NEAR(got.z, want.z, eps);
    EXPECT_NEAR(got.w, want.w, eps);
}

// The angle between two rotations in degrees (q and -q are the same rotation).
inline double degreesBetween(const glm::dquat& a, const glm::dquat& b)
{
    const double d = std::min(1.0, std::abs(glm::dot(glm::normalize(a), glm::normalize(b))));
    return glm::degrees(2.0 * std::acos(d));
}

} // namespace bonescope::test
