// SEAnim read a piece at a time (PieceReader over a ByteSource) against the same bytes read whole:
// the same model, the same summary and the same errors at the same offsets, on every file and every
// cut of it, whatever the piece size; and the command line reads SEAnim files that way.
#include <filesystem>
#include <sstream>
#include <unistd.h>

#include <gtest/gtest.h>

#include "formats/byte_source.h"
#include "formats/dump_json.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/platform/file_system.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace fs = std::filesystem;

namespace {

// What a read gives, as text: the error with its offset, or the model's dump and its re-save.
template <class Read>
std::string outcome(Read read)
{
    try {
        const Scene s = read();
        std::ostringstream out;
        writeAnimationJson(out, s, 0, 1);
        const auto* x = s.animations[0].extra.as<SeanimExtra>();
        out << "\nwidths " << x->frameWidth << "/" << x->boneWidth << " clip " << x->clipFrames << " custom "
            << x->custom.size() << " trailing " << x->trailing.size() << " note '" << x->unterminatedNote.value_or("(none)") << "'\n";
        const auto bytes = SeanimFormat().write(s);
        out << "saved " << bytes.size() << " bytes: " << std::string(bytes.begin(), bytes.end());
        return out.str();
    } catch (const ParseError& e) {
        return std::string("error at ") + std::to_string(e.offset()) + ": " + e.what();
    }
}

template <class Summarize>
std::string summaryOutcome(Summarize summarize)
{
    try {
        const FileSummary f = summarize();
        std::ostringstream out;
        for (const std::string& d : f.details)
            out << d << "\n";
        const AnimationSummary& a = f.animations.at(0);
        out << a.fps << " fps, " << a.frames << " frames, " << a.duration << " s, loop " << a.looping << ", notes "
            << a.notes << "\n";
        for (const TrackSummary& t : a.tracks)
            out << t.name << " " << t.translation << " " << t.rotation << " " << t.scale << " " << int(t.flags) << "\n";
        return out.str();
    } catch (const ParseError& e) {
        return std::string("error at ") + std::to_string(e.offset()) + ": " + e.what();
    }
}

void expectSameInPieces(const std::vector<uint8_t>& bytes, const std::string& what)
{
    const SeanimFormat f;
    const std::string whole = outcome([&] { return f.read(bytes); });
    const std::string wholeSummary = summaryOutcome([&] { return f.summarize(bytes); });
    for (size_t piece : {size_t(1), size_t(3), size_t(17), size_t(4096), size_t(0)}) {
        MemorySource source(bytes, piece);
        ASSERT_EQ(outcome([&] { return f.readPieces(source); }), whole) << what << ", pieces of " << piece;
        ASSERT_EQ(summaryOutcome([&] { return f.summarizePieces(source); }), wholeSummary)
            << what << ", pieces of " << piece;
    }
}

std::vector<std::string> seanimFiles()
{
    std::vector<std::string> out = test::samplesIn(test::samplePath("seanim"), ".seanim");
    for (const auto& e : fs::recursive_directory_iterator(test::fixturePath("")))
        if (e.is_regular_file() && e.path().extension() == ".seanim")
            out.push_back(e.path().string());
    for (const auto& e : fs::directory_iterator(test::samplePath("../regressions")))
        if (e.path().extension() == ".seanim")
            out.push_back(e.path().string());
    return out;
}

// `bones` bones with `frames` translation and rotation keys each.
std::vector<uint8_t> makeSeanim(int bones, uint32_t frames, bool highPrecision = false)
{
    Scene s;
    s.format = "seanim";
    Animation a;
    a.fps = 30;
    a.duration = (frames - 1) / 30.0;
    for (int b = 0; b < bones; ++b) {
        Track t;
        t.name = "bone" + std::to_string(b);
        for (uint32_t i = 0; i < frames; ++i) {
            t.translation.keys.push_back({i / 30.0, {i * 0.5, -1.0 * i, 2.0 + b}});
            t.rotation.keys.push_back({i / 30.0, glm::angleAxis(i * 1e-3, glm::dvec3(0, 1, 0))});
        }
        a.tracks.push_back(t);
    }
    a.notes.push_back({frames / 60.0, "middle"});
    auto x = std::make_unique<SeanimExtra>();
    x->property = highPrecision ? seanim::PrecisionHigh : 0;
    a.extra = std::move(x);
    s.animations.push_back(std::move(a));
    return SeanimFormat().write(s);
}

} // namespace

TEST(SeanimPieces, EveryFileReadsTheSameInPiecesOfAnySize)
{
    const auto files = seanimFiles();
    ASSERT_GE(files.size(), 16u);
    for (const std::string& path : files)
        expectSameInPieces(test::readBytes(path), path);
}

// Every cut of every sample: the same error at the same offset (or the same model, where a cut
// leaves a valid file), with a piece boundary at every place in turn.
TEST(SeanimPieces, EveryCutFailsTheSameInPieces)
{
    const SeanimFormat f;
    for (const std::string& path : test::samplesIn(test::samplePath("seanim"), ".seanim")) {
        const auto bytes = test::readBytes(path);
        for (size_t n = 0; n < bytes.size(); ++n) {
            const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + long(n));
            const std::string whole = outcome([&] { return f.read(cut); });
            MemorySource source(cut, 7);
            ASSERT_EQ(outcome([&] { return f.readPieces(source); }), whole) << path << " cut at " << n;
            ASSERT_EQ(summaryOutcome([&] { return f.summarizePieces(source); }),
                      summaryOutcome([&] { return f.summarize(cut); }))
                << path << " cut at " << n;
        }
    }
}

// Key arrays of 1.6 and 3.2 MB: the buffer grows to hold one, in default pieces and small ones; a
// NaN in the middle of one is named at its offset either way.
TEST(SeanimPieces, ArraysBiggerThanAPiece)
{
    for (bool high : {false, true}) {
        std::vector<uint8_t> bytes = makeSeanim(1, 100'000, high);
        ASSERT_GT(bytes.size(), (high ? 6u : 3u) * 1024 * 1024);
        expectSameInPieces(bytes, high ? "double" : "float");

        const Scene whole = SeanimFormat().read(bytes);
        ASSERT_EQ(whole.animations[0].tracks[0].rotation.keys.size(), 100'000u);
        EXPECT_NEAR(whole.animations[0].tracks[0].translation.keys.value(77'777).x, 77'777 * 0.5, 1e-9);

        // Translation key 60,000's x: after "bone0\0", the bone's flags and the 4-byte count, keys of
        // a 4-byte frame and three values.
        const size_t valueSize = high ? 8 : 4;
        const size_t name = std::string(bytes.begin(), bytes.end()).find("bone0");
        ASSERT_NE(name, std::string::npos);
        const size_t at = name + 6 + 1 + 4 + 60'000 * (4 + 3 * valueSize) + 4;
        for (size_t i = 0; i < valueSize; ++i)
            bytes[at + i] = 0xFF; // a NaN
        expectSameInPieces(bytes, "with a NaN");
        MemorySource source(bytes, 1000);
        EXPECT_EQ(outcome([&] { return SeanimFormat().readPieces(source); }),
                  "error at " + std::to_string(at) + ": at byte " + std::to_string(at) +
                      ": translation key value of bone 0, key 60000 is not a finite number");
    }
}

// The command line's reading (formats/file_io.h) takes SEAnim in pieces: a 3.6 MB file of 32 KB key
// arrays is read 256 KiB at a time at most, and gives the same scene as the whole file.
TEST(SeanimPieces, LoadSceneReadsSeanimInPieces)
{
    const std::string path = test::tempPath("many-bones-in-pieces.seanim");
    const auto bytes = makeSeanim(100, 2000);
    ASSERT_GT(bytes.size(), 3'500'000u);
    test::writeBytes(path, bytes);
    for (bool summary : {false, true}) {
        std::vector<uint64_t> ends;
        platform::faultInjection().afterReadChunk = [&](const std::string&, uint64_t end) { ends.push_back(end); };
        std::string got;
        if (summary) {
            const LoadedSummary s = summarizeFile(path);
            EXPECT_EQ(s.format->id(), "seanim");
            got = summaryOutcome([&] { return s.summary; });
        } else {
            const LoadedScene loaded = loadScene(path);
            EXPECT_EQ(loaded.format->id(), "seanim");
            got = outcome([&] { return loaded.scene; });
        }
        platform::faultInjection().reset();
        EXPECT_EQ(got, summary ? summaryOutcome([&] { return SeanimFormat().summarize(bytes); })
                               : outcome([&] { return SeanimFormat().read(bytes); }));
        // The head (4 KiB) to choose the format, then the pieces, which end at the file's end.
        ASSERT_GE(ends.size(), bytes.size() / (256 * 1024) + 2);
        EXPECT_EQ(ends.back(), bytes.size());
        for (size_t i = 2; i < ends.size(); ++i)
            EXPECT_LE(ends[i] - ends[i - 1], 256u * 1024) << i;
    }
}

// A file another program changes while it is read in pieces: the same error as a whole read.
TEST(SeanimPieces, ChangedWhileReadInPiecesIsAnError)
{
    const std::string path = test::tempPath("changed-in-pieces.seanim");
    const auto bytes = makeSeanim(1, 50'000);
    const std::string changed = path + ": the file changed while it was being read (another program is writing it?); "
                                       "open it again when it is complete";
    auto errorOf = [&](auto change) {
        test::writeBytes(path, bytes);
        int reads = 0;
        platform::faultInjection().afterReadChunk = [&](const std::string& p, uint64_t) {
            if (++reads == 3)
                change(p);
        };
        std::string error;
        try {
            loadScene(path);
        } catch (const std::exception& e) {
            error = e.what();
        }
        platform::faultInjection().reset();
        return error;
    };
    EXPECT_EQ(errorOf([](const std::string& p) { fs::resize_file(p, 1000); }), changed); // truncated
    EXPECT_EQ(errorOf([&](const std::string& p) { fs::resize_file(p, bytes.size() + 10); }), changed); // grown
    EXPECT_EQ(errorOf([&](const std::string& p) { // rewritten, same size
                  ::usleep(20'000);
                  test::writeBytes(p, bytes);
              }),
              changed);
}
