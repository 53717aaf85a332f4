// Cast key buffers that the reader does not keep because the decoded keys re-encode to them
// (CastElidedCurve): which curves qualify, that an unedited file still re-saves byte for byte, and
// that any edit of such keys is written.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_fingerprint.h"
#include "formats/cast/cast_format.h"
#include "tests/formats/cast_test_builder.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;

namespace {

std::vector<uint8_t> oneAnimation(std::vector<cb::Node> curves, float fps = 30)
{
    cb::Node anim{cb::AnimationId, 2, {cb::str("n", "take"), cb::f("fr", {fps})}, std::move(curves)};
    return cb::file({cb::Node{cb::RootId, 1, {}, {anim}}});
}

// The curves of the animation whose key buffers were left out, as "node kp".
std::vector<std::string> elidedCurves(const Animation& a)
{
    const auto* x = a.extra.as<CastAnimationExtra>();
    std::vector<std::string> out;
    for (const CastElidedCurve& e : x->elided) {
        const cast::Node& c = x->node.children.at(e.child);
        EXPECT_TRUE(c.prop("kb")->bytes().empty());
        EXPECT_TRUE(c.prop("kv")->bytes().empty());
        out.push_back(c.text("nn") + " " + c.text("kp"));
    }
    return out;
}

const Track& track(const Animation& a, const std::string& name)
{
    const int i = a.findTrack(name);
    EXPECT_GE(i, 0) << name;
    return a.tracks.at(size_t(i));
}

constexpr float Denormal = 1e-40f;

// Three component curves keyed together (as exporters write them), a rotation, a scale with one
// component, and an unplayed blend-shape curve.
std::vector<uint8_t> exporterFile()
{
    using namespace cb;
    const float q = 0.70710678f;
    return oneAnimation({
        curve(10, "root", "tx", h("kb", {0, 1, 2, 300}), f("kv", {1, -0.0f, Denormal, 1e30f}), "absolute"),
        curve(11, "root", "ty", h("kb", {0, 1, 2, 300}), f("kv", {2, 3, 4, 5}), "absolute"),
        curve(12, "root", "tz", h("kb", {0, 1, 2, 300}), f("kv", {-1, -2, -3, -4}), "absolute"),
        curve(13, "root", "rq", i32("kb", {0, 70000}), vec(4, "kv", {0, 0, 0, 1, 0, q, 0, q}), "absolute"),
        curve(14, "arm", "sx", b("kb", {3, 4}), f("kv", {2, 0.5f}), "relative"),
        curve(15, "face", "bs", b("kb", {0}), f("kv", {0.25f}), "absolute"),
    });
}

} // namespace

TEST(CastReencode, KeyBuffersTheKeysReencodeAreNotKeptTwice)
{
    const auto bytes = exporterFile();
    CastFormat cast;
    const Scene s = cast.read(bytes);
    const Animation& a = s.animations.at(0);
    EXPECT_EQ(elidedCurves(a), (std::vector<std::string>{"root tx", "root ty", "root tz", "root rq", "arm sx"}));
    // The unplayed curve keeps its bytes.
    const auto* x = a.extra.as<CastAnimationExtra>();
    EXPECT_EQ(x->node.children.at(5).prop("kv")->bytes().size(), 4u);

    const Track& root = track(a, "root");
    ASSERT_EQ(root.translation.size(), 4u);
    EXPECT_DOUBLE_EQ(root.translation.keys.time(3), 10.0);
    EXPECT_EQ(root.translation.keys.value(1), glm::dvec3(-0.0, 3, -2));
    EXPECT_TRUE(std::signbit(root.translation.keys.value(1).x));
    EXPECT_EQ(root.translation.keys.value(2).x, double(Denormal));
    EXPECT_EQ(root.translation.keys.value(3).x, double(1e30f));
    ASSERT_EQ(root.rotation.size(), 2u);
    EXPECT_DOUBLE_EQ(root.rotation.keys.time(1), 70000 / 30.0);
    EXPECT_EQ(root.rotation.keys.value(1).y, double(0.70710678f));
    const Track& arm = track(a, "arm");
    ASSERT_EQ(arm.scale.size(), 2u);
    EXPECT_EQ(arm.scale.keys.value(1), glm::dvec3(0.5, 1, 1)); // sy, sz without a curve: 1

    EXPECT_EQ(x->readHash, cast::fingerprint(a));
    EXPECT_EQ(cast.write(s), bytes);
    const Scene copy = s;
    EXPECT_EQ(cast.write(copy), bytes);
}

TEST(CastReencode, CurvesTheKeysDoNotReencodeKeepTheirBytes)
{
    using namespace cb;
    CastFormat cast;
    struct Case {
        const char* what;
        std::vector<uint8_t> bytes;
        std::vector<std::string> elided;
    };
    const std::vector<Case> cases = {
        {"double values", oneAnimation({curve(10, "root", "tx", b("kb", {0, 1}), d("kv", {1.5, 0.1}), "absolute")}), {}},
        {"integer values", oneAnimation({curve(10, "root", "tx", b("kb", {0, 1}), b("kv", {1, 2}), "absolute")}), {}},
        // At 1e-5 fps frame / fps * fps is not sure to round back for every frame.
        {"frame rate", oneAnimation({curve(10, "root", "tx", b("kb", {0, 3}), f("kv", {1, 2}), "absolute")}, 1e-5f), {}},
        {"two curves for tx",
         oneAnimation({curve(10, "root", "tx", b("kb", {0, 1}), f("kv", {1, 2}), "absolute"),
                       curve(11, "root", "tx", b("kb", {0, 1}), f("kv", {7, 8}), "absolute")}),
         {}},
        {"frames out of order", oneAnimation({curve(10, "root", "ty", b("kb", {5, 0}), f("kv", {1, 2}), "absolute")}), {}},
        {"components at other frames",
         oneAnimation({curve(10, "root", "tx", b("kb", {0, 10}), f("kv", {1, 3}), "absolute"),
                       curve(11, "root", "ty", b("kb", {0, 5, 10}), f("kv", {0, 2, 4}), "absolute")}),
         {}},
        {"two rotation curves",
         oneAnimation({curve(10, "root", "rq", b("kb", {4}), vec(4, "kv", {0, 0, 0, 1}), "absolute"),
                       curve(11, "root", "rq", b("kb", {2}), vec(4, "kv", {1, 0, 0, 0}), "absolute")}),
         {}},
        // The same frames in buffers of different types still share the keys, each re-encoded in its own.
        {"frame types differ",
         oneAnimation({curve(10, "root", "tx", b("kb", {0, 10}), f("kv", {1, 3}), "absolute"),
                       curve(11, "root", "ty", i32("kb", {0, 10}), f("kv", {5, 6}), "absolute")}),
         {"root tx", "root ty"}},
        {"no keys", oneAnimation({curve(10, "root", "tx", b("kb", {}), f("kv", {}), "absolute")}), {}},
    };
    for (const Case& c : cases) {
        const Scene s = cast.read(c.bytes);
        EXPECT_EQ(elidedCurves(s.animations.at(0)), c.elided) << c.what;
        // The fingerprint the reader folds while decoding is the one of the keys it made.
        EXPECT_EQ(s.animations[0].extra.as<CastAnimationExtra>()->readHash, cast::fingerprint(s.animations[0])) << c.what;
        EXPECT_EQ(cast.write(s), c.bytes) << c.what;
    }
    // What those files mean is what the curves say, whichever way they were read.
    auto keysOf = [&](size_t i) { return cast.read(cases[i].bytes).animations.at(0).tracks.at(0); };
    EXPECT_EQ(keysOf(3).translation.keys.at(1).value.x, 8.0); // the last curve for a component counts
    const Track outOfOrder = keysOf(4);
    ASSERT_EQ(outOfOrder.translation.size(), 2u);
    EXPECT_EQ(outOfOrder.translation.keys.value(0).y, 2.0); // frame 0 first
    EXPECT_EQ(outOfOrder.translation.keys.time(1), 5 / 30.0);
    const Track merged = keysOf(5);
    ASSERT_EQ(merged.translation.size(), 3u);
    EXPECT_NEAR(merged.translation.keys.value(1).x, 2.0, 1e-6);
    const Track rotations = keysOf(6);
    ASSERT_EQ(rotations.rotation.size(), 2u);
    EXPECT_EQ(rotations.rotation.keys.value(0).x, 1.0); // frame 2 before frame 4
    const Track types = keysOf(7);
    ASSERT_EQ(types.translation.size(), 2u);
    EXPECT_EQ(types.translation.keys.value(1), glm::dvec3(3, 6, 0));
    EXPECT_TRUE(keysOf(8).translation.empty());
}

TEST(CastReencode, EveryEditOfReencodedKeysIsWritten)
{
    CastFormat cast;
    const auto original = exporterFile();
    using Edit = void (*)(Track&);
    const std::vector<std::pair<const char*, Edit>> edits = {
        {"one value by one unit in the last place",
         [](Track& t) { t.translation.keys.setPart(1, 1, std::nextafter(3.0, 4.0)); }},
        {"the signs of two values", // flips that a weak hash would let cancel out
         [](Track& t) {
             t.translation.keys.setPart(0, 1, -t.translation.keys.value(0).y);
             t.translation.keys.setPart(2, 1, -t.translation.keys.value(2).y);
         }},
        {"two keys' values swapped", [](Track& t) { const glm::dvec3 v1 = t.translation.keys.value(1);
             t.translation.keys.setValue(1, t.translation.keys.value(2));
             t.translation.keys.setValue(2, v1); }},
        {"a key's time", [](Track& t) { t.rotation.keys.setTime(1, 2.0); }},
        {"a rotation", [](Track& t) { t.rotation.keys.setValue(0, glm::dquat(0, 1, 0, 0)); }},
    };
    for (const auto& [what, edit] : edits) {
        Scene s = cast.read(original);
        Animation& a = s.animations[0];
        edit(a.tracks[size_t(a.findTrack("root"))]);
        const Track want = a.tracks[size_t(a.findTrack("root"))];
        const auto saved = cast.write(s);
        EXPECT_NE(saved, original) << what;
        const Track back = track(cast.read(saved).animations.at(0), "root");
        ASSERT_EQ(back.translation.size(), want.translation.size()) << what;
        for (size_t k = 0; k < want.translation.size(); ++k) {
            EXPECT_DOUBLE_EQ(back.translation.keys.time(k), want.translation.keys.time(k)) << what;
            for (int c = 0; c < 3; ++c) // as the file stores them: floats
                EXPECT_EQ(back.translation.keys.value(k)[c], double(float(want.translation.keys.value(k)[c]))) << what;
        }
        ASSERT_EQ(back.rotation.size(), want.rotation.size()) << what;
        for (size_t k = 0; k < want.rotation.size(); ++k) {
            EXPECT_DOUBLE_EQ(back.rotation.keys.time(k), want.rotation.keys.time(k)) << what;
            EXPECT_EQ(back.rotation.keys.value(k).x, double(float(want.rotation.keys.value(k).x))) << what;
        }
    }
}
