// Purpose-built .ani files: camera, scale and visibility keys, every flag value, odd actors; they
// must read as built and re-save byte for byte. Bad input must give a ParseError, never a crash.
#include <gtest/gtest.h>

#include "formats/lego/lego_camera.h"
#include "formats/lego/lego_extra.h"
#include "formats/lego/lego_format.h"
#include "formats/parse_error.h"
#include "tests/formats/lego_test_builder.h"

using namespace bonescope;
using test::AniBuilder;

namespace {

// Camera, actors with an empty name (no type field) and unusual types, a three-node tree with
// translation, rotation (one key per flag value 0..255), scale and morph keys, trailing bytes.
std::vector<uint8_t> richFile()
{
    AniBuilder b;
    b.header(7, -3, {{"*pepper", 1}, {"", 0}, {"mama", 0xDEADBEEF}}, 2500);
    b.count(2).vec(0, 1, 0, 0, -10).vec(1000, 0x81, 10, 0, -10);
    b.count(1).vec(0, 1, 0, 0, 0);
    b.count(3).roll(0, 0, 0).roll(500, 1, 0.5f).roll(1000, 0xFF, 1.5707964f);
    b.name("-root").count(0).count(0).count(0).count(0).children(2);
    b.name("*pepper").count(1).vec(100, 1, 1, 2, 3);
    b.count(256);
    for (uint32_t f = 0; f < 256; ++f)
        b.quat(f * 10, f, 1, 0, 0, 0);
    b.count(2).vec(0, 0, 1, 1, 1).vec(1000, 2, 3, 3, 3);
    b.count(3).morph(0, 0, 1).morph(500, 4, 0).morph(1000, 0x80, 2);
    b.children(0);
    b.name("").count(0).count(0).count(0).count(0).children(0);
    b.raw({0xAB, 0xCD, 0x00});
    return b.bytes();
}

} // namespace

TEST(LegoSynthetic, RichFileReadsAsBuilt)
{
    const Scene s = LegoFormat().read(richFile());
    const Animation& a = s.animations[0];
    const auto* x = a.extra.as<LegoExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->cameraFlag, 7);
    EXPECT_EQ(x->unused, -3);
    ASSERT_EQ(x->actors.size(), 3u);
    EXPECT_EQ(x->actors[0].type, 1u);
    EXPECT_FALSE(x->actors[1].hasType);
    EXPECT_EQ(x->actors[2].type, 0xDEADBEEFu);
    EXPECT_EQ(x->durationMs, 2500);
    ASSERT_EQ(x->cameraPosition.size(), 2u);
    EXPECT_EQ(x->cameraPosition.keys.flags(1), 0x81u);
    EXPECT_EQ(x->cameraPosition.keys.value(1), glm::dvec3(10, 0, -10));
    ASSERT_EQ(x->cameraRoll.size(), 3u);
    EXPECT_EQ(x->cameraRoll.keys.flags(2), 0xFFu);
    EXPECT_DOUBLE_EQ(x->cameraRoll.keys.value(1), 0.5);
    EXPECT_EQ(x->trailing, (std::vector<uint8_t>{0xAB, 0xCD, 0x00}));

    ASSERT_EQ(s.skeleton.size(), 3u);
    EXPECT_EQ(s.skeleton.bones[1].name, "*pepper"); // actor references keep their '*'
    EXPECT_EQ(s.skeleton.bones[1].parent, 0);
    EXPECT_EQ(s.skeleton.bones[2].name, "");
    EXPECT_EQ(s.skeleton.bones[2].parent, 0);
    const Track& t = a.tracks[1];
    ASSERT_EQ(t.rotation.size(), 256u);
    for (uint32_t f = 0; f < 256; ++f) {
        EXPECT_EQ(t.rotation.keys.flags(f), f);
        EXPECT_DOUBLE_EQ(t.rotation.keys.time(f), f * 0.01);
    }
    EXPECT_EQ(t.scale.keys.value(1), glm::dvec3(3.0));
    EXPECT_EQ(t.scale.keys.flags(1), 2u);
    ASSERT_EQ(t.visibility.size(), 3u);
    EXPECT_EQ(t.visibility.keys.value(2), 2.0);
    EXPECT_EQ(t.visibility.keys.flags(2), 0x80u);
}

TEST(LegoSynthetic, RichFileResavesByteIdentically)
{
    const auto bytes = richFile();
    LegoFormat f;
    EXPECT_EQ(f.write(f.read(bytes)), bytes);
}

TEST(LegoSynthetic, EditedKeysAreWrittenBack)
{
    LegoFormat f;
    Scene s = f.read(richFile());
    Track& t = s.animations[0].tracks[1];
    t.translation.keys.setTime(0, 0.25);
    t.translation.keys.setFlags(0, 0x06);
    t.translation.keys.setValue(0, {-4, 5, 6});
    const Scene again = f.read(f.write(s));
    const Vec3Key& k = again.animations[0].tracks[1].translation.keys[0];
    EXPECT_DOUBLE_EQ(k.time, 0.25);
    EXPECT_EQ(k.flags, 0x06u);
    EXPECT_EQ(k.value, glm::dvec3(-4, 5, 6));
}

TEST(LegoSynthetic, KeysThatDoNotFitAreRefused)
{
    LegoFormat f;
    Scene s = f.read(richFile());
    s.animations[0].tracks[1].translation.keys.setFlags(0, 0x100);
    EXPECT_THROW(f.write(s), WriteError);
    s = f.read(richFile());
    s.animations[0].tracks[1].translation.keys.setTime(0, 16777.216); // 2^24 ms
    EXPECT_THROW(f.write(s), WriteError);
}

TEST(LegoSynthetic, CameraSamplesLikeTheGame)
{
    const Scene s = LegoFormat().read(richFile());
    const auto& x = *s.animations[0].extra.as<LegoExtra>();
    // 250 ms: eye lerps from (0,0,-10) to (10,0,-10); target (0,0,0); roll 0 (first key).
    CameraSample c = sampleCamera(x, 0.25, KeyConvention{});
    ASSERT_TRUE(c.valid);
    EXPECT_NEAR(c.eye.x, 2.5, 1e-12);
    EXPECT_NEAR(c.eye.z, -10, 1e-12);
    EXPECT_EQ(c.target, glm::dvec3(0.0));
    EXPECT_EQ(c.up, glm::dvec3(0, 1, 0));
    EXPECT_EQ(c.roll, 0.0);
    // 750 ms: roll steps to the 500 ms key's 0.5, it does not lerp towards 1.5708.
    c = sampleCamera(x, 0.75, KeyConvention{});
    EXPECT_DOUBLE_EQ(c.roll, 0.5);
    // 0 ms, roll at the 1000 ms key (pi/2): forward (0,0,1), right = up x forward = (1,0,0),
    // camera up (0,1,0); the roll turns up to -right = (-1,0,0) in the file's axes.
    c = sampleCamera(x, 1.0, KeyConvention{});
    EXPECT_NEAR(c.roll, 1.5707964, 1e-7);
    // eye (10,0,-10), target 0: forward (-1,0,1)/sqrt2, right = (1,0,1)/sqrt2, rolled up = -right.
    EXPECT_NEAR(c.rolledUp.x, -std::sqrt(0.5), 1e-6);
    EXPECT_NEAR(c.rolledUp.y, 0.0, 1e-6);
    EXPECT_NEAR(c.rolledUp.z, -std::sqrt(0.5), 1e-6);
    // Viewer axes: x negated for positions and directions.
    const CameraSample v = sampleCamera(x, 1.0);
    EXPECT_NEAR(v.eye.x, -10, 1e-12);
    EXPECT_NEAR(v.rolledUp.x, std::sqrt(0.5), 1e-6);
    EXPECT_NEAR(v.rolledUp.z, -std::sqrt(0.5), 1e-6);
    const auto path = cameraPath(x);
    ASSERT_EQ(path.size(), 2u);
    EXPECT_EQ(path[1], glm::dvec3(-10, 0, -10));
    // The view matrix maps the eye to the origin.
    const glm::dvec4 e = cameraView(v) * glm::dvec4(v.eye, 1.0);
    EXPECT_NEAR(glm::length(glm::dvec3(e)), 0.0, 1e-9);
}

TEST(LegoSynthetic, CameraBeforeItsFirstKeyStaysAtTheOrigin)
{
    AniBuilder b;
    b.header(1, 0, {}, 1000);
    b.count(1).vec(500, 1, 5, 0, 0).count(1).vec(0, 1, 0, 0, 9).count(0);
    b.bareNode("-root", 0);
    const Scene s = LegoFormat().read(b.bytes());
    const auto& x = *s.animations[0].extra.as<LegoExtra>();
    EXPECT_EQ(sampleCamera(x, 0.25, KeyConvention{}).eye, glm::dvec3(0.0));
    EXPECT_EQ(sampleCamera(x, 0.75, KeyConvention{}).eye, glm::dvec3(5, 0, 0));
}

TEST(LegoBadInput, WrongMagicHugeCountsAndNaN)
{
    LegoFormat f;
    auto offsetOf = [&](std::vector<uint8_t> bytes) -> uint64_t {
        try {
            f.read(bytes);
        } catch (const ParseError& e) {
            return e.offset();
        }
        ADD_FAILURE() << "no error";
        return 0;
    };
    {
        AniBuilder b;
        b.header(0, 0, {}, 0).bareNode("x", 0);
        auto bytes = b.bytes();
        bytes[0] = 0x12;
        EXPECT_EQ(offsetOf(bytes), 0u);
    }
    {
        AniBuilder b;
        b.header(0, 0, {}, 0).bareNode("x", 0);
        auto bytes = b.bytes();
        bytes[28] = bytes[29] = bytes[30] = bytes[31] = 0xFF; // actor count 2^32-1
        EXPECT_EQ(offsetOf(bytes), 32u);
    }
    {
        AniBuilder b;
        b.header(0, 0, {}, 0).name("x").count(0xFFFF);
        EXPECT_EQ(offsetOf(b.bytes()), 43u); // translation keys: 36 + 4 + 1 + 2
    }
    {
        AniBuilder b;
        b.header(0, 0, {}, 0).name("x").count(0).count(0).count(0).count(0).children(0x7FFFFFFF);
        EXPECT_EQ(offsetOf(b.bytes()), 53u);
    }
    {
        AniBuilder b;
        b.header(0, 0, {}, 0).name("x").count(1).vec(0, 1, std::nanf(""), 0, 0);
        b.count(0).count(0).count(0).children(0);
        EXPECT_EQ(offsetOf(b.bytes()), 47u);
    }
    {
        AniBuilder b;
        b.header(0, 0, {}, 0);
        b.w.u32(0xFFFFFFF0); // node name length
        EXPECT_EQ(offsetOf(b.bytes()), 40u);
    }
}

TEST(LegoBadInput, DeepTreeReadsWithoutRecursion)
{
    // 200000 nested nodes (each the only child of the one before): far deeper than a recursive
    // reader's stack would survive.
    const int depth = 200000;
    AniBuilder b;
    b.header(0, 0, {}, 0);
    for (int i = 0; i < depth; ++i)
        b.bareNode("n", i + 1 < depth ? 1 : 0);
    LegoFormat f;
    const auto bytes = b.bytes();
    const Scene s = f.read(bytes);
    ASSERT_EQ(s.skeleton.size(), size_t(depth));
    EXPECT_EQ(s.skeleton.bones.back().parent, depth - 2);
    EXPECT_EQ(f.write(s), bytes);
}

TEST(LegoBadInput, ChildCountsPastTheEndAreErrors)
{
    // A tree that claims two children but holds one, then ends.
    AniBuilder b;
    b.header(0, 0, {}, 0).bareNode("a", 2).bareNode("b", 0);
    EXPECT_THROW(LegoFormat().read(b.bytes()), ParseError);
}

TEST(LegoBadInput, EveryPrefixOfTheRichFileIsAParseError)
{
    const auto bytes = richFile();
    const size_t structureEnd = bytes.size() - 3; // before the three trailing bytes
    LegoFormat f;
    for (size_t n = 0; n < structureEnd; ++n)
        EXPECT_THROW(f.read(std::span<const uint8_t>(bytes.data(), n)), ParseError) << n;
    EXPECT_NO_THROW(f.read(std::span<const uint8_t>(bytes.data(), structureEnd)));
}

TEST(LegoSynthetic, OtherFormatsAreConvertedToTheGamesAxes)
{
    // A scene in the viewer's axes (identity conversion), no skeleton, two tracks: written under a
    // "-root" node with x of positions and quaternion x negated.
    Scene s;
    Animation a;
    a.duration = 1.0;
    Track t;
    t.name = "arm";
    t.translation.keys.push_back({0.5, {1, 2, 3}, 1});
    t.rotation.keys.push_back({0.25, glm::dquat(0.5, 0.5, 0.5, 0.5), 1});
    a.tracks.push_back(t);
    t.name = "leg";
    a.tracks.push_back(t);
    s.animations.push_back(a);
    LegoFormat f;
    const Scene back = f.read(f.write(s));
    ASSERT_EQ(back.skeleton.size(), 3u);
    EXPECT_EQ(back.skeleton.bones[0].name, "-root");
    EXPECT_EQ(back.skeleton.bones[2].name, "leg");
    EXPECT_EQ(back.skeleton.bones[2].parent, 0);
    const Track& arm = back.animations[0].tracks[1];
    EXPECT_EQ(arm.translation.keys.value(0), glm::dvec3(-1, 2, 3));
    EXPECT_DOUBLE_EQ(arm.translation.keys.time(0), 0.5);
    const glm::dquat q = arm.rotation.keys.value(0);
    EXPECT_EQ(q, glm::dquat(0.5, -0.5, 0.5, 0.5));
    EXPECT_EQ(back.animations[0].extra.as<LegoExtra>()->durationMs, 1000);
}
