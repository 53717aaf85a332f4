#include <gtest/gtest.h>

#include "core/playback/playback_time.h"

using namespace bonescope;

TEST(PlaybackTime, NotLoopingClampsToTheClip)
{
    EXPECT_DOUBLE_EQ(animationTime(-1.0, 2.0, false, std::nullopt), 0.0);
    EXPECT_DOUBLE_EQ(animationTime(1.25, 2.0, false, std::nullopt), 1.25);
    EXPECT_DOUBLE_EQ(animationTime(7.0, 2.0, false, LoopRange{0.5, 1.5}), 2.0);
}

TEST(PlaybackTime, LoopsTheWholeClipWithoutARange)
{
    EXPECT_DOUBLE_EQ(animationTime(2.0, 2.0, true, std::nullopt), 2.0);
    EXPECT_DOUBLE_EQ(animationTime(2.5, 2.0, true, std::nullopt), 0.5);
    EXPECT_DOUBLE_EQ(animationTime(5.0, 2.0, true, std::nullopt), 1.0);
}

TEST(PlaybackTime, WrapsIntoTheLoopRange)
{
    // opencollar_Tower: duration 2.875, loop 1.2083..2.875 -> plays once to 2.875, then loops.
    const LoopRange r{1.0, 2.5};
    EXPECT_DOUBLE_EQ(animationTime(0.75, 3.0, true, r), 0.75); // the intro plays once
    EXPECT_DOUBLE_EQ(animationTime(2.5, 3.0, true, r), 2.5);
    EXPECT_DOUBLE_EQ(animationTime(2.75, 3.0, true, r), 1.25); // 1 + fmod(0.25, 1.5)
    EXPECT_DOUBLE_EQ(animationTime(4.25, 3.0, true, r), 1.25); // 1 + fmod(1.75, 1.5)
}

TEST(PlaybackTime, EqualLoopPointsHoldTheLastPose)
{
    // linden_sit_female: loop_in = loop_out = duration.
    EXPECT_DOUBLE_EQ(animationTime(10.0, 2.88, true, LoopRange{2.88, 2.88}), 2.88);
    EXPECT_DOUBLE_EQ(animationTime(10.0, 3.0, true, LoopRange{1.0, 1.0}), 1.0);
}

TEST(PlaybackTime, LoopPointsOutsideTheClipAreClamped)
{
    // ll_raptor_attack has loop points at -0.0417.
    EXPECT_DOUBLE_EQ(animationTime(1.0, 1.5, true, LoopRange{-0.0417, -0.0417}), 0.0);
    EXPECT_DOUBLE_EQ(animationTime(2.0, 1.5, true, LoopRange{0.5, 9.0}), 1.0); // out -> 1.5
}

TEST(PlaybackTime, UsesTheAnimationsFields)
{
    Animation a;
    a.duration = 2.0;
    a.looping = true;
    a.loopRange = LoopRange{0.5, 1.5};
    EXPECT_DOUBLE_EQ(animationTime(1.75, a), 0.75);
}

TEST(EaseWeight, SmoothstepShape)
{
    EXPECT_DOUBLE_EQ(easeStep(-1), 0.0);
    EXPECT_DOUBLE_EQ(easeStep(0.25), 0.15625); // 0.0625 * 2.5
    EXPECT_DOUBLE_EQ(easeStep(0.5), 0.5);
    EXPECT_DOUBLE_EQ(easeStep(0.75), 0.84375); // 0.5625 * 1.5
    EXPECT_DOUBLE_EQ(easeStep(2), 1.0);
}

TEST(EaseWeight, RampsInAndOut)
{
    EXPECT_DOUBLE_EQ(easeWeight(0.0, 100, 0.2, 0.4), 0.0);
    EXPECT_DOUBLE_EQ(easeWeight(0.1, 100, 0.2, 0.4), 0.5);
    EXPECT_DOUBLE_EQ(easeWeight(1.0, 100, 0.2, 0.4), 1.0);
    EXPECT_DOUBLE_EQ(easeWeight(1.0, 0.1, 0.2, 0.4), 0.15625);
    EXPECT_DOUBLE_EQ(easeWeight(0.0, 0.0, 0.0, 0.0), 1.0); // no ramps
}
