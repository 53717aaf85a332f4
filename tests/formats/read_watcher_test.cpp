// loadScene's watcher (ReadWatcher): it is shown every byte of the file once, in order, whether the
// format reads in pieces (SEAnim) or whole, with bytes after what the reader needs (a trailer), and
// when the read fails; the model read is the same as without a watcher. WatchedSource keeps the
// order whatever order a reader reads in.
#include <cstring>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "formats/byte_source.h"
#include "formats/dump_json.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/seanim/seanim_format.h"
#include "tests/bench/synthetic.h"
#include "tests/support/test_support.h"

using namespace bonescope;
using namespace bonescope::test;

namespace {

std::vector<std::string> someFiles()
{
    std::vector<std::string> files = samplesIn(samplePath("seanim"), ".seanim");
    for (const std::string& f : samplesIn(samplePath("secondlife"), ".anim"))
        files.push_back(f);
    files.push_back(samplePath("lego/pns065rd.ani"));
    return files;
}

// What the watcher was shown, joined; and how many calls at once there ever were (must be one).
struct Shown {
    std::vector<uint8_t> bytes;
    int calls = 0;
    std::mutex mutex;
    ReadWatcher watcher()
    {
        return [this](std::span<const uint8_t> b) {
            std::unique_lock lock(mutex, std::try_to_lock);
            if (!lock.owns_lock())
                throw std::logic_error("two watcher calls at once");
            bytes.insert(bytes.end(), b.begin(), b.end());
            ++calls;
        };
    }
};

std::string dumped(const Scene& s)
{
    std::ostringstream out;
    writeAnimationJson(out, s, 0, 1);
    return out.str();
}

TEST(ReadWatcher, IsShownEveryByteOfEveryFileOnceInOrder)
{
    for (const std::string& path : someFiles()) {
        SCOPED_TRACE(path);
        Shown shown;
        const LoadedScene watched = loadScene(path, shown.watcher());
        EXPECT_EQ(shown.bytes, readBytes(path));
        EXPECT_GE(shown.calls, 1);
        EXPECT_EQ(dumped(watched.scene), dumped(loadScene(path).scene));
    }
}

// An SEAnim of several of the reader's 256 KiB pieces: 3 bones x 20,000 frames.
std::vector<uint8_t> bigSeanim()
{
    Scene s;
    s.animations.push_back(bench::makeAnimation(3, 20000));
    return SeanimFormat().write(s);
}

} // namespace

// SEAnim is read in 256 KiB pieces: a file of several pieces with bytes after its last key.
TEST(ReadWatcher, SeesABigSeanimInPiecesAndItsTrailer)
{
    std::vector<uint8_t> bytes = bigSeanim();
    ASSERT_GT(bytes.size(), size_t(1) << 20);
    for (int i = 0; i < 1000; ++i)
        bytes.push_back(uint8_t(i * 7));
    const std::string path = tempPath("watched_trailer.seanim");
    writeBytes(path, bytes);
    Shown shown;
    const LoadedScene s = loadScene(path, shown.watcher());
    EXPECT_EQ(shown.bytes, bytes);
    EXPECT_GT(shown.calls, 2);
    EXPECT_EQ(s.format->id(), "seanim");
}

TEST(ReadWatcher, AFailedReadStillEndsWithAnErrorNamingTheFile)
{
    std::vector<uint8_t> bytes = bigSeanim();
    bytes.resize(bytes.size() / 2);
    const std::string path = tempPath("watched_cut.seanim");
    writeBytes(path, bytes);
    Shown shown;
    try {
        loadScene(path, shown.watcher());
        FAIL() << "a cut file read";
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("watched_cut.seanim"), std::string::npos) << e.what();
    }
    EXPECT_LE(shown.bytes.size(), bytes.size());
    EXPECT_TRUE(std::equal(shown.bytes.begin(), shown.bytes.end(), bytes.begin()));
}

// A reader that rereads, skips ahead and stops short: the watcher still sees 0..size once, in order.
TEST(ReadWatcher, WatchedSourceShowsEachByteOnceWhateverTheReadOrder)
{
    std::vector<uint8_t> bytes(3'000'000);
    for (size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = uint8_t(i * 31 + i / 251);
    MemorySource memory(bytes);
    Shown shown;
    const ReadWatcher watch = shown.watcher();
    WatchedSource source(memory, watch);
    std::vector<uint8_t> out(2'000'000);
    source.readAt(0, out.data(), 100);
    source.readAt(50, out.data(), 100); // overlaps what was shown
    EXPECT_EQ(shown.bytes.size(), 150u);
    source.readAt(10, out.data(), 20); // before: nothing new
    EXPECT_EQ(shown.bytes.size(), 150u);
    source.readAt(2'500'000, out.data(), 1000); // skips 2.5 MB: read again for the watcher
    EXPECT_EQ(0, std::memcmp(out.data(), bytes.data() + 2'500'000, 1000)); // the reader's own bytes
    EXPECT_EQ(shown.bytes.size(), 2'501'000u);
    source.finish(); // the reader stopped short of the end
    EXPECT_EQ(shown.bytes, bytes);
    source.finish();
    EXPECT_EQ(shown.bytes.size(), bytes.size());
}
