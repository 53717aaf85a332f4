// Cast read and written a node at a time. Reading (CastFormat::readPieces): no read bigger than a
// node, the file read about once; buffers left out as a curve arrives and wanted again later (a
// second curve for a component, frames that differ) read back from the file so that the unedited
// file still re-saves byte for byte; the command line's and the window's read (loadScene) goes that
// way, its watcher is shown every byte once, and its errors are the whole read's, naming the file.
// Writing (CastFormat::writeTo, what `convert` and the window's save use): write()'s bytes in pieces
// of at most a megabyte, the left-out buffers encoded as their curve is written.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include <gtest/gtest.h>

#include "formats/byte_source.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_format.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/skeleton_source.h"
#include "tests/formats/cast_test_builder.h"
#include "tests/support/counting_source.h"
#include "tests/support/sink_pieces.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;

namespace {

// `bones` bones with tx ty tz and rq curves of `frames` keys each, as exporters write them.
std::vector<uint8_t> exporterFile(int bones, uint32_t frames)
{
    std::vector<cb::Node> curves;
    for (int b = 0; b < bones; ++b) {
        const std::string name = "bone" + std::to_string(b);
        for (int c = 0; c < 4; ++c) {
            const bool rotation = c == 3;
            cb::Prop kb = cb::header("i\0", "kb", frames), kv = cb::header(rotation ? "4v" : "f\0", "kv", frames);
            for (uint32_t k = 0; k < frames; ++k) {
                cb::put(kb.bytes, k, 4);
                if (rotation) {
                    const float a = 0.001f * float(k + b);
                    for (float v : {std::sin(a), 0.f, 0.f, std::cos(a)})
                        cb::putF(kv.bytes, v);
                } else {
                    cb::putF(kv.bytes, float(b) + 0.25f * float(c) + 0.01f * float(k));
                }
            }
            const char* kp[] = {"tx", "ty", "tz", "rq"};
            curves.push_back(cb::curve(uint64_t(100 + 4 * b + c), name, kp[c], kb, kv, "absolute"));
        }
    }
    cb::Node anim{cb::AnimationId, 2, {cb::str("n", "run"), cb::f("fr", {30})}, curves};
    return cb::file({cb::Node{cb::RootId, 1, {}, {anim}}});
}

std::vector<uint8_t> oneAnimation(std::vector<cb::Node> curves)
{
    cb::Node anim{cb::AnimationId, 2, {cb::str("n", "take"), cb::f("fr", {30})}, std::move(curves)};
    return cb::file({cb::Node{cb::RootId, 1, {}, {anim}}});
}

std::string errorOf(const std::function<void()>& read)
{
    try {
        read();
    } catch (const ParseError& e) {
        return "at " + std::to_string(e.offset()) + ": " + e.what();
    }
    return "no error";
}

} // namespace

TEST(CastPieces, NoReadIsBiggerThanACurveAndTheFileIsReadAboutOnce)
{
    const std::vector<uint8_t> bytes = exporterFile(40, 2000); // 160 curves, 2.3 MB
    test::CountingSource source(bytes);
    const Scene s = CastFormat().readPieces(source);
    uint64_t biggestCurve = 0;
    const cast::Tree tree = cast::parse(bytes); // held: a range-for over a temporary's member outlives it
    for (const cast::Node& c : tree.roots.at(0).children.at(0).children)
        biggestCurve = std::max(biggestCurve, cast::serializedSize(c));
    EXPECT_LE(source.biggest, biggestCurve);
    EXPECT_LT(source.read, bytes.size() + bytes.size() / 10);
    EXPECT_LT(source.reads, 1000u);
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    ASSERT_EQ(a.tracks.size(), 40u);
    const Track& t = a.tracks[7];
    EXPECT_EQ(t.name, "bone7");
    ASSERT_EQ(t.translation.size(), 2000u);
    EXPECT_FLOAT_EQ(float(t.translation.keys.value(1500).y), 7.f + 0.25f + 15.f);
    EXPECT_EQ(t.translation.keys.time(1500), 1500 / 30.0);
    EXPECT_FLOAT_EQ(float(t.rotation.keys.value(10).x), std::sin(0.001f * 17));
    // Every played curve re-encodes: none keeps its buffers, and the file re-saves as it was.
    EXPECT_EQ(a.extra.as<CastAnimationExtra>()->elided.size(), 160u);
    EXPECT_EQ(CastFormat().write(s), bytes);
}

// The first curves of each of these are left out as they arrive and wanted again by a later one.
TEST(CastPieces, BuffersLeftOutAreReadBackFromTheFileWhenALaterCurveNeedsThem)
{
    using namespace cb;
    const std::vector<std::vector<uint8_t>> files = {
        oneAnimation({curve(10, "root", "tx", b("kb", {0, 10}), f("kv", {1, 3}), "absolute"),
                      curve(11, "root", "ty", b("kb", {0, 5, 10}), f("kv", {0, 2, 4}), "absolute")}),
        oneAnimation({curve(10, "root", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "absolute"),
                      curve(11, "arm", "tx", b("kb", {0, 1}), f("kv", {5, 6}), "absolute"),
                      curve(12, "root", "tx", b("kb", {0, 1}), f("kv", {7, 8}), "absolute")}),
        oneAnimation({curve(10, "root", "rq", b("kb", {4}), vec(4, "kv", {0, 0, 0, 1}), "absolute"),
                      curve(11, "root", "rq", b("kb", {2}), vec(4, "kv", {1, 0, 0, 0}), "absolute")}),
        oneAnimation({curve(10, "root", "tx", b("kb", {0, 3}), f("kv", {1, 2}), "absolute"),
                      curve(11, "root", "ty", b("kb", {3, 0}), f("kv", {5, 6}), "absolute")}),
    };
    for (size_t i = 0; i < files.size(); ++i) {
        const std::string path = test::tempPath("read_back_" + std::to_string(i) + ".cast");
        test::writeBytes(path, files[i]);
        const LoadedScene loaded = loadScene(path);
        ASSERT_EQ(loaded.format->id(), "cast");
        EXPECT_EQ(CastFormat().write(loaded.scene), files[i]) << i;
        const Animation& a = loaded.scene.animations.at(0);
        if (i == 1) // the other bone's curve stays left out
            EXPECT_EQ(a.extra.as<CastAnimationExtra>()->elided.size(), 1u);
        else
            EXPECT_TRUE(a.extra.as<CastAnimationExtra>()->elided.empty()) << i;
    }
    const Track merged = loadScene(test::tempPath("read_back_0.cast")).scene.animations[0].tracks.at(0);
    ASSERT_EQ(merged.translation.size(), 3u);
    EXPECT_NEAR(merged.translation.keys.value(1).x, 2.0, 1e-6); // tx between its keys at frame 5
    EXPECT_EQ(merged.translation.keys.value(1).y, 2.0);
    const Track last = loadScene(test::tempPath("read_back_1.cast")).scene.animations[0].tracks.at(0);
    EXPECT_EQ(last.translation.keys.value(1).x, 8.0); // the last curve for a component counts
    const Track sorted = loadScene(test::tempPath("read_back_3.cast")).scene.animations[0].tracks.at(0);
    ASSERT_EQ(sorted.translation.size(), 2u);
    EXPECT_EQ(sorted.translation.keys.value(0), glm::dvec3(1, 6, 0)); // ty's frame 0 is its second key
}

TEST(CastPieces, TheWatcherOfAReadIsShownEveryByteOnceInOrder)
{
    const std::vector<uint8_t> bytes = exporterFile(12, 3000);
    const std::string path = test::tempPath("watched.cast");
    test::writeBytes(path, bytes);
    std::vector<uint8_t> shown;
    const LoadedScene s = loadScene(path, [&](std::span<const uint8_t> b) { shown.insert(shown.end(), b.begin(), b.end()); });
    EXPECT_EQ(shown, bytes);
    EXPECT_EQ(CastFormat().write(s.scene), bytes);
}

TEST(CastPieces, ErrorsAreTheWholeReadsAndNameTheFile)
{
    std::vector<uint8_t> nan = exporterFile(6, 500);
    // The last value of the fourth bone's tx curve.
    const cast::Tree tree = cast::parse(nan); // held: a reference into a temporary tree would dangle
    const cast::Property& kv = *tree.roots.at(0).children.at(0).children.at(12).prop("kv");
    const size_t last = kv.offset + cast::PropertyHeaderSize + kv.name.size() + 499 * 4;
    const float notANumber = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(nan.data() + last, &notANumber, 4);
    const std::vector<uint8_t> cut(nan.begin(), nan.begin() + nan.size() / 2);
    for (const auto& [name, bytes] : {std::pair("nan.cast", nan), std::pair("cut.cast", cut)}) {
        const std::string path = test::tempPath(name);
        test::writeBytes(path, bytes);
        const std::string whole = errorOf([&] { (void)CastFormat().read(bytes); });
        ASSERT_NE(whole, "no error") << name;
        const std::string fromFile = errorOf([&] { (void)loadScene(path); });
        EXPECT_NE(fromFile.find(name), std::string::npos) << fromFile;
        EXPECT_EQ(fromFile.substr(0, fromFile.find(':')), whole.substr(0, whole.find(':'))) << fromFile << " / " << whole;
    }
    EXPECT_NE(errorOf([&] { (void)CastFormat().read(nan); }).find("at " + std::to_string(last) + ":"), std::string::npos)
        << errorOf([&] { (void)CastFormat().read(nan); });
}

// A whole read opens roots and animations with any count of properties and children, reading
// their headers a few kilobytes at a time: 2 MB of empty nodes or properties cost a read of the
// source per few kilobytes, not one per header.
TEST(CastPieces, MillionsOfEmptyHeadersCostAReadPerFewKilobytes)
{
    for (const bool children : {false, true}) {
        std::vector<uint8_t> bytes = cb::rootHeader(2'400'000, children ? 0 : 300'000, children ? 100'000 : 0);
        for (int i = 0; i < (children ? 100'000 : 0); ++i) { // empty nodes of an unknown id
            cb::put(bytes, 0x21212121, 4);
            cb::put(bytes, 24, 4);
            cb::put(bytes, 0, 16);
        }
        for (int i = 0; i < (children ? 0 : 300'000); ++i) // empty byte arrays without a name
            cb::put(bytes, 'b', 8);
        test::CountingSource source(bytes);
        const Scene s = CastFormat().readPieces(source);
        EXPECT_TRUE(s.animations.empty());
        EXPECT_LT(source.reads, 2'000u) << children;
        EXPECT_EQ(CastFormat().write(s), bytes) << children;
    }
}

TEST(CastPieces, WrittenInPiecesOfAtMostAMegabyteWithTheLeftOutBuffersEncodedOnTheWay)
{
    const std::vector<uint8_t> bytes = exporterFile(100, 2000); // 400 curves, 5.8 MB
    const CastFormat cast;
    Scene s = cast.read(bytes);
    ASSERT_EQ(s.animations[0].extra.as<CastAnimationExtra>()->elided.size(), 400u);
    test::Pieces pieces;
    cast.writeTo(s, pieces.sink());
    EXPECT_EQ(pieces.joined(), bytes);
    EXPECT_GT(pieces.list.size(), 4u);
    for (const auto& piece : pieces.list)
        EXPECT_LE(piece.size(), size_t(1) << 20);
    // Edited, it is written with new curves, the same way in pieces as whole.
    s.animations[0].tracks[3].translation.keys.setValue(5, {42, 0, 0});
    test::Pieces edited;
    cast.writeTo(s, edited.sink());
    EXPECT_EQ(edited.joined(), cast.write(s));
    EXPECT_EQ(cast.read(edited.joined()).animations[0].tracks[3].translation.keys.value(5).x, 42.0);
}

// A numeric property whose bytes are missing (a buffer left out) is never written short.
TEST(CastPieces, APropertyWithoutItsBytesIsNotWrittenShort)
{
    cast::Tree tree = cast::parse(oneAnimation({cb::curve(10, "root", "tx", cb::b("kb", {0, 1}), cb::f("kv", {1, 2}), "absolute")}));
    cast::Node& curve = tree.roots[0].children[0].children[0];
    const uint64_t size = cast::serializedSize(curve);
    curve.prop("kv")->data.clear();
    EXPECT_EQ(cast::serializedSize(curve), size); // counted at its count, as the file has it
    EXPECT_THROW((void)cast::serialize(tree), std::logic_error);
}

// File > Load skeleton mesh and --skeleton on a Cast file: its model through the same read a node
// at a time; a Cast without a model says so.
TEST(CastPieces, AsASkeletonSourceTheModelIsRead)
{
    using namespace cb;
    const float q = 0.70710678f;
    Node bone0{BoneId, 101, {str("n", "root"), i32("p", {0xFFFFFFFF}), vec(3, "lp", {0, 1, 0}), vec(4, "lr", {0, 0, 0, 1})}, {}};
    Node bone1{BoneId, 102, {str("n", "spine"), i32("p", {0}), vec(3, "lp", {0, 2, 0}), vec(4, "lr", {0, 0, q, q})}, {}};
    Node model{ModelId, 1, {str("n", "soldier")}, {Node{SkeletonId, 100, {}, {bone0, bone1}}}};
    Node anim{AnimationId, 2, {str("n", "take"), f("fr", {30})},
              {curve(10, "spine", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "absolute")}};
    const std::string withModel = test::tempPath("skeleton_source.cast");
    test::writeBytes(withModel, file({Node{RootId, 0, {}, {anim, model}}}));
    const SkeletonSource source = loadSkeletonScene(withModel);
    EXPECT_EQ(source.formatName, "Cast");
    ASSERT_EQ(source.scene.skeleton.size(), 2u);
    EXPECT_EQ(source.scene.skeleton.bones[1].name, "spine");
    EXPECT_EQ(source.scene.skeleton.bones[1].parent, 0);
    EXPECT_EQ(source.scene.skeleton.bones[1].restTranslation, glm::dvec3(0, 2, 0));

    const std::string animationOnly = test::tempPath("no_model.cast");
    test::writeBytes(animationOnly, oneAnimation({curve(10, "root", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "absolute")}));
    try {
        (void)loadSkeletonScene(animationOnly);
        FAIL() << "a skeleton from an animation-only Cast file";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("no_model.cast: this Cast file carries no skeleton"), std::string::npos) << e.what();
    }
}
