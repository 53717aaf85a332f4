// Bad SEAnim input: every prefix of every sample, wrong magic and version, huge counts, NaN, names
// without a terminator. Each must give a ParseError (exit status 1) naming the byte offset.
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include "formats/parse_error.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

std::string errorOf(const std::vector<uint8_t>& bytes)
{
    try {
        SeanimFormat().read(bytes);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "";
}

// Where the last note's name starts and where its NUL is, when no custom block follows; else {0, 0}.
std::pair<size_t, size_t> lastNoteName(const std::vector<uint8_t>& bytes)
{
    const Scene s = SeanimFormat().read(bytes);
    const auto* x = s.animations[0].extra.as<SeanimExtra>();
    if (s.animations[0].notes.empty() || x->hasCustom)
        return {0, 0};
    const size_t nul = bytes.size() - x->trailing.size() - 1;
    return {nul - s.animations[0].notes.back().name.size(), nul};
}

std::vector<uint8_t> sample(const std::string& name)
{
    return test::readBytes(test::samplePath("seanim/" + name));
}

} // namespace

TEST(SeanimBadInput, EveryTruncationIsExitStatusOne)
{
    for (const auto& path : test::samplesIn(test::samplePath("seanim"), ".seanim")) {
        const auto bytes = test::readBytes(path);
        const std::string cut = test::tempPath("cut.seanim");
        const auto [lastNameStart, lastNameNul] = lastNoteName(bytes);
        for (size_t n = 0; n < bytes.size(); ++n) {
            std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + long(n));
            test::writeBytes(cut, prefix);
            const auto r = test::runCli({"info", cut});
            const auto d = test::runCli({"dump", cut});
            // A cut inside a last note name at the end of the file leaves a name without its NUL,
            // which opens with a warning (as some exporters write it).
            if (lastNameStart > 0 && n > lastNameStart && n <= lastNameNul) {
                EXPECT_EQ(r.status, 0) << path << " cut at " << n << r.err;
                EXPECT_NE(r.out.find("no NUL terminator"), std::string::npos) << r.out;
                continue;
            }
            // Trailer bytes are opaque: cutting into them leaves a valid file with a shorter trailer.
            bool trailerOnly = false;
            if (path.find("greyhound") != std::string::npos)
                trailerOnly = n >= bytes.size() - 58;
            if (trailerOnly) {
                EXPECT_EQ(r.status, 0) << path << " cut at " << n;
                continue;
            }
            EXPECT_EQ(r.status, 1) << path << " cut at " << n;
            EXPECT_EQ(d.status, 1) << path << " cut at " << n;
            EXPECT_NE(r.err.find(cut), std::string::npos) << r.err;
            if (n > 0) {
                EXPECT_NE(r.err.find("at byte"), std::string::npos) << r.err;
            }
        }
    }
}

TEST(SeanimBadInput, WrongMagicAndVersion)
{
    auto bytes = sample("synth_abs_lrs_loop_notes.seanim");
    auto bad = bytes;
    bad[0] = 'X';
    EXPECT_NE(errorOf(bad).find("at byte 0: not an SEAnim file"), std::string::npos);
    bad = bytes;
    bad[6] = 2;
    EXPECT_NE(errorOf(bad).find("at byte 6: unsupported SEAnim version 2"), std::string::npos);
    bad = bytes;
    bad[8] = 0x10;
    EXPECT_NE(errorOf(bad).find("at byte 8: headerSize 16"), std::string::npos);
}

TEST(SeanimBadInput, HugeCountsFailWithoutAllocating)
{
    auto bytes = sample("synth_abs_lrs_loop_notes.seanim");
    auto bad = bytes;
    const uint32_t huge = 0xFFFFFFF0u;
    std::memcpy(&bad[0x18], &huge, 4); // boneCount
    const std::string e = errorOf(bad);
    EXPECT_NE(e.find("bone count 4294967280 is larger than the file can hold"), std::string::npos) << e;
    bad = bytes;
    std::memcpy(&bad[0x20], &huge, 4); // noteCount
    EXPECT_NE(errorOf(bad).find("note count"), std::string::npos);
    bad = bytes;
    bad[0x48] = 0xFF; // bone 0's translation key count (u8) -> 255 keys of 13 bytes
    EXPECT_NE(errorOf(bad).find("translation key count 255 is larger than the file can hold"), std::string::npos);
}

TEST(SeanimBadInput, NonFiniteValuesNameTheirOffset)
{
    auto bytes = sample("synth_abs_lrs_loop_notes.seanim");
    const float nan = std::nanf("");
    std::memcpy(&bytes[0x86], &nan, 4); // bone 1, translation key 1, x
    EXPECT_NE(errorOf(bytes).find("at byte 134: translation key value of bone 1, key 1 is not a finite number"),
              std::string::npos)
        << errorOf(bytes);
    auto inf = sample("synth_abs_lrs_loop_notes.seanim");
    const float infinity = INFINITY;
    std::memcpy(&inf[0x10], &infinity, 4);
    EXPECT_NE(errorOf(inf).find("at byte 16: framerate"), std::string::npos);
}

TEST(SeanimBadInput, NameWithoutTerminator)
{
    const auto bytes = sample("synth_notes_custom_nobones.seanim");
    // Cut inside the last note's name: no terminator before the end of the file.
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + 0x2e);
    const std::string e = errorOf(cut);
    EXPECT_NE(e.find("note name has no NUL terminator"), std::string::npos) << e;
}

TEST(SeanimBadInput, ModifierIndexOutOfRange)
{
    auto bytes = sample("synth_rel_modifiers.seanim");
    bytes[0x5e] = 9; // first modifier's bone index (6 bones)
    EXPECT_NE(errorOf(bytes).find("modifier bone index 9 is not below the bone count 6"), std::string::npos)
        << errorOf(bytes);
}

// A popular Blender exporter writes a last, non-ASCII note name without its NUL at the end of the
// file: the name is read to the end, a warning is given, and the file re-saves byte for byte.
TEST(SeanimBadInput, LastNoteNameWithoutTerminatorOpens)
{
    Scene scene;
    Animation a;
    a.fps = 30;
    a.duration = 1;
    Track t;
    t.name = "hip";
    t.translation.keys = {{0.0, {0, 1, 0}}, {1.0, {0, 2, 0}}};
    a.tracks.push_back(t);
    a.notes = {{0.0, "start"}, {0.5, "\xe8\xb6\xb3\xe9\x9f\xb3"}}; // "footstep" in Japanese, UTF-8
    scene.animations.push_back(a);
    std::vector<uint8_t> bytes = SeanimFormat().write(scene);
    ASSERT_EQ(bytes.back(), 0);
    bytes.pop_back(); // as the exporter writes it

    const Scene back = SeanimFormat().read(bytes);
    ASSERT_EQ(back.animations[0].notes.size(), 2u);
    EXPECT_EQ(back.animations[0].notes[1].name, a.notes[1].name);
    EXPECT_NEAR(back.animations[0].notes[1].time, 0.5, 1e-9);
    EXPECT_EQ(SeanimFormat().write(back), bytes) << "byte-exact re-save";
    const auto findings = SeanimFormat().validate(back, "");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Finding::Severity::Warning);

    const std::string path = test::tempPath("unterminated.seanim");
    test::writeBytes(path, bytes);
    const auto info = test::runCli({"info", path});
    EXPECT_EQ(info.status, 0) << info.err;
    EXPECT_NE(info.out.find("warning: the last note name has no NUL terminator"), std::string::npos) << info.out;

    Scene renamed = back; // a renamed note is written with its terminator
    renamed.animations[0].notes[1].name = "step";
    const auto rewritten = SeanimFormat().write(renamed);
    EXPECT_EQ(rewritten.back(), 0);
    EXPECT_EQ(SeanimFormat().read(rewritten).animations[0].notes[1].name, "step");
}
