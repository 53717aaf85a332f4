// SEAnim writing: byte-identical re-save of every sample, edits that survive a save, random
// animations that come back equal, and the narrowest widths for new files.
#include <random>

#include <gtest/gtest.h>

#include "formats/file_io.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {
std::vector<std::string> seanimSamples()
{
    return test::samplesIn(test::samplePath("seanim"), ".seanim");
}
} // namespace

TEST(SeanimRoundTrip, EverySampleResavesByteIdentical)
{
    const auto files = seanimSamples();
    ASSERT_EQ(files.size(), 11u);
    SeanimFormat f;
    for (const auto& path : files) {
        SCOPED_TRACE(path);
        const auto original = test::readBytes(path);
        const Scene s = f.read(original);
        EXPECT_EQ(f.write(s), original);
    }
}

TEST(SeanimRoundTrip, ConvertCommandWritesIdenticalCopy)
{
    for (const auto& path : seanimSamples()) {
        SCOPED_TRACE(path);
        const std::string out = test::tempPath("copy.seanim");
        const auto r = test::runCli({"convert", path, out});
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(test::readBytes(out), test::readBytes(path));
    }
}

TEST(SeanimRoundTrip, EditSaveReopenChangesOnlyTheEdit)
{
    SeanimFormat f;
    const auto original = test::readBytes(test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim"));
    Scene s = f.read(original);
    Animation& a = s.animations[0];
    a.tracks[1].translation.keys.setValue(1, {1.25, -2.5, 40});
    a.notes[0].name = "begin"; // same length as "start": the layout stays put
    const auto edited = f.write(s);
    ASSERT_EQ(edited.size(), original.size());
    size_t differing = 0;
    for (size_t i = 0; i < original.size(); ++i)
        differing += edited[i] != original[i];
    EXPECT_GT(differing, 0u);
    EXPECT_LE(differing, 8u + 5u); // two floats and the note's letters

    const Scene back = f.read(edited);
    EXPECT_EQ(back.animations[0].tracks[1].translation.keys.value(1), glm::dvec3(1.25, -2.5, 40));
    EXPECT_EQ(back.animations[0].notes[0].name, "begin");
    EXPECT_EQ(back.animations[0].tracks[2].scale.keys.value(1), glm::dvec3(1.5));
}

TEST(SeanimRoundTrip, NewAnimationUsesNarrowestWidths)
{
    SeanimFormat f;
    for (int frames : {2, 255, 256, 65535, 65536, 70000}) {
        SCOPED_TRACE(frames);
        Scene s;
        Animation a;
        a.fps = 30;
        a.duration = (frames - 1) / 30.0;
        Track t;
        t.name = "j_a";
        t.rotation.keys.push_back({0, glm::dquat(1, 0, 0, 0)});
        t.rotation.keys.push_back({(frames - 1) / 30.0, glm::dquat(0, 0, 0, 1)});
        a.tracks.push_back(t);
        s.animations.push_back(a);
        const auto bytes = f.write(s);
        const Scene back = f.read(bytes);
        const auto* x = back.animations[0].extra.as<SeanimExtra>();
        ASSERT_NE(x, nullptr);
        EXPECT_EQ(x->frameCount, uint32_t(frames));
        EXPECT_EQ(x->frameWidth, seanim::widthFor(frames));
        // header 36 + "j_a\0" + flags + count + 2 keys of (frame + 16 bytes)
        EXPECT_EQ(bytes.size(), 36u + 4 + 1 + size_t(x->frameWidth) * 3 + 32);
    }
}

TEST(SeanimRoundTrip, RandomAnimationsComeBackEqual)
{
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> val(-100.f, 100.f);
    SeanimFormat f;
    for (int round = 0; round < 40; ++round) {
        SCOPED_TRACE(round);
        Scene s;
        Animation a;
        a.fps = double(float(std::uniform_real_distribution<float>(1.f, 120.f)(rng)));
        const int frames = std::uniform_int_distribution<int>(1, 400)(rng);
        a.duration = (frames - 1) / a.fps;
        a.looping = round % 2;
        a.blend = seanim::blendForType(uint8_t(round % 3));
        const int bones = std::uniform_int_distribution<int>(0, 300)(rng);
        for (int b = 0; b < bones; ++b) {
            Track t;
            t.name = "bone" + std::to_string(b);
            t.flags = b % 7 == 0 ? seanim::BoneCosmetic : 0;
            int frame = 0;
            while (true) {
                frame += std::uniform_int_distribution<int>(1, 40)(rng);
                if (frame >= frames)
                    break;
                const double time = frame / a.fps;
                if (rng() % 2) t.translation.keys.push_back({time, {val(rng), val(rng), val(rng)}});
                if (rng() % 2) t.rotation.keys.push_back({time, glm::normalize(glm::dquat(val(rng), val(rng), val(rng), val(rng)))});
                if (rng() % 4 == 0) t.scale.keys.push_back({time, {val(rng), val(rng), val(rng)}});
            }
            // Values the file stores as floats.
            for (auto&& k : t.translation.keys.edit()) k.value = glm::dvec3(glm::vec3(k.value));
            for (auto&& k : t.scale.keys.edit()) k.value = glm::dvec3(glm::vec3(k.value));
            for (auto&& k : t.rotation.keys.edit()) k.value = glm::dquat(glm::quat(k.value));
            a.tracks.push_back(t);
        }
        if (bones > 2 && round % 3 == 0)
            a.modifiers.push_back({1, seanim::blendForType(seanim::Additive), seanim::Additive});
        for (int n = 0; n < round % 5; ++n)
            a.notes.push_back({std::uniform_int_distribution<int>(0, frames - 1)(rng) / a.fps, "note" + std::to_string(n)});
        s.animations.push_back(a);

        const auto bytes = f.write(s);
        const Scene back = f.read(bytes);
        const Animation& b = back.animations[0];
        EXPECT_EQ(b.fps, a.fps);
        EXPECT_EQ(b.looping, a.looping);
        EXPECT_EQ(b.blend, a.blend);
        EXPECT_NEAR(b.duration, a.duration, 1e-9);
        ASSERT_EQ(b.tracks.size(), a.tracks.size());
        for (size_t i = 0; i < a.tracks.size(); ++i) {
            EXPECT_EQ(b.tracks[i].name, a.tracks[i].name);
            EXPECT_EQ(b.tracks[i].flags, a.tracks[i].flags);
            ASSERT_EQ(b.tracks[i].translation.size(), a.tracks[i].translation.size());
            ASSERT_EQ(b.tracks[i].rotation.size(), a.tracks[i].rotation.size());
            ASSERT_EQ(b.tracks[i].scale.size(), a.tracks[i].scale.size());
            for (size_t k = 0; k < a.tracks[i].rotation.size(); ++k) {
                EXPECT_NEAR(b.tracks[i].rotation.keys.time(k), a.tracks[i].rotation.keys.time(k), 1e-9);
                EXPECT_EQ(b.tracks[i].rotation.keys.value(k), a.tracks[i].rotation.keys.value(k));
            }
            for (size_t k = 0; k < a.tracks[i].translation.size(); ++k)
                EXPECT_EQ(b.tracks[i].translation.keys.value(k), a.tracks[i].translation.keys.value(k));
        }
        ASSERT_EQ(b.modifiers.size(), a.modifiers.size());
        ASSERT_EQ(b.notes.size(), a.notes.size());
        for (size_t n = 0; n < a.notes.size(); ++n) {
            EXPECT_EQ(b.notes[n].name, a.notes[n].name);
            EXPECT_NEAR(b.notes[n].time, a.notes[n].time, 1e-9);
        }
        // And a second save of what was read is identical to the first.
        EXPECT_EQ(f.write(back), bytes);
    }
}

// Old writers chose frame_t off by one at the width edges; such files still open and re-save as
// they were.
TEST(SeanimRoundTrip, OffByOneWidthFromOldWritersIsAccepted)
{
    SeanimFormat f;
    const auto original = test::readBytes(test::samplePath("seanim/synth_fc255_u8.seanim"));
    Scene s = f.read(original);
    s.animations[0].extra.as<SeanimExtra>()->frameWidth = 2; // what an off-by-one writer did at 255
    const auto oldStyle = f.write(s);
    ASSERT_GT(oldStyle.size(), original.size());

    const Scene back = f.read(oldStyle);
    const auto* x = back.animations[0].extra.as<SeanimExtra>();
    EXPECT_EQ(x->frameCount, 255u);
    EXPECT_EQ(x->frameWidth, 2);
    EXPECT_EQ(back.animations[0].notes.at(0).name, "last_frame_254");
    EXPECT_EQ(back.animations[0].tracks.at(0).translation.size(), s.animations[0].tracks[0].translation.size());
    EXPECT_EQ(f.write(back), oldStyle);
}
