// Cutting real clips (core/editing/clip_split.h): every piece plays exactly as its part of the original did
// (sampled on every frame), pieces cut at notes have the lengths the notes give and carry the notes,
// and cuts outside the clip are refused with a message naming the frame and the clip's frames.
#include <gtest/gtest.h>

#include <cmath>

#include "core/editing/clip_editing.h"
#include "core/editing/clip_split.h"
#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

const std::string kGrunt = "psk/grunt_hh_grabplayer_crouch_SEQ0.psa"; // 101 frames at 30.3 fps, 89 bones
const std::string kWalk = "rigs/cmu_131_01_walk.bvh";                 // 994 frames at 120 fps
const std::string kNotes = "seanim/synth_abs_lrs_loop_notes.seanim";  // notes at frames 0, 4 and 9

// The largest difference, over every bone and every frame of `piece`, between the piece at t and the
// original at start + t: rotation (quaternion components, sign-free) and translation.
double largestDifference(const Animation& original, const Animation& piece, const Skeleton& skeleton, double start)
{
    Sampler a(original, skeleton), b(piece, skeleton);
    std::vector<LocalTransform> la, lb;
    double worst = 0;
    for (long long f = 0; f < piece.frameCount(); ++f) {
        const double t = timeOfFrame(piece, f);
        a.sampleLocal(start + t, la);
        b.sampleLocal(t, lb);
        for (size_t i = 0; i < la.size(); ++i) {
            worst = std::max(worst, glm::length(la[i].translation - lb[i].translation));
            worst = std::max(worst, 1 - std::abs(glm::dot(la[i].rotation, lb[i].rotation)));
            worst = std::max(worst, glm::length(la[i].scale - lb[i].scale));
        }
    }
    return worst;
}

} // namespace

TEST(ClipSplit, PiecesOfARealPsaPlayAsTheirPartsOfTheOriginal)
{
    const LoadedScene loaded = loadScene(test::fixturePath(kGrunt));
    const Animation& a = loaded.scene.animations.at(0);
    ASSERT_EQ(a.frameCount(), 101);
    const std::vector<double> cuts = {timeOfFrame(a, 30), timeOfFrame(a, 60)};
    ASSERT_EQ(badCuts(a, cuts), "");
    const std::vector<Animation> pieces = splitClip(a, cuts);
    ASSERT_EQ(pieces.size(), 3u);
    EXPECT_EQ(pieces[0].frameCount(), 31);
    EXPECT_EQ(pieces[1].frameCount(), 31);
    EXPECT_EQ(pieces[2].frameCount(), 41);
    EXPECT_EQ(pieces[0].name, "grunt_hh_grabplayer_crouch_0-30");
    EXPECT_EQ(pieces[2].name, "grunt_hh_grabplayer_crouch_60-100");
    EXPECT_DOUBLE_EQ(pieces[0].duration + pieces[1].duration + pieces[2].duration, a.duration);
    EXPECT_EQ(pieces[1].fps, a.fps);
    ASSERT_TRUE(pieces[1].extra); // the sequence's own PSA record travels with each piece
    const double starts[] = {0, cuts[0], cuts[1]};
    for (size_t i = 0; i < 3; ++i)
        EXPECT_LT(largestDifference(a, pieces[i], loaded.scene.skeleton, starts[i]), 1e-6) << pieces[i].name;
}

TEST(ClipSplit, AtNotesGivesTheLengthsTheNotesMark)
{
    const LoadedScene loaded = loadScene(test::samplePath(kNotes));
    const Animation& a = loaded.scene.animations.at(0);
    const NoteCuts cuts = noteCuts(a);
    ASSERT_EQ(cuts.times.size(), 1u); // the notes at the first and last frames do not cut
    EXPECT_NEAR(cuts.times[0], timeOfFrame(a, 4), 1e-9);
    const std::vector<Animation> pieces = splitClip(a, cuts.times, cuts.names);
    ASSERT_EQ(pieces.size(), 2u);
    EXPECT_EQ(pieces[0].name, "start");
    EXPECT_EQ(pieces[1].name, "fx_\xc3\xa9" "clair");
    EXPECT_EQ(pieces[0].frameCount(), 5);
    EXPECT_EQ(pieces[1].frameCount(), 6);
    ASSERT_EQ(pieces[0].notes.size(), 1u); // "start"; "fx_éclair" starts the next piece
    EXPECT_EQ(pieces[0].notes[0].name, "start");
    ASSERT_EQ(pieces[1].notes.size(), 2u);
    EXPECT_EQ(pieces[1].notes[0].name, "fx_\xc3\xa9" "clair");
    EXPECT_DOUBLE_EQ(pieces[1].notes[0].time, 0);
    EXPECT_EQ(pieces[1].notes[1].name, "end");
    EXPECT_NEAR(pieces[1].notes[1].time, pieces[1].duration, 1e-9);
    EXPECT_TRUE(pieces[0].looping && pieces[1].looping); // the format's own fields carried over
    EXPECT_LT(largestDifference(a, pieces[1], Skeleton{}, cuts.times[0]), 1e-6); // float keys
}

TEST(ClipSplit, NotesAddedToARealWalkCutItWhereTheyStand)
{
    LoadedScene loaded = loadScene(test::fixturePath(kWalk));
    Animation& a = loaded.scene.animations.at(0);
    addNote(a, timeOfFrame(a, 200), "walk");
    addNote(a, timeOfFrame(a, 700), "stop");
    addNote(a, timeOfFrame(a, 700), "stop_sound"); // a second note at the same cut
    const NoteCuts cuts = noteCuts(a);
    const std::vector<Animation> pieces = splitClip(a, cuts.times, cuts.names);
    ASSERT_EQ(pieces.size(), 3u);
    EXPECT_EQ(pieces[0].frameCount(), 201);
    EXPECT_EQ(pieces[1].frameCount(), 501);
    EXPECT_EQ(pieces[2].frameCount(), 994 - 700);
    EXPECT_EQ(pieces[1].name, "walk");
    EXPECT_EQ(pieces[2].name, "stop");
    EXPECT_EQ(pieces[2].notes.size(), 2u);
    EXPECT_LT(largestDifference(a, pieces[2], loaded.scene.skeleton, timeOfFrame(a, 700)), 1e-9);
}

TEST(ClipSplit, ExtractedRangeIsThatRange)
{
    const LoadedScene loaded = loadScene(test::fixturePath(kWalk));
    const Animation& a = loaded.scene.animations.at(0);
    const Animation r = extractRange(a, timeOfFrame(a, 120), timeOfFrame(a, 240));
    EXPECT_EQ(r.name, "clip_120-240"); // the BVH's clip has no name
    EXPECT_EQ(r.frameCount(), 121);
    EXPECT_LT(largestDifference(a, r, loaded.scene.skeleton, timeOfFrame(a, 120)), 1e-9);
}

TEST(ClipSplit, CutsOutsideTheClipAreRefusedWithTheClipsFrames)
{
    const LoadedScene loaded = loadScene(test::fixturePath(kGrunt));
    const Animation& a = loaded.scene.animations.at(0);
    EXPECT_NE(badCuts(a, {timeOfFrame(a, 500)}).find("cannot cut at frame 500: the clip 'grunt_hh_grabplayer_crouch' has frames 0 to 100"),
              std::string::npos);
    EXPECT_NE(badCuts(a, {0.0}).find("strictly inside"), std::string::npos);
    EXPECT_NE(badCuts(a, {timeOfFrame(a, 100)}).find("frame 100"), std::string::npos);
    EXPECT_NE(badCuts(a, {timeOfFrame(a, 60), timeOfFrame(a, 30)}).find("increasing order"), std::string::npos);
    EXPECT_NE(badCuts(a, {}).find("no place"), std::string::npos);
}

} // namespace bonescope
