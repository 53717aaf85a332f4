// Onion-skin ghost times and motion paths: which times are drawn around the current one, how a long
// clip's path is thinned, and path positions equal to the sampler's world positions at frame times.
#include <cmath>

#include <glm/gtc/constants.hpp>

#include <gtest/gtest.h>

#include "core/playback/motion_trail.h"
#include "core/playback/sampler.h"

using namespace bonescope;

namespace {

// root (rest at the origin) -> hand (rest (0,1,0)). The root slides from x 0 to x 3 over one second
// at 3 fps and turns 90 degrees about Z: the hand swings from (0,1,0) round to (3-1,0,0).
struct Slide {
    Skeleton skeleton;
    Animation anim;
    Slide()
    {
        skeleton.bones.push_back({"root", -1, {0, 0, 0}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
        skeleton.bones.push_back({"hand", 0, {0, 1, 0}, glm::dquat(1, 0, 0, 0), {1, 1, 1}});
        anim.fps = 3;
        anim.duration = 1;
        Track t;
        t.name = "root";
        t.translation.keys.push_back({0, {0, 0, 0}});
        t.translation.keys.push_back({1, {3, 0, 0}});
        t.rotation.keys.push_back({0, glm::dquat(1, 0, 0, 0)});
        t.rotation.keys.push_back({1, glm::dquat(std::cos(glm::pi<double>() / 4), 0, 0, std::sin(glm::pi<double>() / 4))});
        anim.tracks.push_back(t);
    }
};

} // namespace

TEST(MotionTrail, GhostsBeforeAndAfterNearestFirstInsideTheClip)
{
    // 30 fps, 1 s clip, at 0.5 s: 3 ghosts 2 frames apart on each side.
    const auto g = ghostTimes(0.5, 30, 1.0, 3, 2);
    ASSERT_EQ(g.size(), 6u);
    const double want[] = {0.5 - 2 / 30.0, 0.5 - 4 / 30.0, 0.5 - 6 / 30.0, 0.5 + 2 / 30.0, 0.5 + 4 / 30.0, 0.5 + 6 / 30.0};
    const int offsets[] = {-1, -2, -3, 1, 2, 3};
    for (size_t i = 0; i < g.size(); ++i) {
        EXPECT_NEAR(g[i].time, want[i], 1e-12) << i;
        EXPECT_EQ(g[i].offset, offsets[i]) << i;
    }
    // Near the start only what lies in the clip: frame 1 with step 1 has one ghost before (frame 0).
    const auto start = ghostTimes(1 / 30.0, 30, 1.0, 3, 1);
    ASSERT_EQ(start.size(), 4u);
    EXPECT_EQ(start[0].offset, -1);
    EXPECT_EQ(start[0].time, 0.0);
    EXPECT_EQ(start[1].offset, 1);
    // At the last frame: none after.
    for (const GhostTime& t : ghostTimes(1.0, 30, 1.0, 2, 5))
        EXPECT_LT(t.offset, 0);
    EXPECT_TRUE(ghostTimes(0.5, 30, 1.0, 0, 1).empty());
    EXPECT_TRUE(ghostTimes(0.5, 0, 1.0, 2, 1).empty());
    EXPECT_TRUE(ghostTimes(0.5, 30, NAN, 2, 1).empty());
}

TEST(MotionTrail, PathTimesAreTheFramesThinnedForLongClips)
{
    const auto every = pathSampleTimes(3, 1.0);
    ASSERT_EQ(every.size(), 4u);
    for (int f = 0; f < 4; ++f)
        EXPECT_DOUBLE_EQ(every[f], f / 3.0);
    // An hour at 30 fps: 108001 frames, thinned to at most the cap, the first and last frames kept
    // and the samples evenly spaced.
    const auto hour = pathSampleTimes(30, 3600.0);
    ASSERT_LE(hour.size(), kMaxPathSamples);
    EXPECT_GT(hour.size(), kMaxPathSamples / 2);
    EXPECT_EQ(hour.front(), 0.0);
    EXPECT_DOUBLE_EQ(hour.back(), 3600.0);
    const double spacing = hour[1] - hour[0];
    for (size_t i = 2; i + 1 < hour.size(); ++i)
        EXPECT_NEAR(hour[i] - hour[i - 1], spacing, 1e-9);
    // A small cap keeps the last frame even when the stride skips it.
    const auto few = pathSampleTimes(10, 1.0, 4); // 11 frames, stride 4: 0 4 8 10
    ASSERT_EQ(few.size(), 4u);
    EXPECT_DOUBLE_EQ(few[2], 0.8);
    EXPECT_DOUBLE_EQ(few[3], 1.0);
    EXPECT_TRUE(pathSampleTimes(30, -1).empty());
    EXPECT_TRUE(pathSampleTimes(0, 1).empty());
}

TEST(MotionTrail, PathsAreTheSamplersWorldPositionsAtFrameTimes)
{
    Slide s;
    Sampler sampler(s.anim, s.skeleton);
    const auto times = pathSampleTimes(s.anim.fps, s.anim.duration);
    const auto paths = samplePaths([&](double t, Pose& p) { sampler.sample(t, p); }, {1, 0}, times);
    ASSERT_EQ(paths.size(), 2u);
    ASSERT_EQ(paths[0].size(), 4u);
    // Known numbers: the root at (f,0,0); the hand at the root plus (0,1,0) turned by 30 f degrees.
    for (int f = 0; f < 4; ++f) {
        const double a = glm::pi<double>() / 6 * f;
        EXPECT_NEAR(paths[1][f].x, f, 1e-5);
        EXPECT_NEAR(paths[1][f].y, 0, 1e-5);
        EXPECT_NEAR(paths[0][f].x, f - std::sin(a), 1e-5) << f;
        EXPECT_NEAR(paths[0][f].y, std::cos(a), 1e-5) << f;
    }
    // And the same as a fresh sampler's pose at each time.
    for (size_t i = 0; i < times.size(); ++i) {
        Sampler fresh(s.anim, s.skeleton);
        Pose p;
        fresh.sample(times[i], p);
        EXPECT_EQ(paths[0][i], glm::vec3(p.world[1][3]));
        EXPECT_EQ(paths[1][i], glm::vec3(p.world[0][3]));
    }
}
