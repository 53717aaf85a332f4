// SEAnim samples read against values worked out by hand from the bytes (xxd + python struct).
#include <gtest/gtest.h>

#include "formats/file_io.h"
#include "formats/seanim/seanim_extra.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

Animation readAnim(const std::string& name, SeanimExtra** extra = nullptr)
{
    static std::vector<Scene> keep; // extras stay valid for the test's lifetime
    keep.push_back(loadScene(test::samplePath("seanim/" + name)).scene);
    Animation& a = keep.back().animations.at(0);
    if (extra)
        *extra = a.extra.as<SeanimExtra>();
    return a;
}

} // namespace

TEST(SeanimValues, AbsoluteLocRotScaleLoopNotes)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_abs_lrs_loop_notes.seanim", &x);
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->animType, seanim::Absolute);
    EXPECT_EQ(x->presence, 0x47); // LOC|ROT|SCALE|NOTE
    EXPECT_EQ(x->frameCount, 10u);
    EXPECT_DOUBLE_EQ(a.fps, 30.0);
    EXPECT_TRUE(a.looping);
    EXPECT_DOUBLE_EQ(a.duration, 9.0 / 30.0);
    ASSERT_EQ(a.tracks.size(), 3u);
    EXPECT_EQ(a.tracks[0].name, "tag_origin");
    EXPECT_EQ(a.tracks[1].name, "j_mainroot");
    EXPECT_EQ(a.tracks[2].name, "j_spinelower");
    // bone 0: 2 loc keys (frames 0, 9), 1 rot key (0,0,0,1), no scale
    EXPECT_EQ(a.tracks[0].translation.size(), 2u);
    EXPECT_DOUBLE_EQ(a.tracks[0].translation.keys.time(1), 9.0 / 30.0);
    ASSERT_EQ(a.tracks[0].rotation.size(), 1u);
    EXPECT_EQ(a.tracks[0].rotation.keys.value(0), glm::dquat(1, 0, 0, 0));
    // bone 1: loc key 1 at byte 0x85 = frame 1, (0, 0.5, 40)
    ASSERT_EQ(a.tracks[1].translation.size(), 10u);
    EXPECT_DOUBLE_EQ(a.tracks[1].translation.keys.time(1), 1.0 / 30.0);
    EXPECT_EQ(a.tracks[1].translation.keys.value(1), glm::dvec3(0, 0.5, 40));
    // bone 1 rot key 1 at byte 0x10c: frame 1, (0, 0, 0.0871557444..., 0.996194720...) = 10 deg about Z
    ASSERT_EQ(a.tracks[1].rotation.size(), 10u);
    const auto& q = a.tracks[1].rotation.keys.value(1);
    EXPECT_EQ(q.x, 0.0);
    EXPECT_EQ(q.y, 0.0);
    EXPECT_EQ(q.z, double(0.08715574443340302f));
    EXPECT_EQ(q.w, double(0.9961947202682495f));
    // bone 2: 3 scale keys, the middle one at frame 5 = (1.5, 1.5, 1.5)
    ASSERT_EQ(a.tracks[2].scale.size(), 3u);
    EXPECT_DOUBLE_EQ(a.tracks[2].scale.keys.time(1), 5.0 / 30.0);
    EXPECT_EQ(a.tracks[2].scale.keys.value(1), glm::dvec3(1.5));
    // notes: start@0, fx_éclair@4 (UTF-8), end@9
    ASSERT_EQ(a.notes.size(), 3u);
    EXPECT_EQ(a.notes[1].name, "fx_\xc3\xa9" "clair");
    EXPECT_DOUBLE_EQ(a.notes[1].time, 4.0 / 30.0);
    EXPECT_EQ(a.notes[2].name, "end");
}

TEST(SeanimValues, RelativeWithModifiers)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_rel_modifiers.seanim", &x);
    EXPECT_EQ(x->animType, seanim::Relative);
    EXPECT_DOUBLE_EQ(a.fps, 60.0);
    EXPECT_EQ(a.blend, seanim::blendForType(seanim::Relative));
    ASSERT_EQ(a.tracks.size(), 6u);
    EXPECT_EQ(a.tracks[2].name, "j_gun");
    ASSERT_EQ(a.modifiers.size(), 2u);
    EXPECT_EQ(a.modifiers[0].track, 2);
    EXPECT_EQ(a.modifiers[0].sourceValue, seanim::Absolute);
    EXPECT_EQ(a.modifiers[1].track, 4);
    EXPECT_EQ(a.modifiers[1].sourceValue, seanim::Additive);
    EXPECT_EQ(a.modifiers[1].mode, seanim::blendForType(seanim::Additive));
    EXPECT_TRUE(a.tracks[0].translation.empty() || a.tracks[0].translation.size() > 0);
    EXPECT_EQ(x->presence, 0x03); // LOC|ROT, no scale
}

TEST(SeanimValues, AdditiveDoublePrecision)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_additive_highprec.seanim", &x);
    EXPECT_EQ(x->property & seanim::PrecisionHigh, seanim::PrecisionHigh);
    EXPECT_DOUBLE_EQ(a.fps, 24.0);
    ASSERT_EQ(a.tracks.size(), 2u);
    ASSERT_EQ(a.tracks[0].rotation.size(), 8u);
    // key 1 at byte 0x5b: frame 1, doubles (0.0008726645152351496, 0, 0, 0.9999996192282494)
    const auto& k = a.tracks[0].rotation.keys[1];
    EXPECT_DOUBLE_EQ(k.time, 1.0 / 24.0);
    EXPECT_EQ(k.value.x, 0.0008726645152351496);
    EXPECT_EQ(k.value.w, 0.9999996192282494);
    EXPECT_TRUE(a.tracks[0].translation.empty());
}

TEST(SeanimValues, FrameWidths)
{
    SeanimExtra* x = nullptr;
    Animation a = readAnim("synth_fc255_u8.seanim", &x);
    EXPECT_EQ(x->frameWidth, 1);
    EXPECT_EQ(x->frameCount, 255u);
    a = readAnim("synth_fc256_u16.seanim", &x);
    EXPECT_EQ(x->frameWidth, 2);
    ASSERT_EQ(a.notes.size(), 1u);
    EXPECT_EQ(a.notes[0].name, "last_frame_255");
    EXPECT_DOUBLE_EQ(a.notes[0].time, 255.0 / 30.0);
    a = readAnim("synth_fc70000_u32.seanim", &x);
    EXPECT_EQ(x->frameWidth, 4);
    EXPECT_DOUBLE_EQ(a.fps, 1000.0);
    ASSERT_EQ(a.tracks.size(), 1u);
    ASSERT_EQ(a.tracks[0].translation.size(), 3u);
    EXPECT_DOUBLE_EQ(a.tracks[0].translation.keys.time(1), 35.0); // frame 35000 at 1000 fps
    EXPECT_EQ(a.tracks[0].translation.keys.value(1), glm::dvec3(0, 0, 10));
    EXPECT_DOUBLE_EQ(a.tracks[0].rotation.keys.time(1), 69.999);
    EXPECT_DOUBLE_EQ(a.duration, 69.999);
    EXPECT_EQ(a.notes.at(0).name, "end");
}

TEST(SeanimValues, ThreeHundredBonesU16Modifiers)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_300bones_u16mods.seanim", &x);
    EXPECT_EQ(a.tracks.size(), 300u);
    EXPECT_EQ(x->boneWidth, 2);
    ASSERT_EQ(a.modifiers.size(), 4u);
    EXPECT_EQ(a.modifiers[0].track, 0);
    EXPECT_EQ(a.modifiers[1].track, 255);
    EXPECT_EQ(a.modifiers[2].track, 256);
    EXPECT_EQ(a.modifiers[3].track, 299);
}

TEST(SeanimValues, NotesAndCustomWithoutBones)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_notes_custom_nobones.seanim", &x);
    EXPECT_TRUE(a.tracks.empty());
    EXPECT_TRUE(x->hasCustom);
    EXPECT_EQ(x->custom.size(), 50u);
    ASSERT_EQ(a.notes.size(), 2u);
    EXPECT_EQ(a.notes[1].name, "reload_\xc3\xbc" "ber");
}

TEST(SeanimValues, GreyhoundTrailerKept)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_greyhound_seblend_trailer.seanim", &x);
    EXPECT_FALSE(x->hasCustom);
    ASSERT_EQ(x->trailing.size(), 58u);
    EXPECT_EQ(std::string(x->trailing.begin(), x->trailing.begin() + 8), "SEBlend\n");
    EXPECT_EQ(a.notes.at(0).name, "fire");
}

TEST(SeanimValues, LongerHeaderKept)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_headersize_0x20.seanim", &x);
    EXPECT_EQ(x->headerSize, 0x20);
    ASSERT_EQ(x->headerTail.size(), 4u);
    EXPECT_EQ(x->headerTail[0], 0xde);
    EXPECT_EQ(x->headerTail[3], 0xef);
    ASSERT_EQ(a.tracks.size(), 1u);
    EXPECT_EQ(a.tracks[0].name, "j_a");
    // rot key 1: frame 1, (0, 0, 0.70710677, 0.70710677)
    EXPECT_EQ(a.tracks[0].rotation.keys.at(1).value.z, double(0.70710677f));
}

TEST(SeanimValues, DeltaRootMotion)
{
    SeanimExtra* x = nullptr;
    const Animation a = readAnim("synth_delta_tag_origin.seanim", &x);
    EXPECT_EQ(x->animType, seanim::Delta);
    EXPECT_EQ(a.tracks.at(0).name, "tag_origin");
    EXPECT_EQ(a.tracks[0].translation.size(), 30u);
    EXPECT_EQ(a.blend, seanim::blendForType(seanim::Absolute));
}
