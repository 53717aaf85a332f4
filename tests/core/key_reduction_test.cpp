#include <gtest/gtest.h>

#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "core/playback/channel_eval.h"
#include "core/editing/key_reduction.h"

namespace bonescope {
namespace {

Vec3Channel curve(const std::vector<std::pair<double, glm::dvec3>>& points)
{
    Vec3Channel ch;
    for (const auto& [t, v] : points)
        ch.keys.push_back({t, v});
    return ch;
}

// Samples both channels at every original key, half way and a quarter between keys.
double maxError(const Vec3Channel& original, const Vec3Channel& reduced)
{
    double worst = 0;
    uint32_t c1 = 0, c2 = 0;
    for (size_t i = 0; i + 1 < original.keys.size(); ++i)
        for (double f : {0.0, 0.25, 0.5, 0.75, 1.0}) {
            const double t = original.keys.time(i) + f * (original.keys.time(i + 1) - original.keys.time(i));
            glm::dvec3 a, b;
            sampleChannel(original, t, c1, a);
            sampleChannel(reduced, t, c2, b);
            worst = std::max(worst, glm::length(a - b));
        }
    return worst;
}

TEST(KeyReduction, StraightLineCollapsesToTwoKeys)
{
    Vec3Channel ch;
    for (int i = 0; i <= 100; ++i)
        ch.keys.push_back({i / 30.0, glm::dvec3(i * 0.5, -i * 0.25, 3.0)});
    EXPECT_EQ(reduceChannel(ch, 1e-9), 99u);
    ASSERT_EQ(ch.keys.size(), 2u);
    EXPECT_EQ(ch.keys.time(0), 0.0);
    EXPECT_EQ(ch.keys.time(1), 100 / 30.0);
    EXPECT_EQ(ch.keys.value(1), glm::dvec3(50, -25, 3));
}

TEST(KeyReduction, StepKeepsItsCorners)
{
    // 0 0 0 0 1 1 1 1 at t = 0..7: the line from t=3 to t=4 is the step's ramp.
    Vec3Channel ch;
    for (int i = 0; i < 8; ++i)
        ch.keys.push_back({double(i), glm::dvec3(i < 4 ? 0.0 : 1.0)});
    reduceChannel(ch, 1e-3);
    ASSERT_EQ(ch.keys.size(), 4u);
    EXPECT_EQ(ch.keys.time(0), 0.0);
    EXPECT_EQ(ch.keys.time(1), 3.0);
    EXPECT_EQ(ch.keys.time(2), 4.0);
    EXPECT_EQ(ch.keys.time(3), 7.0);
}

TEST(KeyReduction, ErrorNeverExceedsTheTolerance)
{
    Vec3Channel original;
    for (int i = 0; i <= 240; ++i) {
        const double t = i / 60.0;
        original.keys.push_back({t, {std::sin(3 * t), std::cos(5 * t) * 0.5, t * t * 0.1}});
    }
    // Keys 1/60 s apart on a curve this bent are 1e-4 to 3e-4 off the chord: 1e-4 keeps nearly all.
    for (double tol : {1e-4, 1e-3, 1e-2, 0.1}) {
        Vec3Channel reduced = original;
        reduceChannel(reduced, tol);
        if (tol >= 1e-3) {
            EXPECT_LT(reduced.keys.size(), original.keys.size()) << tol;
        }
        if (tol >= 0.1) {
            EXPECT_LT(reduced.keys.size(), original.keys.size() / 4) << tol;
        }
        EXPECT_LE(maxError(original, reduced), tol) << tol;
    }
}

TEST(KeyReduction, RotationsWithinDegrees)
{
    QuatChannel original;
    for (int i = 0; i <= 120; ++i) {
        const double t = i / 30.0;
        original.keys.push_back({t, glm::angleAxis(std::sin(t) * 2.0, glm::normalize(glm::dvec3(1, t, 0.3)))});
    }
    // A constant-speed turn about one axis is exactly a slerp: two keys (the sampler's slerp is
    // accurate to about 1e-6 degrees, so that is the finest tolerance that means anything).
    QuatChannel turn;
    for (int i = 0; i <= 30; ++i)
        turn.keys.push_back({i / 30.0, glm::angleAxis(glm::radians(3.0 * i), glm::dvec3(0, 1, 0))});
    reduceChannel(turn, 1e-4);
    EXPECT_EQ(turn.keys.size(), 2u);

    for (double tol : {0.01, 0.1, 1.0}) {
        QuatChannel reduced = original;
        reduceChannel(reduced, tol);
        if (tol >= 0.1) {
            EXPECT_LT(reduced.keys.size(), original.keys.size()) << tol;
        }
        if (tol >= 1.0) {
            EXPECT_LT(reduced.keys.size(), original.keys.size() / 4) << tol;
        }
        EXPECT_EQ(reduced.keys.front().time, 0.0);
        EXPECT_EQ(reduced.keys.back().time, 4.0);
        double worst = 0;
        uint32_t c1 = 0, c2 = 0;
        for (int s = 0; s <= 4 * 120; ++s) {
            const double t = s / 120.0;
            glm::dquat a, b;
            sampleRotation(original, t, c1, a);
            sampleRotation(reduced, t, c2, b);
            worst = std::max(worst, rotationDistanceDegrees(a, b));
        }
        EXPECT_LE(worst, tol) << tol;
    }
}

TEST(KeyReduction, SteppedAndFlaggedChannelsAreLeftAlone)
{
    Vec3Channel stepped = curve({{0, {0, 0, 0}}, {1, {0, 0, 0}}, {2, {0, 0, 0}}});
    stepped.rules.interpolation = Interpolation::Step;
    EXPECT_EQ(reduceChannel(stepped, 1), 0u);
    Vec3Channel flagged = stepped;
    flagged.rules = {};
    flagged.rules.segmentFlags = true;
    EXPECT_EQ(reduceChannel(flagged, 1), 0u);
    Vec3Channel two = curve({{0, {0, 0, 0}}, {1, {0, 0, 0}}});
    EXPECT_EQ(reduceChannel(two, 1), 0u);
}

TEST(KeyReduction, WholeAnimation)
{
    Animation a;
    Track t;
    t.name = "b";
    t.translation = curve({{0, {0, 0, 0}}, {1, {1, 0, 0}}, {2, {2, 0, 0}}});
    t.scale = curve({{0, {1, 1, 1}}, {1, {1, 1, 1}}, {2, {1, 1, 1}}});
    t.rotation.keys = {{0, glm::dquat(1, 0, 0, 0)}, {1, glm::dquat(1, 0, 0, 0)}, {2, glm::dquat(1, 0, 0, 0)}};
    a.tracks.push_back(t);
    EXPECT_EQ(reduceKeys(a, {}), 3u);
    EXPECT_EQ(a.keyCount(), 6u);
}

} // namespace
} // namespace bonescope
