// Bad SEAnim input: every prefix of every sample, wrong magic and version, huge counts, NaN, names
// without a terminator. Each must give a ParseError (exit status 1) naming the byte offset.
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include "formats/parse_error.h"
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
        for (size_t n = 0; n < bytes.size(); ++n) {
            std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + long(n));
            test::writeBytes(cut, prefix);
            const auto r = test::runCli({"info", cut});
            const auto d = test::runCli({"dump", cut});
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
