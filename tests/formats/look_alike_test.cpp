// Files people open by mistake are named for what they are, with what to do, and never described by
// a header field's number; Dash's own .dmx still opens where Valve's DMX is refused.
#include <gtest/gtest.h>

#include <regex>

#include "formats/file_io.h"
#include "formats/look_alike.h"
#include "formats/parse_error.h"
#include "tests/support/look_alike_files.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

std::string openError(const std::string& path)
{
    try {
        loadScene(path);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(opened)";
}

// A raw magic or header field: four or more digits in a row ("1179011410", "25960.27756"), outside
// the file's path (temporary folders have digits).
bool hasRawNumber(std::string s, const std::string& path)
{
    if (const size_t at = s.find(path); at != std::string::npos)
        s.erase(at, path.size());
    return std::regex_search(s, std::regex("[0-9]{4,}"));
}

} // namespace

TEST(LookAlike, EachFileIsNamedForWhatItIs)
{
    for (const auto& f : test::lookAlikeFiles()) {
        const std::string path = test::tempPath(f.name);
        test::writeBytes(path, f.bytes);
        const std::string m = openError(path);
        EXPECT_NE(m.find(path + ": this is " + f.says), std::string::npos) << m;
        EXPECT_NE(m.find(f.notA), std::string::npos) << m;
        EXPECT_EQ(m.find("--"), std::string::npos) << m;
        EXPECT_FALSE(hasRawNumber(m, path)) << m;
        EXPECT_EQ(m.find("magic"), std::string::npos) << m;
    }
}

TEST(LookAlike, CursorSaysWhatToOpenInstead)
{
    const std::string path = test::tempPath("walk.ani");
    test::writeBytes(path, test::animatedCursor());
    EXPECT_EQ(openError(path), path + ": this is a Windows animated cursor (.ani), not a LEGO Island animation. Windows "
                                      "cursors and LEGO Island animations share the .ani extension; Bonescope reads only "
                                      "the game's. Open a LEGO Island .ani taken from the game's files.");
}

TEST(LookAlike, OtherKindsAreRecognised)
{
    auto what = [](std::string head) {
        const auto seen = lookAlike({reinterpret_cast<const uint8_t*>(head.data()), head.size()});
        return seen ? seen->what : std::string("nothing");
    };
    EXPECT_EQ(what("\xff\xd8\xff\xe0\0\x10JFIF"), "a JPEG image");
    EXPECT_EQ(what("GIF89a\1\0\1\0"), "a GIF image");
    EXPECT_EQ(what(std::string("BM\x46\0\0\0\0\0\0\0\x36\0\0\0", 14)), "a BMP image");
    EXPECT_EQ(what("7z\xbc\xaf\x27\x1c\0\4"), "a 7-Zip archive");
    EXPECT_EQ(what("Rar!\x1a\x07\x01\0"), "a RAR archive");
    EXPECT_EQ(what("\x1f\x8b\x08\0"), "a gzip-compressed file");
    EXPECT_EQ(what("%PDF-1.7\n"), "a PDF document");
    EXPECT_EQ(what(std::string("MZ\x90\0\3\0", 6)), "a Windows program or library (.exe, .dll)");
    EXPECT_EQ(what("\x7f" "ELF\2\1\1"), "a Linux program or library");
    EXPECT_EQ(what("BLENDER-v300REND"), "a Blender scene (.blend)");
    EXPECT_EQ(what("//Maya ASCII 2020 scene\n"), "a Maya scene (.ma)");
    EXPECT_EQ(what(std::string("FOR4\0\0\0\x40Maya", 12)), "a Maya scene (.mb)");
    EXPECT_EQ(what("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"),
              "a 3ds Max scene (.max) or another Windows compound file (an old Office document)");
    EXPECT_EQ(what(std::string(64, '\0')), "a file of zero bytes only");
    EXPECT_EQ(what("{\"a\": 1}"), "a JSON text file (it begins \"{\"a\": 1}\")");
    // A damaged animation looks like nothing: its own reader's message stays.
    EXPECT_EQ(what(std::string("\x11\0\0\0\x01\x02\x03\x80\x90", 9)), "nothing");
}

// A text file where a text format was expected: that format's reader names the line, not "a text file";
// the first letters of a file cut short are not called a text file either.
TEST(LookAlike, TextFormatsKeepTheirReadersMessage)
{
    const std::string path = test::tempPath("broken.bvh");
    test::writeBytes(path, {'H', 'I', 'E', 'R', 'A', 'R', 'C', 'H', 'Y', '\n', 'R', 'O', 'O', 'T', '\n'});
    const std::string m = openError(path);
    EXPECT_EQ(m.find("this is a text file"), std::string::npos) << m;
    const std::string cut = test::tempPath("cut.seanim");
    test::writeBytes(cut, {'S', 'E', 'A', 'n'});
    EXPECT_NE(openError(cut).find(cut + ": at byte "), std::string::npos) << openError(cut);
}

// Dash's .dmx (binary "DMX" and JSON) still opens beside the refusal of Valve's.
TEST(LookAlike, DashDmxStillOpens)
{
    for (const char* name : {"dash/model20.dmx", "dash/model20_json.dmx"}) {
        const LoadedScene loaded = loadScene(test::fixturePath(name));
        ASSERT_NE(loaded.format, nullptr);
        EXPECT_NE(loaded.format->displayName().find("Dash Model Exchange 2.0"), std::string::npos) << name;
        EXPECT_FALSE(loaded.scene.skeleton.empty()) << name;
    }
}

// A Second Life header of another version is still called one; garbage is not given a version.
TEST(LookAlike, SecondLifeVersionWords)
{
    const std::string other = test::tempPath("v2.anim");
    test::writeBytes(other, {2, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0});
    EXPECT_NE(openError(other).find("a Second Life .anim of version 2.0, which Bonescope does not read (it reads 1.0)"),
              std::string::npos)
        << openError(other);
    const std::string garbage = test::tempPath("garbage.anim");
    test::writeBytes(garbage, {0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87});
    const std::string m = openError(garbage);
    EXPECT_NE(m.find("not a Second Life .anim: its first bytes are not an animation header"), std::string::npos) << m;
    EXPECT_FALSE(hasRawNumber(m, garbage)) << m;
}

// A file cut short (a download or copy that did not finish) gets what to do, as an empty file does,
// beside the reader's own words on where it ends (a first-use pass read those as a riddle).
TEST(LookAlike, CutShortFilesSayGetItAgain)
{
    struct Cut {
        const char* fixture;
        size_t keep;
        const char* reader; // the reader's own words, kept
    };
    for (const Cut& c : {Cut{"rigs/linden_walk.anim", 1200, "larger than the file can hold"},
                         Cut{"rigs/cmu_131_01_walk.bvh", 300000, "the file ends after"},
                         Cut{"rigs/CesiumMan.glb", 200000, "truncated .glb"}}) {
        std::vector<uint8_t> bytes = test::readBytes(test::fixturePath(c.fixture));
        bytes.resize(c.keep);
        const std::string path = test::tempPath("cut_" + std::string(c.fixture).substr(5));
        test::writeBytes(path, bytes);
        const std::string m = openError(path);
        EXPECT_NE(m.find(path + ": at byte "), std::string::npos) << m;
        EXPECT_NE(m.find(c.reader), std::string::npos) << m;
        EXPECT_NE(m.find(". The file seems cut short or damaged: it may not have finished downloading or copying; get "
                         "the file again"),
                  std::string::npos)
            << m;
    }
    // A whole file that is wrong, not short, is not told to be fetched again.
    const std::string bad = test::tempPath("bad_channels.bvh");
    const std::string text = "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition Nonsense\n}\n"
                             "MOTION\nFrames: 1\nFrame Time: 0.1\n0 0 0\n";
    test::writeBytes(bad, std::vector<uint8_t>(text.begin(), text.end()));
    EXPECT_EQ(openError(bad).find("get the file again"), std::string::npos) << openError(bad);
}

// A text file named as a text format it is not at all (a README renamed .bvh) is called a text file:
// its reader refused the very first word, so "expected 'HIERARCHY', found 'This'" says less than that.
TEST(LookAlike, TextThatIsNotTheTextFormatAtAll)
{
    for (const std::string text : {"This is a README about walking.\nIt has two lines.\n", "# Walk cycle\n\nNotes on it.\n"}) {
        const std::string path = test::tempPath("readme.bvh");
        test::writeBytes(path, std::vector<uint8_t>(text.begin(), text.end()));
        const std::string m = openError(path);
        const std::string first = text.substr(0, text.find('\n'));
        EXPECT_NE(m.find(path + ": this is a text file (it begins \"" + first + "\"), not a "), std::string::npos) << m;
        EXPECT_NE(m.find("BVH"), std::string::npos) << m;
        EXPECT_EQ(m.find("expected"), std::string::npos) << m;
    }
}
