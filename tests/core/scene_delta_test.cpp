// The undo step that keeps only what an edit changed (core/model/scene_delta.h): applying it gives the
// edited scene, applying it again the original, byte for byte as saved, however many times; it
// holds the changed tracks' keys and not the rest; gestures merge.
#include <gtest/gtest.h>

#include "core/model/scene_delta.h"
#include "formats/file_io.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

// A 300-bone SEAnim with notes, modifiers and its format's extra data.
Scene sample() { return loadScene(test::samplePath("seanim/synth_300bones_u16mods.seanim")).scene; }

std::vector<uint8_t> saved(const Scene& s) { return SeanimFormat().write(s); }

} // namespace

TEST(SceneDelta, OneKeyEditHoldsOneTrackAndUndoesByteForByte)
{
    Scene live = sample();
    const std::vector<uint8_t> original = saved(live);
    Scene edited = live;
    Animation& a = edited.animations[0];
    ASSERT_GE(a.tracks.size(), 300u);
    Track& t = a.tracks[123];
    ASSERT_FALSE(t.rotation.keys.empty());
    t.rotation.keys.setValue(0, glm::dquat(0, 1, 0, 0));
    const std::vector<uint8_t> after = saved(edited);
    ASSERT_NE(after, original);

    SceneDelta step(live, std::move(edited));
    step.apply(live); // pushed: the edit is made
    EXPECT_EQ(saved(live), after);
    EXPECT_EQ(step.keysHeld(), live.animations[0].tracks[123].keyCount()); // the one track, as it was
    for (int round = 0; round < 3; ++round) {
        step.apply(live); // undo
        EXPECT_EQ(saved(live), original) << round;
        EXPECT_EQ(step.keysHeld(), live.animations[0].tracks[123].keyCount());
        step.apply(live); // redo
        EXPECT_EQ(saved(live), after) << round;
    }
}

// Fields beside the tracks (notes, frame rate, the format's extra data) come back too.
TEST(SceneDelta, FieldsBesideTheTracksComeBack)
{
    Scene live = sample();
    const std::vector<uint8_t> original = saved(live);
    Scene edited = live;
    edited.animations[0].notes.push_back({0.1, "added"});
    edited.animations[0].looping = !edited.animations[0].looping;
    SceneDelta step(live, std::move(edited));
    step.apply(live);
    EXPECT_EQ(live.animations[0].notes.back().name, "added");
    EXPECT_EQ(step.keysHeld(), 0u); // no track changed
    step.apply(live);
    EXPECT_EQ(saved(live), original);
}

// An edit that adds or removes tracks keeps the whole other state.
TEST(SceneDelta, AddedOrRemovedTracksKeepTheWholeScene)
{
    Scene live = sample();
    const std::vector<uint8_t> original = saved(live);
    const size_t keys = live.animations[0].keyCount();
    Scene edited = live;
    Track added;
    added.name = "added";
    added.translation.keys.push_back({0.0, {1, 2, 3}});
    edited.animations[0].tracks.push_back(added);
    const std::vector<uint8_t> after = saved(edited);
    SceneDelta step(live, std::move(edited));
    step.apply(live);
    EXPECT_EQ(saved(live), after);
    EXPECT_EQ(step.keysHeld(), keys);
    step.apply(live);
    EXPECT_EQ(saved(live), original);
    step.apply(live);
    EXPECT_EQ(saved(live), after);
}

// A drag pushed as three steps on two tracks merges into one step from the first state to the last.
TEST(SceneDelta, AGestureMergesIntoOneStep)
{
    Scene live = sample();
    const std::vector<uint8_t> original = saved(live);
    auto nudge = [&](int track, double by) {
        Scene edited = live;
        auto& keys = edited.animations[0].tracks[track].rotation.keys;
        EXPECT_FALSE(keys.empty());
        keys.setPart(0, 0, keys.at(0).value.x + by);
        SceneDelta step(live, std::move(edited));
        step.apply(live);
        return step;
    };
    SceneDelta first = nudge(10, 1.0);
    SceneDelta second = nudge(20, 2.0);
    SceneDelta third = nudge(10, 4.0);
    ASSERT_TRUE(first.absorb(second));
    ASSERT_TRUE(first.absorb(third));
    const std::vector<uint8_t> last = saved(live);
    EXPECT_EQ(first.keysHeld(), live.animations[0].tracks[10].keyCount() + live.animations[0].tracks[20].keyCount());
    first.apply(live);
    EXPECT_EQ(saved(live), original);
    first.apply(live);
    EXPECT_EQ(saved(live), last);

    // Steps of different shapes stay apart.
    Scene more = live;
    more.animations[0].tracks.push_back(Track{});
    SceneDelta add(live, std::move(more));
    add.apply(live);
    EXPECT_FALSE(first.absorb(add));
}

// A change only the bytes show (-0 for 0) is a change: saving is byte-exact.
TEST(SceneDelta, NegativeZeroIsAChange)
{
    Scene live = sample();
    Track& t = live.animations[0].tracks[3];
    t.translation.keys.push_back({0.0, {1, 0, 1}});
    t.translation.keys.setPart(0, 1, 0.0);
    Scene edited = live;
    edited.animations[0].tracks[3].translation.keys.setPart(0, 1, -0.0);
    SceneDelta step(live, std::move(edited));
    step.apply(live);
    EXPECT_TRUE(std::signbit(live.animations[0].tracks[3].translation.keys.value(0).y));
    EXPECT_EQ(step.keysHeld(), live.animations[0].tracks[3].keyCount());
    step.apply(live);
    EXPECT_FALSE(std::signbit(live.animations[0].tracks[3].translation.keys.value(0).y));
}


// Edits of some tracks only (keys found by reference): the step swaps those tracks and holds only
// them; steps of one drag merge, a track only the later step changed coming back from it.
TEST(SceneDelta, ReplacingTracksSwapsThemAndMerges)
{
    Scene live = sample();
    const std::vector<uint8_t> original = saved(live);
    auto replace = [&](int track, double x) {
        Track t = live.animations[0].tracks[size_t(track)];
        t.rotation.keys.setPart(0, 0, x);
        std::vector<std::pair<int, Track>> tracks;
        tracks.emplace_back(track, std::move(t));
        SceneDelta step = SceneDelta::replacingTracks(0, std::move(tracks));
        step.apply(live);
        return step;
    };
    SceneDelta first = replace(40, 0.25);
    EXPECT_EQ(live.animations[0].tracks[40].rotation.keys.value(0).x, 0.25);
    EXPECT_EQ(first.keysHeld(), live.animations[0].tracks[40].keyCount());
    const std::vector<uint8_t> one = saved(live);
    first.apply(live);
    EXPECT_EQ(saved(live), original);
    first.apply(live);
    EXPECT_EQ(saved(live), one);

    SceneDelta second = replace(41, 0.5);
    SceneDelta third = replace(40, 0.75);
    ASSERT_TRUE(first.absorb(second));
    ASSERT_TRUE(first.absorb(third));
    const std::vector<uint8_t> last = saved(live);
    first.apply(live);
    EXPECT_EQ(saved(live), original);
    first.apply(live);
    EXPECT_EQ(saved(live), last);

    // A whole-scene step does not merge with a tracks step.
    Scene edited = live;
    edited.animations[0].notes.push_back({0.2, "n"});
    SceneDelta whole(live, std::move(edited));
    whole.apply(live);
    EXPECT_FALSE(first.absorb(whole));
}

// What editTracks gives an edit: every field of the animation, every track's name, flags and rules,
// and the keys of the kept tracks only.
TEST(SceneDelta, AnimationWithKeysOfKeepsEveryFieldAndTheKeptKeys)
{
    Scene s = sample();
    Animation& a = s.animations[0];
    a.fps = 60;
    a.notes.push_back({0.5, "step"});
    a.tracks[9].rotation.rules.interpolation = Interpolation::Step;
    const Animation w = a.withKeysOf({9, 9, 12, 100000});
    EXPECT_EQ(w.fps, 60);
    EXPECT_EQ(w.duration, a.duration);
    EXPECT_EQ(w.notes.size(), a.notes.size());
    EXPECT_EQ(w.modifiers.size(), a.modifiers.size());
    EXPECT_TRUE(bool(w.extra));
    ASSERT_EQ(w.tracks.size(), a.tracks.size());
    size_t keys = 0;
    for (size_t t = 0; t < a.tracks.size(); ++t) {
        EXPECT_EQ(w.tracks[t].name, a.tracks[t].name);
        EXPECT_EQ(w.tracks[t].flags, a.tracks[t].flags);
        EXPECT_TRUE(w.tracks[t].rotation.rules == a.tracks[t].rotation.rules);
        keys += w.tracks[t].keyCount();
    }
    EXPECT_EQ(keys, a.tracks[9].keyCount() + a.tracks[12].keyCount());
    EXPECT_EQ(w.tracks[9].rotation.keys.size(), a.tracks[9].rotation.keys.size());
}
