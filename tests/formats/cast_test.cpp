// Cast: a file built byte by byte from the specification with known numbers for every property type,
// node kind and curve mode; byte-exact re-save; edits that survive a save; bad input.
#include <random>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/playback/binding.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_tree.h"
#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/registry.h"
#include "tests/formats/cast_test_builder.h"
#include "tests/support/glm_expect.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;
using cb::curve;

namespace {

// Three bones: "root" (local transform, no segment scale compensation), "spine" (world transform
// only), "tag_weapon" (local). Two animations, a model with a mesh of five influences, a material with
// a file, an IK handle, a constraint, a blend shape, and unknown nodes and properties.
std::vector<uint8_t> fullFile()
{
    using namespace cb;
    Node bone0{BoneId, 101, {str("n", "root"), i32("p", {0xFFFFFFFF}), b("ssc", {0}), vec(3, "lp", {0, 1, 0}),
                           vec(4, "lr", {0, 0, 0, 1}), vec(3, "s", {1, 1, 1})}, {}};
    // 90 degrees about Z in the world, at (0, 3, 0): local to root is (0, 2, 0).
    const float q = 0.70710678f;
    Node bone1{BoneId, 102, {str("n", "spine"), i32("p", {0}), vec(3, "wp", {0, 3, 0}), vec(4, "wr", {0, 0, q, q})}, {}};
    Node bone2{BoneId, 103, {str("n", "tag_weapon"), i32("p", {1}), vec(3, "lp", {1, 0, 0}),
                           vec(4, "lr", {0, 0, 0, 1}), vec(3, "s", {2, 2, 2})}, {}};
    Node ik{IKHandleId, 104, {str("n", "arm_ik"), l("sb", {101}), l("eb", {103}), l("tb", {102}), b("tr", {1})}, {}};
    Node cn{ConstraintId, 105, {str("n", "aim"), str("ct", "or"), l("cb", {103}), l("tb", {101}), f("wt", {0.5f})}, {}};
    Node skel{SkeletonId, 100, {}, {bone0, bone1, bone2, ik, cn}};

    // Four vertices, two triangles; vertex 0 has five influences (two on root add up).
    Node mesh{MeshId, 200,
              {str("n", "body"), vec(3, "vp", {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}),
               vec(3, "vn", {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}), b("ul", {2}),
               vec(2, "u0", {0, 0, 1, 0, 1, 1, 0, 1}), vec(2, "u1", {5, 5, 5, 5, 5, 5, 5, 5}), b("cl", {1}),
               i32("c0", {0xFF0000FF, 0xFF00FF00, 0xFFFF0000, 0xFFFFFFFF}), b("mi", {5}),
               h("wb", {0, 1, 2, 0, 1, /*v1*/ 1, 0, 0, 0, 0, /*v2*/ 2, 0, 0, 0, 0, /*v3*/ 0, 0, 0, 0, 0}),
               f("wv", {0.1f, 0.2f, 0.3f, 0.3f, 0.1f, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0}),
               h("f", {0, 1, 2, 0, 2, 3, 1, 1, 1}), l("m", {300})},
              {}};
    Node file{FileId, 301, {str("p", "textures/body_c.png")}, {}};
    Node mat{MaterialId, 300, {str("n", "body_mat"), str("t", "pbr"), l("albedo", {301})}, {file}};
    Node shape{BlendShapeId, 400, {str("n", "smile"), l("b", {200}), b("vi", {1}), vec(3, "vp", {1, 0.5f, 0})}, {}};
    Node unknownInModel{fourcc("zzzz"), 500, {d("dbl", {1.5, -2.25}), l("big", {0x1122334455667788ull})}, {}};
    Node model{ModelId, 1, {str("n", "soldier")}, {skel, mesh, mat, shape, unknownInModel}};

    Node walk{AnimationId, 2,
              {str("n", "walk"), f("fr", {30}), b("lo", {1})},
              {
                  // tx at frames 0 and 10, ty at 0, 5, 10: merged at the union of the frames.
                  curve(10, "root", "tx", b("kb", {0, 10}), f("kv", {1, 3}), "absolute"),
                  curve(11, "root", "ty", h("kb", {0, 5, 10}), f("kv", {0, 2, 4}), "absolute"),
                  curve(12, "root", "rq", i32("kb", {0, 10}), vec(4, "kv", {0, 0, 0, 1, 0, q, 0, q}), "absolute"),
                  curve(13, "root", "sx", b("kb", {0}), f("kv", {2}), "absolute"),
                  curve(14, "spine", "rq", b("kb", {0, 20}), vec(4, "kv", {0, 0, 0, 1, q, 0, 0, q}), "additive",
                        {f("ab", {0.5f})}),
                  curve(15, "tag_weapon", "tz", b("kb", {0, 20}), f("kv", {0, 5}), "relative"),
                  curve(16, "tag_weapon", "vb", b("kb", {0, 12}), b("kv", {1, 0}), "absolute"),
                  curve(17, "body", "bs", b("kb", {0}), f("kv", {0.25f}), "absolute"),
                  Node{NotificationTrackId, 18, {str("n", "footstep"), b("kb", {3, 15})}, {}},
                  Node{NotificationTrackId, 19, {str("n", "sound"), h("kb", {7})}, {}},
                  Node{CurveModeOverrideId, 20, {str("nn", "spine"), str("m", "relative"), b("ot", {1}), b("or", {0})}, {}},
              }};
    Node idle{AnimationId, 3, {str("n", "idle"), f("fr", {24})},
              {curve(30, "root", "rq", b("kb", {0, 48}), vec(4, "kv", {0, 0, 0, 1, 0, 0, 0, 1}), "absolute")}};
    Node unknownInRoot{fourcc("meta"), 4, {str("a", "bonescope test")}, {}};
    Node root{RootId, 0, {}, {model, walk, unknownInRoot, idle}};
    return cb::file({root});
}

const Track& track(const Animation& a, const std::string& name)
{
    const int i = a.findTrack(name);
    EXPECT_GE(i, 0) << name;
    return a.tracks.at(size_t(i));
}

} // namespace

TEST(Cast, DetectedByContentAndExtension)
{
    const auto bytes = fullFile();
    EXPECT_EQ(Registry::instance().detect(bytes, "x.bin")->id(), "cast");
    EXPECT_EQ(Registry::instance().byExtension("a.CAST")->id(), "cast");
}

TEST(Cast, SkeletonFromLocalAndWorldTransforms)
{
    const Scene s = CastFormat().read(fullFile());
    ASSERT_EQ(s.skeleton.size(), 3u);
    EXPECT_EQ(s.skeleton.bones[0].name, "root");
    EXPECT_EQ(s.skeleton.bones[0].parent, -1);
    EXPECT_EQ(s.skeleton.bones[0].flags, 0u); // ssc off
    EXPECT_EQ(s.skeleton.bones[1].flags, 1u); // ssc defaults to on
    EXPECT_EQ(s.skeleton.bones[1].parent, 0);
    EXPECT_NEAR(s.skeleton.bones[1].restTranslation.y, 2.0, 1e-6);
    EXPECT_NEAR(glm::angle(s.skeleton.bones[1].restRotation), glm::radians(90.0), 1e-5);
    EXPECT_NEAR(s.skeleton.bones[2].restScale.x, 2.0, 1e-9);
    EXPECT_EQ(s.skeleton.bones[2].parent, 1);
}

TEST(Cast, MeshWithFiveInfluencesUvLayersAndDegenerateFace)
{
    const Scene s = CastFormat().read(fullFile());
    const Mesh& m = s.mesh;
    ASSERT_EQ(m.positions.size(), 4u);
    EXPECT_EQ(m.normals.size(), 4u);
    ASSERT_EQ(m.uvs.size(), 4u);
    EXPECT_FLOAT_EQ(m.uvs[2].x, 1.f);
    EXPECT_FLOAT_EQ(m.uvs[2].y, 1.f);
    EXPECT_EQ(m.indices, (std::vector<uint32_t>{0, 1, 2, 0, 2, 3})); // (1, 1, 1) skipped
    ASSERT_TRUE(m.skinned());
    // Vertex 0: root 0.1 + 0.3 = 0.4, bone 1: 0.2 + 0.1 = 0.3, bone 2: 0.3 -> sorted, summing to 1.
    EXPECT_EQ(m.joints[0].x, 0u);
    EXPECT_NEAR(m.weights[0].x, 0.4, 1e-6);
    EXPECT_NEAR(m.weights[0].y + m.weights[0].z, 0.6, 1e-6);
    EXPECT_EQ(m.joints[2].x, 2u);
    EXPECT_FLOAT_EQ(m.weights[2].x, 1.f);
}

TEST(Cast, AnimationCurvesMergedWithKnownValues)
{
    const Scene s = CastFormat().read(fullFile());
    ASSERT_EQ(s.animations.size(), 2u);
    const Animation& a = s.animations[0];
    EXPECT_EQ(a.name, "walk");
    EXPECT_DOUBLE_EQ(a.fps, 30);
    EXPECT_TRUE(a.looping);
    EXPECT_DOUBLE_EQ(a.duration, 20 / 30.0);
    const Track& root = track(a, "root");
    ASSERT_EQ(root.translation.size(), 3u); // frames 0, 5, 10
    EXPECT_DOUBLE_EQ(root.translation.keys.time(1), 5 / 30.0);
    EXPECT_NEAR(root.translation.keys.value(1).x, 2.0, 1e-6); // tx interpolated halfway from 1 to 3
    EXPECT_NEAR(root.translation.keys.value(1).y, 2.0, 1e-6);
    EXPECT_NEAR(root.translation.keys.value(2).y, 4.0, 1e-6);
    EXPECT_NEAR(root.translation.keys.value(0).z, 0.0, 1e-9); // tz from the rest pose
    ASSERT_EQ(root.rotation.size(), 2u);
    EXPECT_NEAR(root.rotation.keys.value(1).y, 0.70710678, 1e-6);
    ASSERT_EQ(root.scale.size(), 1u);
    EXPECT_DOUBLE_EQ(root.scale.keys.value(0).x, 2.0);
    EXPECT_DOUBLE_EQ(root.scale.keys.value(0).y, 1.0); // rest scale where sy had no curve
    const Track& weapon = track(a, "tag_weapon");
    ASSERT_EQ(weapon.visibility.size(), 2u);
    EXPECT_EQ(weapon.visibility.keys.value(1), 0.0);
    EXPECT_DOUBLE_EQ(weapon.visibility.keys.time(1), 12 / 30.0);
    EXPECT_DOUBLE_EQ(weapon.translation.keys.value(1).z, 5.0);
    EXPECT_DOUBLE_EQ(weapon.translation.keys.value(1).x, 0.0); // relative: no curve adds nothing
    EXPECT_EQ(a.findTrack("body"), -1);                       // blend shape weight: kept, not played
    ASSERT_EQ(a.notes.size(), 3u);
    EXPECT_EQ(a.notes[0].name, "footstep");
    EXPECT_DOUBLE_EQ(a.notes[1].time, 7 / 30.0);
    EXPECT_EQ(a.notes[1].name, "sound");
    EXPECT_EQ(s.animations[1].name, "idle");
    EXPECT_DOUBLE_EQ(s.animations[1].fps, 24);
    EXPECT_DOUBLE_EQ(s.animations[1].duration, 2.0);
}

TEST(Cast, CurveModesBecomeBlendModes)
{
    const Scene s = CastFormat().read(fullFile());
    const Animation& a = s.animations[0];
    EXPECT_EQ(a.blend, BlendMode{}); // the first curve is absolute
    // The modes each bone plays in on the file's skeleton. spine: additive rotation, and the override
    // makes its translations relative (ot) and leaves rotations alone (or = 0); tag_weapon, below
    // spine: its own relative translation (the override's too) and absolute rotation, not spine's
    // additive one (a curve's mode is its own); root: absolute.
    const Binding b = Binding::bind(a, s.skeleton);
    auto modeOf = [&](const std::string& name) { return b.blendOfBone.at(size_t(s.skeleton.find(name))); };
    EXPECT_EQ(modeOf("spine").translation, TranslationBlend::AddToRest);
    EXPECT_EQ(modeOf("spine").rotation, RotationBlend::AfterRest);
    EXPECT_EQ(modeOf("tag_weapon").translation, TranslationBlend::AddToRest);
    EXPECT_EQ(modeOf("tag_weapon").rotation, RotationBlend::Replace);
    EXPECT_EQ(modeOf("root"), BlendMode{});
    // Each track's own mode is a modifier of its own bone; the override one of its own.
    size_t overrides = 0;
    for (const BlendModifier& m : a.modifiers) {
        overrides += m.reach == BlendModifier::Reach::Override;
        if (m.track == a.findTrack("tag_weapon") && m.reach == BlendModifier::Reach::Own) {
            EXPECT_EQ(m.sourceValue, cast::Relative);
        }
    }
    EXPECT_EQ(overrides, 1u);
    const auto* x = a.extra.as<CastAnimationExtra>();
    ASSERT_TRUE(x);
    ASSERT_TRUE(x->track("spine"));
    EXPECT_TRUE(x->track("spine")->hasBlendWeight);
    EXPECT_FLOAT_EQ(x->track("spine")->blendWeight, 0.5f);
}

TEST(Cast, EveryPropertyTypeParsedWithKnownNumbers)
{
    const cast::Tree t = cast::parse(fullFile());
    const cast::Node& model = t.roots[0].children[0];
    const cast::Node& unknown = model.children[4];
    EXPECT_EQ(cast::nodeName(unknown.id), "'zzzz'");
    EXPECT_EQ(unknown.prop("dbl")->type, cast::Double);
    EXPECT_DOUBLE_EQ(unknown.prop("dbl")->number(1), -2.25);
    EXPECT_EQ(unknown.prop("big")->integer(0), 0x1122334455667788ull);
    const cast::Node& mesh = model.children[1];
    EXPECT_EQ(mesh.prop("c0")->integer(3), 0xFFFFFFFFu);
    EXPECT_EQ(mesh.prop("wb")->type, cast::Short);
    EXPECT_EQ(mesh.prop("u1")->type, cast::Vec2);
    EXPECT_EQ(cast::typeName(mesh.prop("u1")->type), "v2");
    EXPECT_EQ(mesh.prop("vp")->count, 4u);
    EXPECT_FLOAT_EQ(float(mesh.prop("vp")->number(6)), 1.f);
    EXPECT_EQ(model.children[0].children[3].prop("tr")->integer(0), 1u);
}

TEST(Cast, UneditedFileResavesByteIdentical)
{
    const auto original = fullFile();
    CastFormat f;
    const Scene s = f.read(original);
    EXPECT_EQ(f.write(s), original);
    // Through a copy, as the window's documents and undo keep them.
    const Scene copy = s;
    EXPECT_EQ(f.write(copy), original);
}

TEST(Cast, EditSaveReopenKeepsTheRest)
{
    CastFormat f;
    Scene s = f.read(fullFile());
    Animation& walk = s.animations[0];
    const int root = walk.findTrack("root");
    walk.tracks[size_t(root)].translation.keys.setPart(2, 0, 7.5);
    walk.notes[0].name = "land";
    const auto saved = f.write(s);
    const Scene back = f.read(saved);
    ASSERT_EQ(back.animations.size(), 2u);
    const Animation& w = back.animations[0];
    EXPECT_NEAR(track(w, "root").translation.keys.value(2).x, 7.5, 1e-6);
    EXPECT_NEAR(track(w, "root").translation.keys.value(1).y, 2.0, 1e-6);
    EXPECT_EQ(w.notes[0].name, "land");
    EXPECT_EQ(w.notes.size(), 3u);
    EXPECT_TRUE(w.looping);
    // Modes, blend weight, the unplayed blend-shape curve and the override are kept.
    const auto* x = w.extra.as<CastAnimationExtra>();
    EXPECT_EQ(x->track("tag_weapon")->translationMode, cast::Relative);
    EXPECT_EQ(x->track("spine")->rotationMode, cast::Additive);
    EXPECT_FLOAT_EQ(x->track("spine")->blendWeight, 0.5f);
    size_t bs = 0, overrides = 0;
    for (const cast::Node& c : x->node.children) {
        bs += c.id == cast::Curve && c.text("kp") == "bs";
        overrides += c.id == cast::CurveModeOverride;
    }
    EXPECT_EQ(bs, 1u);
    EXPECT_EQ(overrides, 1u);
    // The other animation and the model come back as they were.
    EXPECT_EQ(back.skeleton.size(), 3u);
    EXPECT_EQ(back.mesh.indices.size(), 6u);
    const Scene again = f.read(f.write(back));
    EXPECT_EQ(f.write(again), saved);
    EXPECT_EQ(back.animations[1].tracks[0].rotation.size(), 2u);
}

TEST(Cast, NewFileFromAnotherFormatReadsBack)
{
    Scene s;
    s.format = "seanim";
    s.skeleton.bones.push_back({"hips", -1, {0, 1, 0}});
    s.skeleton.bones.push_back({"spine", 0, {0, 0.5, 0}});
    Animation a;
    a.name = "clip";
    a.fps = 60;
    a.duration = 1;
    a.tracks.emplace_back();
    a.tracks[0].name = "hips";
    a.tracks[0].translation.keys = {{0, {0, 1, 0}}, {1, {2, 1, 0}}};
    a.tracks[0].rotation.keys = {{0.5, glm::dquat(1, 0, 0, 0)}};
    a.notes.push_back({0.25, "step"});
    s.animations.push_back(a);
    CastFormat f;
    const Scene back = f.read(f.write(s));
    ASSERT_EQ(back.skeleton.size(), 2u);
    EXPECT_EQ(back.skeleton.bones[1].parent, 0);
    EXPECT_NEAR(back.skeleton.bones[1].restTranslation.y, 0.5, 1e-6);
    ASSERT_EQ(back.animations.size(), 1u);
    const Animation& b = back.animations[0];
    EXPECT_EQ(b.name, "clip");
    EXPECT_DOUBLE_EQ(b.fps, 60);
    ASSERT_EQ(b.tracks[0].translation.size(), 2u);
    EXPECT_DOUBLE_EQ(b.tracks[0].translation.keys.time(1), 1.0);
    EXPECT_DOUBLE_EQ(b.tracks[0].translation.keys.value(1).x, 2.0);
    EXPECT_DOUBLE_EQ(b.tracks[0].rotation.keys.time(0), 0.5);
    ASSERT_EQ(b.notes.size(), 1u);
    EXPECT_DOUBLE_EQ(b.notes[0].time, 0.25);
}

TEST(Cast, EveryTruncationIsAParseError)
{
    const auto bytes = fullFile();
    CastFormat f;
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
        EXPECT_THROW((void)f.read(cut), ParseError) << n;
    }
}

TEST(Cast, HugeCountsAreRefusedWithTheirOffset)
{
    auto bytes = fullFile();
    // The root's property count (bytes 16 + 16) says four billion.
    for (int i = 0; i < 4; ++i)
        bytes[16 + 16 + i] = 0xFF;
    try {
        (void)CastFormat().read(bytes);
        FAIL() << "no error";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.offset(), 32u);
        EXPECT_NE(std::string(e.what()).find("property count"), std::string::npos);
    }
}

TEST(Cast, BadValuesNameTheirOffset)
{
    using namespace cb;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    Node anim{AnimationId, 2, {f("fr", {30})}, {curve(10, "root", "tx", b("kb", {0, 1}), f("kv", {1, nan}), "absolute")}};
    const auto bytes = cb::file({Node{RootId, 0, {}, {anim}}});
    try {
        (void)CastFormat().read(bytes);
        FAIL() << "no error";
    } catch (const ParseError& e) {
        EXPECT_EQ(e.offset(), bytes.size() - (8 + 1 + 9) - 4) << e.what(); // kv's second value, before "m"
    }
    Node noFps{AnimationId, 2, {f("fr", {0})}, {}};
    EXPECT_THROW((void)CastFormat().read(cb::file({Node{RootId, 0, {}, {noFps}}})), ParseError);
    Node badParent{BoneId, 5, {str("n", "a"), i32("p", {7})}, {}};
    Node model{ModelId, 1, {}, {Node{SkeletonId, 3, {}, {badParent}}}};
    EXPECT_THROW((void)CastFormat().read(cb::file({Node{RootId, 0, {}, {model}}})), ParseError);
    auto wrongMagic = fullFile();
    wrongMagic[0] = 'k';
    EXPECT_THROW((void)CastFormat().read(wrongMagic), ParseError);
}

TEST(Cast, RandomlyCorruptedFilesFailCleanlyOrResaveIdentically)
{
    const auto original = fullFile();
    CastFormat f;
    std::mt19937 rng(13);
    for (int round = 0; round < 3000; ++round) {
        auto bytes = original;
        const int flips = 1 + int(rng() % 4);
        for (int i = 0; i < flips; ++i)
            bytes[rng() % bytes.size()] = uint8_t(rng());
        try {
            const Scene s = f.read(bytes);
            EXPECT_EQ(f.write(s), bytes) << "round " << round;
        } catch (const ParseError&) {
        }
    }
}

// Assimp's glTF exporter leaves room in its buffer that no buffer view uses as it came from the heap;
// the heap is filled with 0xAB first, so that a byte left unset shows. Every byte of the BIN chunk
// outside the views must be 0 (valgrind found those bytes written uninitialised).
TEST(Cast, GlbExportWritesNoHeapBytesOutsideItsBufferViews)
{
    const Format& glb = *Registry::instance().byId("assimp");
    Report report;
    const Scene prepared = prepareForTarget(CastFormat().read(fullFile()), glb, {}, report);
    {
        std::vector<std::vector<uint8_t>> garbage;
        for (size_t size = 16; size < 65536; size += size / 4 + 8)
            for (int i = 0; i < 8; ++i)
                garbage.emplace_back(size, uint8_t(0xAB));
    }
    const std::vector<uint8_t> out = glb.write(prepared);
    const auto le32 = [&](size_t at) {
        return uint32_t(out[at]) | uint32_t(out[at + 1]) << 8 | uint32_t(out[at + 2]) << 16 | uint32_t(out[at + 3]) << 24;
    };
    ASSERT_GT(out.size(), 28u);
    const size_t jsonLength = le32(12), bin = 20 + jsonLength;
    const auto doc = nlohmann::json::parse(out.begin() + 20, out.begin() + std::ptrdiff_t(bin));
    ASSERT_LE(bin + 8, out.size());
    const size_t binLength = le32(bin);
    std::vector<bool> used(binLength);
    for (const auto& v : doc.at("bufferViews"))
        for (size_t i = v.value("byteOffset", size_t(0)); i < v.value("byteOffset", size_t(0)) + size_t(v.at("byteLength")); ++i)
            used.at(i) = true;
    size_t unusedBytes = 0;
    for (size_t i = 0; i < binLength; ++i)
        if (!used[i]) {
            ++unusedBytes;
            EXPECT_EQ(out.at(bin + 8 + i), 0) << "BIN byte " << i;
        }
    EXPECT_GT(unusedBytes, 0u); // the exporter does leave room (32 bytes after the joint indices here)
}

TEST(Cast, ModelExportsToGlbAndConversionReportsWhatIsLost)
{
    const std::string path = test::tempPath("soldier.cast");
    test::writeBytes(path, fullFile());
    const std::string glb = test::tempPath("soldier.glb");
    auto r = test::runCli({"convert", path, glb, "--animation", "1"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Scene back = loadScene(glb).scene;
    EXPECT_GE(back.skeleton.find("tag_weapon"), 0);
    EXPECT_EQ(back.mesh.indices.size(), 6u);
    const std::string seanim = test::tempPath("walk.seanim");
    r = test::runCli({"convert", path, seanim});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string all = r.out + r.err;
    EXPECT_NE(all.find("cannot hold 1 IK handle, a Cast field: it is lost"), std::string::npos) << all;
    EXPECT_NE(all.find("1 constraint"), std::string::npos) << all;
    EXPECT_NE(all.find("curve modes (1 relative, 1 additive, 1 override)"), std::string::npos) << all;
    EXPECT_NE(all.find("additive blend weight"), std::string::npos) << all;
    const auto info = test::runCli({"info", path});
    EXPECT_NE(info.out.find("ik handle arm_ik: root -> tag_weapon, target spine"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("material body_mat (pbr), albedo: textures/body_c.png"), std::string::npos) << info.out;
}

TEST(Cast, FileWithoutRootsResavesIdentically)
{
    // Found by cast_fuzz: a header saying no root node, then bytes; saving added an empty root.
    std::vector<uint8_t> bytes = {'c', 'a', 's', 't', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f};
    CastFormat f;
    EXPECT_EQ(f.write(f.read(bytes)), bytes);
}
