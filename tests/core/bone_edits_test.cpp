// Time scale, drop, freeze and root offset: keys, times and indices worked out by hand.
#include <gtest/gtest.h>

#include "core/editing/bone_edits.h"
#include "core/editing/clip_editing.h"

using namespace bonescope;

namespace {

// Tracks "root" (translation 0, 1, 2 along x at 0, 1, 2 s), "mHandLeft" and "mHandRight" (rotation
// keys at 0.5 and 2 s, the first about z by 10 degrees), a note at 1.5 s, a loop range 0.5..1.5 s.
Animation clip()
{
    Animation a;
    a.fps = 30;
    a.duration = 2;
    a.loopRange = LoopRange{0.5, 1.5};
    Track root;
    root.name = "root";
    for (int i = 0; i < 3; ++i)
        root.translation.keys.push_back({double(i), {double(i), 0, 0}});
    a.tracks.push_back(root);
    for (const char* name : {"mHandLeft", "mHandRight"}) {
        Track t;
        t.name = name;
        t.rotation.keys = {{0.5, glm::angleAxis(glm::radians(10.0), glm::dvec3(0, 0, 1))},
                           {2, glm::angleAxis(glm::radians(50.0), glm::dvec3(0, 0, 1))}};
        a.tracks.push_back(t);
    }
    a.notes.push_back({1.5, "clap"});
    return a;
}

} // namespace

TEST(BonePattern, GlobsWithoutCaseCommaSeparated)
{
    const BonePattern p("mHand*, *_l ,j_?pine");
    EXPECT_TRUE(p.matches("mHandLeft"));
    EXPECT_TRUE(p.matches("MHANDRIGHT"));
    EXPECT_TRUE(p.matches("foot_L"));
    EXPECT_TRUE(p.matches("j_spine"));
    EXPECT_FALSE(p.matches("j_spine4"));
    EXPECT_FALSE(p.matches("mPelvis"));
    EXPECT_TRUE(BonePattern("*").matches(""));
    EXPECT_TRUE(BonePattern(",,").empty());
    EXPECT_TRUE(BonePattern("a*b*c").matches("aXbYbZc"));
    EXPECT_FALSE(BonePattern("a*b*c").matches("aXbYbZ"));
}

TEST(TimeScale, TimesNotesDurationAndLoopRange)
{
    Animation a = clip();
    scaleTime(a, 2);
    EXPECT_EQ(a.duration, 4);
    EXPECT_EQ(a.fps, 30);
    EXPECT_EQ(a.tracks[0].translation.keys.time(2), 4);
    EXPECT_EQ(a.tracks[0].translation.keys.value(2), glm::dvec3(2, 0, 0));
    EXPECT_EQ(a.tracks[1].rotation.keys.time(0), 1);
    EXPECT_EQ(a.notes[0].time, 3);
    EXPECT_EQ(a.loopRange->in, 1);
    EXPECT_EQ(a.loopRange->out, 3);
    scaleTime(a, 0); // refused: nothing changes
    scaleTime(a, -1);
    EXPECT_EQ(a.duration, 4);
}

TEST(DropTracks, ByPatternWithModifiersReindexed)
{
    Animation a = clip();
    a.modifiers = {{0, {}, 1}, {1, {}, 2}, {2, {}, 3}};
    EXPECT_EQ(dropTracks(a, BonePattern("mhand*left")), 1u);
    ASSERT_EQ(a.tracks.size(), 2u);
    EXPECT_EQ(a.tracks[1].name, "mHandRight");
    ASSERT_EQ(a.modifiers.size(), 2u);
    EXPECT_EQ(a.modifiers[0].track, 0);
    EXPECT_EQ(a.modifiers[1].track, 1); // was 2, mHandRight
    EXPECT_EQ(a.modifiers[1].sourceValue, 3);
    EXPECT_EQ(dropTracks(a, BonePattern("nothing")), 0u);
}

TEST(FreezeTracks, HoldFirstKeyForTheWholeClip)
{
    Animation a = clip();
    a.tracks[1].rotation.keys.setFlags(1, keyflag::Negate | keyflag::Active);
    a.tracks[1].rotation.keys.setFlags(0, keyflag::Active | keyflag::Negate);
    EXPECT_EQ(freezeTracks(a, BonePattern("mHand*")), 2u);
    for (int t : {1, 2}) {
        const auto& keys = a.tracks[size_t(t)].rotation.keys;
        ASSERT_EQ(keys.size(), 2u);
        EXPECT_EQ(keys.time(0), 0);
        EXPECT_EQ(keys.time(1), 2);
        const glm::dquat first = glm::angleAxis(glm::radians(10.0), glm::dvec3(0, 0, 1));
        EXPECT_EQ(keys.value(0), first);
        EXPECT_EQ(keys.value(1), first);
    }
    EXPECT_EQ(a.tracks[1].rotation.keys.flags(1), keyflag::Active); // no negation of the held value
    EXPECT_EQ(a.tracks[0].translation.keys.size(), 3u);                 // root untouched
}

TEST(OffsetRoot, NearestTheSkeletonRootOrFirstTranslated)
{
    Animation a = clip();
    EXPECT_EQ(offsetRoot(a, Skeleton{}, {0, 0.5, -1}), 0);
    EXPECT_EQ(a.tracks[0].translation.keys.value(2), glm::dvec3(2, 0.5, -1));
    EXPECT_TRUE(a.tracks[1].translation.keys.empty());

    // With a skeleton: the track of the shallowest bone, given keys from its rest translation.
    Skeleton s;
    s.bones.push_back({"base", -1});
    s.bones.push_back({"mPelvis", 0, {0, 0, 1.067}});
    s.bones.push_back({"mHandLeft", 1});
    s.bones.push_back({"root", 2});
    Animation b = clip();
    std::swap(b.tracks[0].name, b.tracks[1].name); // "mHandLeft" now has the translation keys
    b.tracks[2].name = "mPelvis";
    EXPECT_EQ(rootTrack(b, s), 2);
    EXPECT_EQ(offsetRoot(b, s, {0, 0, 0.25}), 2);
    const auto& keys = b.tracks[2].translation.keys;
    ASSERT_EQ(keys.size(), 2u);
    EXPECT_EQ(keys.time(0), 0);
    EXPECT_EQ(keys.time(1), 2);
    EXPECT_NEAR(keys.value(1).z, 1.067 + 0.25, 1e-12);
    EXPECT_EQ(keys.value(1).x, 0);
    // Keys that are offsets from the rest translation start from zero.
    Animation c = clip();
    c.tracks[2].name = "mPelvis";
    c.tracks[2].translation.rules.offsetFromRest = true;
    offsetRoot(c, s, {0, 0, 0.25});
    EXPECT_EQ(c.tracks[2].translation.keys.value(0), glm::dvec3(0, 0, 0.25));
    Animation empty;
    EXPECT_EQ(offsetRoot(empty, s, {1, 1, 1}), -1);
}
