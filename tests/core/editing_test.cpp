// Key and clip edits: values, order and times worked out by hand.
#include <gtest/gtest.h>

#include "core/editing/clip_editing.h"
#include "core/editing/key_editing.h"

using namespace bonescope;

namespace {

// One track "j": translation keys x = 0, 10, 20 at 0, 1, 2 s; one note at 1.5 s; 30 fps, 2 s.
Animation line()
{
    Animation a;
    a.fps = 30;
    a.duration = 2;
    Track t;
    t.name = "j";
    for (int i = 0; i < 3; ++i)
        t.translation.keys.push_back({double(i), {10.0 * i, 0, 0}});
    a.tracks.push_back(t);
    a.notes.push_back({1.5, "step"});
    return a;
}

std::vector<double> times(const Vec3Channel& ch)
{
    std::vector<double> out;
    for (const auto& k : ch.keys)
        out.push_back(k.time);
    return out;
}

} // namespace

TEST(KeyEditing, InsertKeepsOrderAndReplacesSameTime)
{
    Animation a = line();
    EXPECT_EQ(insertKey(a, 0, ChannelKind::Translation, 0.5, {5, 1, 0, 0}), 1);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 0.5, 1, 2}));
    EXPECT_EQ(insertKey(a, 0, ChannelKind::Translation, 1.0, {99, 0, 0, 0}), 2);
    EXPECT_EQ(a.tracks[0].translation.size(), 4u);
    EXPECT_EQ(a.tracks[0].translation.keys.value(2).x, 99);
    const int r = insertKey(a, 0, ChannelKind::Rotation, 0.25, {0, 0, 1, 0}); // quaternion x,y,z,w
    EXPECT_EQ(r, 0);
    EXPECT_EQ(a.tracks[0].rotation.keys.value(0), glm::dquat(0, 0, 0, 1));
}

// Measured: Insert key at frame 5 of the Second Life walk (15 fps; key times stored as 1/65535 of the
// duration) put a second key 3 microseconds beside the file's own.
TEST(KeyEditing, InsertAtAFrameMeetsAQuantisedKeyThere)
{
    Animation a = line();
    a.fps = 15;
    const double stored = 0.3333391; // frame 5 as the format stores it
    a.tracks[0].translation.keys.insert(a.tracks[0].translation.keys.begin() + 1, {stored, {7, 0, 0}});
    EXPECT_EQ(insertKey(a, 0, ChannelKind::Translation, 5.0 / 15, {8, 0, 0, 0}), 1);
    ASSERT_EQ(a.tracks[0].translation.size(), 4u);
    EXPECT_EQ(a.tracks[0].translation.keys.time(1), stored); // the file's time is kept
    EXPECT_EQ(a.tracks[0].translation.keys.value(1).x, 8);
    // A key a hundredth of a frame away is another key.
    EXPECT_EQ(insertKey(a, 0, ChannelKind::Translation, stored + 0.01 / 15, {9, 0, 0, 0}), 2);
    EXPECT_EQ(a.tracks[0].translation.size(), 5u);
    // Moved onto it (snapped to frame 5): the one key there, found again by the returned reference.
    const auto moved = moveKeys(a, {{0, ChannelKind::Translation, 2}}, -0.01 / 15, 15);
    ASSERT_EQ(a.tracks[0].translation.size(), 4u);
    ASSERT_EQ(moved.size(), 1u);
    EXPECT_EQ(moved[0].index, 1);
    EXPECT_EQ(a.tracks[0].translation.keys.value(1).x, 9);
}

// Whether a format reuses its codes for the key is the writer's to decide (SecondLifeReadWrite).
TEST(KeyEditing, SetValueKeepsTimeAndFlags)
{
    Animation a = line();
    a.tracks[0].translation.keys.setFlags(1, 5);
    const double time = a.tracks[0].translation.keys.time(1);
    setKeyValue(a, {0, ChannelKind::Translation, 1}, {7, 8, 9, 0});
    EXPECT_EQ(a.tracks[0].translation.keys.value(1), glm::dvec3(7, 8, 9));
    EXPECT_EQ(a.tracks[0].translation.keys.time(1), time);
    EXPECT_EQ(a.tracks[0].translation.keys.flags(1), 5u);
}

TEST(KeyEditing, DeleteAnyOrder)
{
    Animation a = line();
    deleteKeys(a, {{0, ChannelKind::Translation, 0}, {0, ChannelKind::Translation, 2}, {0, ChannelKind::Translation, 0}});
    ASSERT_EQ(a.tracks[0].translation.size(), 1u);
    EXPECT_EQ(a.tracks[0].translation.keys.value(0).x, 10);
}

TEST(KeyEditing, MoveSnapsResortsAndReturnsNewRefs)
{
    Animation a = line();
    // Move the first key by 1.51 s with 30 fps snapping: 1.51 -> frame 45.3 -> 45 -> 1.5 s.
    const auto moved = moveKeys(a, {{0, ChannelKind::Translation, 0}}, 1.51, 30);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{1, 1.5, 2}));
    ASSERT_EQ(moved.size(), 1u);
    EXPECT_EQ(moved[0].index, 1);
    EXPECT_EQ(a.tracks[0].translation.keys.value(1).x, 0);
    // Moving before 0 clamps at 0.
    moveKeys(a, {{0, ChannelKind::Translation, 0}}, -5);
    EXPECT_EQ(a.tracks[0].translation.keys.time(0), 0);
}

TEST(KeyEditing, CopyPasteAtAnotherTime)
{
    Animation a = line();
    const KeyClipboard clip = copyKeys(a, {{0, ChannelKind::Translation, 1}, {0, ChannelKind::Translation, 2}});
    const auto pasted = pasteKeys(a, clip, 3.0);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 1, 2, 3, 4}));
    EXPECT_EQ(a.tracks[0].translation.keys.value(3).x, 10);
    EXPECT_EQ(a.tracks[0].translation.keys.value(4).x, 20);
    ASSERT_EQ(pasted.size(), 2u);
    EXPECT_EQ(pasted[0].index, 3);
    EXPECT_EQ(pasted[1].index, 4);
}

TEST(ClipEditing, FrameRateKeepOrRescale)
{
    Animation a = line();
    setFrameRate(a, 60, false);
    EXPECT_EQ(a.fps, 60);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 1, 2}));
    Animation b = line();
    setFrameRate(b, 60, true); // frame 30 stays frame 30: now at 0.5 s
    EXPECT_EQ(times(b.tracks[0].translation), (std::vector<double>{0, 0.5, 1}));
    EXPECT_EQ(b.duration, 1);
    EXPECT_EQ(b.notes[0].time, 0.75);
}

TEST(ClipEditing, TrimAddsSampledEndKeys)
{
    Animation a = line();
    trimClip(a, 0.5, 1.5);
    EXPECT_EQ(a.duration, 1);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 0.5, 1}));
    EXPECT_EQ(a.tracks[0].translation.keys.value(0).x, 5);  // sampled at 0.5
    EXPECT_EQ(a.tracks[0].translation.keys.value(1).x, 10); // the key at 1.0
    EXPECT_EQ(a.tracks[0].translation.keys.value(2).x, 15); // sampled at 1.5
    ASSERT_EQ(a.notes.size(), 1u);
    EXPECT_EQ(a.notes[0].time, 1.0);
}

TEST(ClipEditing, SetDurationCutsAtTheEnd)
{
    Animation a = line();
    setDuration(a, 1.25);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 1, 1.25}));
    EXPECT_EQ(a.tracks[0].translation.keys.value(2).x, 12.5);
    EXPECT_TRUE(a.notes.empty());
}

TEST(ClipEditing, ReverseMovesSegmentFlags)
{
    Animation a = line();
    a.tracks[0].translation.keys.setFlags(2, keyflag::Hold | keyflag::Active); // holds segment 1->2
    a.tracks[0].translation.rules.segmentFlags = true;
    reverseClip(a);
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 1, 2}));
    EXPECT_EQ(a.tracks[0].translation.keys.value(0).x, 20);
    // The segment (old key 1 -> old key 2) is now (key 0 -> key 1): its flag sits on key 1.
    EXPECT_EQ(a.tracks[0].translation.keys.flags(1) & keyflag::Hold, keyflag::Hold);
    EXPECT_EQ(a.tracks[0].translation.keys.flags(0) & keyflag::Hold, 0u);
    EXPECT_EQ(a.tracks[0].translation.keys.flags(0) & keyflag::Active, keyflag::Active);
    EXPECT_EQ(a.notes[0].time, 0.5);
}

TEST(ClipEditing, ResampleOnFrames)
{
    Animation a = line();
    resampleClip(a, 2); // frames at 0, 0.5, ..., 2
    EXPECT_EQ(times(a.tracks[0].translation), (std::vector<double>{0, 0.5, 1, 1.5, 2}));
    EXPECT_EQ(a.tracks[0].translation.keys.value(3).x, 15);
    EXPECT_EQ(a.fps, 2);
}
