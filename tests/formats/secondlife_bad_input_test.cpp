// Second Life .anim: every prefix of every sample is refused with exit status 1, and damaged files
// (huge counts, missing terminators, non-finite floats, a wrong version) give a ParseError that
// names the byte offset.
#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

#include "formats/parse_error.h"
#include "formats/secondlife/secondlife_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

// opencollar_StiffNeck.anim (79 bytes): 0 version, 4 base priority, 8 duration, 12 emote "" (NUL),
// 13 loop in, 17 loop out, 21 loop, 25 ease in, 29 ease out, 33 hand pose, 37 num_joints,
// 41 "mNeck\0", 47 priority, 51 rotation count, 55 key, 63 position count, 67 key, 75 constraints.
std::vector<uint8_t> stiffNeck() { return test::readBytes(test::samplePath("secondlife/opencollar_StiffNeck.anim")); }

void putU32(std::vector<uint8_t>& b, size_t at, uint32_t v) { std::memcpy(b.data() + at, &v, 4); }
void putF32(std::vector<uint8_t>& b, size_t at, float v) { std::memcpy(b.data() + at, &v, 4); }

uint64_t failsAt(const std::vector<uint8_t>& bytes)
{
    try {
        (void)SecondLifeFormat().read(bytes);
    } catch (const ParseError& e) {
        return e.offset();
    }
    ADD_FAILURE() << "no ParseError";
    return 0;
}

} // namespace

TEST(SecondLifeBadInput, EveryPrefixOfEverySampleIsRefused)
{
    const auto files = test::samplesIn(test::samplePath("secondlife"), ".anim");
    ASSERT_EQ(files.size(), 10u);
    const std::string path = test::tempPath("prefix.anim");
    for (const std::string& file : files) {
        const auto bytes = test::readBytes(file);
        for (size_t n = 0; n < bytes.size(); ++n) {
            test::writeBytes(path, std::vector<uint8_t>(bytes.begin(), bytes.begin() + long(n)));
            const auto r = test::runCli({"info", path});
            ASSERT_EQ(r.status, 1) << file << " cut to " << n << " bytes";
        }
    }
}

TEST(SecondLifeBadInput, WrongVersion)
{
    auto b = stiffNeck();
    b[0] = 2;
    EXPECT_EQ(failsAt(b), 0u);
}

TEST(SecondLifeBadInput, HugeJointCount)
{
    auto b = stiffNeck();
    putU32(b, 37, 0xFFFFFFFFu);
    EXPECT_EQ(failsAt(b), 41u);
}

TEST(SecondLifeBadInput, HugeAndNegativeKeyCounts)
{
    auto b = stiffNeck();
    putU32(b, 51, 0x7FFFFFFFu);
    EXPECT_EQ(failsAt(b), 55u);
    putU32(b, 51, uint32_t(-1));
    EXPECT_EQ(failsAt(b), 51u);
    b = stiffNeck();
    putU32(b, 63, uint32_t(-7));
    EXPECT_EQ(failsAt(b), 63u);
}

TEST(SecondLifeBadInput, HugeConstraintCount)
{
    auto b = stiffNeck();
    putU32(b, 75, 0x7FFFFFFFu);
    EXPECT_EQ(failsAt(b), 79u);
}

TEST(SecondLifeBadInput, NameWithoutTerminator)
{
    auto b = stiffNeck();
    b.resize(46); // "mNeck" without its NUL, at the very end of the buffer
    EXPECT_EQ(failsAt(b), 41u);
    auto emote = stiffNeck();
    emote.resize(12);
    emote.push_back('A');
    EXPECT_EQ(failsAt(emote), 12u);
}

TEST(SecondLifeBadInput, NonFiniteFloats)
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (size_t at : {8u, 13u, 17u, 25u, 29u}) {
        auto b = stiffNeck();
        putF32(b, at, at % 2 ? inf : nan);
        EXPECT_EQ(failsAt(b), at);
    }
}

TEST(SecondLifeBadInput, NegativeConstraintCountLoadsAndKeepsItsBytes)
{
    // The viewer ignores a negative count; what follows is kept as trailing bytes.
    auto b = stiffNeck();
    putU32(b, 75, uint32_t(-3));
    b.push_back(0xAB);
    const SecondLifeFormat f;
    const Scene s = f.read(b);
    EXPECT_EQ(f.write(s), b);
    const auto findings = f.validate(s, "secondlife");
    ASSERT_FALSE(findings.empty());
}
