// SEAnim written in pieces (SeanimFormat::writeTo, what `convert` writes a file with): the same bytes
// as write(), handed on about a megabyte at a time, and the file's checks made before a byte goes out.
#include <cmath>

#include <gtest/gtest.h>

#include "formats/parse_error.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/sink_pieces.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

using test::Pieces;

// 60 bones keyed on each of 2,000 frames: a file of about 3.9 MB.
Scene manyKeys()
{
    Scene s;
    Animation& a = s.animations.emplace_back();
    a.fps = 30;
    a.duration = 1999 / 30.0;
    for (int b = 0; b < 60; ++b) {
        Track& t = a.tracks.emplace_back();
        t.name = "bone_" + std::to_string(b);
        for (int f = 0; f < 2000; ++f) {
            const float x = float(0.01 * f + b);
            t.translation.keys.push_back({f / 30.0, {std::sin(x), std::cos(x), 0.1f * float(b)}});
            t.rotation.keys.push_back({f / 30.0, glm::dquat(std::cos(x / 2), std::sin(x / 2), 0, 0)});
        }
    }
    return s;
}

} // namespace

TEST(SeanimStreamedWrite, EverySampleGivesWritesBytes)
{
    const SeanimFormat f;
    for (const auto& path : test::samplesIn(test::samplePath("seanim"), ".seanim")) {
        SCOPED_TRACE(path);
        const auto original = test::readBytes(path);
        Pieces pieces;
        f.writeTo(f.read(original), pieces.sink());
        EXPECT_EQ(pieces.joined(), original);
    }
}

TEST(SeanimStreamedWrite, ABigFileGoesOutInMegabytePieces)
{
    const SeanimFormat f;
    const Scene s = manyKeys();
    const std::vector<uint8_t> whole = f.write(s);
    ASSERT_GT(whole.size(), size_t(3) << 20);
    Pieces pieces;
    f.writeTo(s, pieces.sink());
    EXPECT_EQ(pieces.joined(), whole);
    ASSERT_GE(pieces.list.size(), 4u);
    // Each piece stops before a channel would take it past 1 MiB (a channel here is 28-34 KB).
    for (size_t i = 0; i + 1 < pieces.list.size(); ++i) {
        EXPECT_LE(pieces.list[i].size(), size_t(1) << 20) << i;
        EXPECT_GT(pieces.list[i].size(), (size_t(1) << 20) - 40'000) << i;
    }
    EXPECT_EQ(f.read(pieces.joined()).animations[0].tracks[59].rotation.keys.size(), 2000u);
}

TEST(SeanimStreamedWrite, AFileThatCannotBeWrittenFailsBeforeAnyByte)
{
    const SeanimFormat f;
    Scene s = manyKeys();
    s.animations[0].fps = std::nan("");
    Pieces pieces;
    EXPECT_THROW(f.writeTo(s, pieces.sink()), WriteError);
    EXPECT_TRUE(pieces.list.empty());

    // A clip far longer than its keys: the reader would refuse the file, so the writer does.
    s = manyKeys();
    s.animations[0].duration = 1e7; // 300 million frames
    try {
        f.writeTo(s, pieces.sink());
        ADD_FAILURE() << "no error";
    } catch (const WriteError& e) {
        EXPECT_NE(std::string(e.what()).find("Bonescope would refuse to read it back"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(pieces.list.empty());
}
