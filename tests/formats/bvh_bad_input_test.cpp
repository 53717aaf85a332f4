// Bad BVH input: every problem is a ParseError naming the byte offset of the offending text.
#include <gtest/gtest.h>

#include <string>

#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/parse_error.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

const std::string kGood = "HIERARCHY\n"
                          "ROOT hips\n{\n  OFFSET 0 1 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                          "  JOINT spine\n  {\n    OFFSET 0 0.5 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
                          "    End Site\n    {\n      OFFSET 0 0.3 0\n    }\n  }\n}\n"
                          "MOTION\nFrames: 2\nFrame Time: 0.5\n"
                          "0 1 0 10 20 30 1 2 3\n"
                          "1 1 0 -10 -20 -30 4 5 6\n";

Scene read(const std::string& text)
{
    return BvhFormat().read({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

// The ParseError's offset, or -1 when reading succeeded.
long long errorOffset(const std::string& text, std::string* message = nullptr)
{
    try {
        read(text);
    } catch (const ParseError& e) {
        if (message)
            *message = e.reason();
        return (long long)e.offset();
    }
    return -1;
}

std::string replaced(std::string s, const std::string& from, const std::string& to)
{
    s.replace(s.find(from), from.size(), to);
    return s;
}

TEST(BvhBadInput, GoodFileReads)
{
    const Scene s = read(kGood);
    EXPECT_EQ(s.skeleton.size(), 3u);
    EXPECT_EQ(s.animations[0].tracks[1].rotation.size(), 2u);
    EXPECT_EQ(s.animations[0].duration, 0.5);
    EXPECT_EQ(s.animations[0].tracks[0].translation.keys.value(1), glm::dvec3(1, 1, 0));
}

TEST(BvhBadInput, NonNumbersPointAtTheToken)
{
    std::string msg;
    const std::string offset = replaced(kGood, "OFFSET 0 0.5 0", "OFFSET 0 abc 0");
    EXPECT_EQ(errorOffset(offset, &msg), (long long)offset.find("abc"));
    EXPECT_NE(msg.find("abc"), std::string::npos);
    const std::string value = replaced(kGood, "-20 -30 4", "-20 x30 4");
    EXPECT_EQ(errorOffset(value), (long long)value.find("x30"));
    const std::string nan = replaced(kGood, "-20 -30 4", "-20 nan 4");
    EXPECT_EQ(errorOffset(nan), (long long)nan.find("nan"));
    const std::string inf = replaced(kGood, "OFFSET 0 1 0", "OFFSET 0 inf 0");
    EXPECT_EQ(errorOffset(inf), (long long)inf.find("inf"));
    const std::string time = replaced(kGood, "Frame Time: 0.5", "Frame Time: 0");
    EXPECT_EQ(errorOffset(time), (long long)time.find("0\n0 1 0"));
}

TEST(BvhBadInput, CountsThatDoNotMatch)
{
    std::string msg;
    // Frames: 3 with two lines of values: the file ends early.
    const std::string fewer = replaced(kGood, "Frames: 2", "Frames: 3");
    EXPECT_EQ(errorOffset(fewer, &msg), (long long)fewer.size());
    EXPECT_NE(msg.find("18 of 27"), std::string::npos) << msg;
    // Frames: 1 with two lines: the second line is kept as trailing data (LinesBeyondFrames...).
    const std::string more = replaced(kGood, "Frames: 2", "Frames: 1");
    EXPECT_EQ(errorOffset(more), -1);
    EXPECT_EQ(read(more).animations[0].tracks[1].rotation.size(), 1u);
    // A frame count no file of this size can hold is refused before anything is allocated.
    const std::string huge = replaced(kGood, "Frames: 2", "Frames: 999999999999");
    EXPECT_EQ(errorOffset(huge, &msg), (long long)huge.find("999999999999"));
    EXPECT_NE(msg.find("bytes left"), std::string::npos) << msg;
    const std::string negative = replaced(kGood, "Frames: 2", "Frames: -2");
    EXPECT_EQ(errorOffset(negative), (long long)negative.find("-2"));
    const std::string eight = replaced(kGood, "CHANNELS 3", "CHANNELS 8"); // 7 at most: positions, a quaternion
    EXPECT_EQ(errorOffset(eight), (long long)eight.find("8 Zrot"));
    // Fewer channel names than the count: "JOINT" is read as a channel name.
    const std::string shortList = replaced(kGood, "CHANNELS 3 Zrotation Xrotation Yrotation", "CHANNELS 4 Zrotation Xrotation Yrotation");
    EXPECT_EQ(errorOffset(shortList), (long long)shortList.find("End Site"));
}

TEST(BvhBadInput, StructureErrors)
{
    EXPECT_EQ(errorOffset("hello"), 0);
    EXPECT_EQ(errorOffset(""), 0);
    const std::string unknown = replaced(kGood, "Zrotation Xrotation Yrotation\n    End", "Zrotation Qrotation Yrotation\n    End");
    EXPECT_EQ(errorOffset(unknown), (long long)unknown.find("Qrotation"));
    // Wrotation makes the rotation channels a quaternion's components: all four are needed.
    std::string msg;
    const std::string partial = replaced(kGood, "Zrotation Xrotation Yrotation\n    End", "Zrotation Wrotation Yrotation\n    End");
    EXPECT_EQ(errorOffset(partial, &msg), (long long)partial.find("3 Zrotation Wrotation"));
    EXPECT_NE(msg.find("needs Xrotation, Yrotation, Zrotation and Wrotation"), std::string::npos) << msg;
    const std::string twice = replaced(kGood, "Zrotation Xrotation Yrotation\n    End", "Zrotation Zrotation Yrotation\n    End");
    EXPECT_EQ(errorOffset(twice), (long long)twice.find("Zrotation Yrotation\n    End"));
    const std::string noBrace = replaced(kGood, "ROOT hips\n{", "ROOT hips\n");
    EXPECT_EQ(errorOffset(noBrace), (long long)noBrace.find("OFFSET 0 1 0"));
    const std::string noName = replaced(kGood, "JOINT spine", "JOINT");
    EXPECT_EQ(errorOffset(noName), (long long)noName.find("\n  {\n    OFFSET 0 0.5"));
    const std::string noRoot = "HIERARCHY\nMOTION\nFrames: 0\nFrame Time: 1\n";
    EXPECT_EQ(errorOffset(noRoot), (long long)noRoot.find("\nFrames"));
}

TEST(BvhBadInput, DeepHierarchyIsRefused)
{
    std::string text = "HIERARCHY\n";
    for (int i = 0; i < 100000; ++i)
        text += (i ? "JOINT j" : "ROOT j") + std::to_string(i) + " { OFFSET 0 1 0 CHANNELS 3 Zrotation Xrotation Yrotation\n";
    std::string msg;
    const long long at = errorOffset(text, &msg);
    EXPECT_GT(at, 0);
    EXPECT_NE(msg.find("deeper"), std::string::npos) << msg;
    // 200 levels are fine.
    std::string ok = "HIERARCHY\n";
    for (int i = 0; i < 200; ++i)
        ok += (i ? "JOINT j" : "ROOT j") + std::to_string(i) + " { OFFSET 0 1 0 CHANNELS 0\n";
    ok += std::string(200, '}') + "\nMOTION\nFrames: 1\nFrame Time: 0.1\n";
    EXPECT_EQ(read(ok).skeleton.size(), 200u);
}

TEST(BvhBadInput, EveryTruncationIsAParseErrorOrAShorterNumber)
{
    const std::string text(kGood);
    for (size_t n = 0; n < text.size(); ++n) {
        const std::string cut = text.substr(0, n);
        try {
            read(cut);
            // Only a cut inside or after the last value of the last frame leaves a complete file.
            EXPECT_GE(n, text.rfind(' ') + 1) << n;
        } catch (const ParseError& e) {
            EXPECT_LE(e.offset(), n) << n;
        }
    }
}

TEST(BvhBadInput, TowerTruncatedEverywhere)
{
    const auto bytes = test::readBytes(test::samplePath("secondlife/opencollar_tower.bvh"));
    // Cuts before the last frame's line: a cut inside it may leave a shorter but complete number.
    const std::string text(bytes.begin(), bytes.end());
    const size_t lastLine = text.rfind('\n', text.find_last_not_of("\r\n")) + 1;
    for (size_t n = 0; n < lastLine; n += 97) {
        try {
            BvhFormat().read({bytes.data(), n});
            ADD_FAILURE() << "a cut at " << n << " read as a whole file";
        } catch (const ParseError& e) {
            EXPECT_LE(e.offset(), n);
        }
    }
}


// Other tools' files with more motion lines than Frames: says, or key lists after the frames: the
// declared frames are read, the rest is kept (byte-exact re-save, and after an edit) and warned about.
TEST(BvhBadInput, LinesBeyondFramesAreKeptAsTrailingData)
{
    for (const std::string tail : {"2 1 0 0 0 0 7 8 9\n", "KEYS\n0 12 15\n", "\n\n  3 4\r\n"}) {
        const std::string text = kGood + tail;
        const Scene s = read(text);
        ASSERT_EQ(s.animations.size(), 1u);
        EXPECT_EQ(s.animations[0].tracks[1].rotation.size(), 2u) << "only the declared frames are motion";
        const auto* x = s.extra.as<BvhExtra>();
        ASSERT_TRUE(x);
        EXPECT_EQ(std::string(x->trailing.begin(), x->trailing.end()), tail);
        EXPECT_EQ(x->trailingOffset, kGood.size());

        const auto resaved = BvhFormat().write(s);
        EXPECT_EQ(std::string(resaved.begin(), resaved.end()), text) << "byte-exact re-save";
        const auto findings = BvhFormat().validate(s, "");
        ASSERT_EQ(findings.size(), 1u);
        EXPECT_EQ(findings[0].severity, Finding::Severity::Warning);
        EXPECT_EQ(findings[0].offset, kGood.size());
        const FileSummary summary = BvhFormat().summarize({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
        ASSERT_EQ(summary.details.size(), 1u);
        EXPECT_NE(summary.details[0].find("Frames:"), std::string::npos);

        Scene edited = s; // after an edit the frames are written anew and the tail follows them
        edited.animations[0].tracks[1].rotation.keys.setValue(0, glm::dquat(1, 0, 0, 0));
        const auto written = BvhFormat().write(edited);
        const std::string out(written.begin(), written.end());
        ASSERT_GE(out.size(), tail.size());
        EXPECT_EQ(out.substr(out.size() - tail.size()), tail);
        EXPECT_EQ(read(out).animations[0].tracks[1].rotation.size(), 2u);
    }
}

} // namespace
} // namespace bonescope
