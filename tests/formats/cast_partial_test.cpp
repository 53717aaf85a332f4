// Reading part of a Cast file (cast_partial.h): the skeleton of a file's model without its meshes
// or animations, read with a header read per skipped node; the same skeleton and the same nodes as
// the whole read; cut files end in a ParseError at a byte of the file.
#include <gtest/gtest.h>

#include "formats/byte_source.h"
#include "formats/cast/cast_format.h"
#include "formats/cast/cast_partial.h"
#include "formats/parse_error.h"
#include "tests/formats/cast_test_builder.h"
#include "tests/support/counting_source.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;

namespace {

// A curve of `frames` keys: 8 bytes a frame.
cb::Node bigCurve(uint64_t hash, uint32_t frames)
{
    cb::Prop kb = cb::header("i\0", "kb", frames), kv = cb::header("f\0", "kv", frames);
    for (uint32_t i = 0; i < frames; ++i) {
        cb::put(kb.bytes, i, 4);
        cb::putF(kv.bytes, float(i) * 0.01f);
    }
    return cb::curve(hash, "spine", "tx", kb, kv, "absolute");
}

cb::Node model()
{
    using namespace cb;
    const float q = 0.70710678f;
    Node bone0{BoneId, 101, {str("n", "root"), i32("p", {0xFFFFFFFF}), vec(3, "lp", {0, 1, 0}), vec(4, "lr", {0, 0, 0, 1})}, {}};
    Node bone1{BoneId, 102, {str("n", "spine"), i32("p", {0}), vec(3, "wp", {0, 3, 0}), vec(4, "wr", {0, 0, q, q})}, {}};
    Node bone2{BoneId, 103, {str("n", "head"), i32("p", {1}), vec(3, "lp", {1, 0, 0}), vec(4, "lr", {0, 0, 0, 1}),
                             vec(3, "s", {2, 2, 2})}, {}};
    Node skel{SkeletonId, 100, {}, {bone0, bone1, bone2}};
    Node mesh{MeshId, 200,
              {str("n", "body"), vec(3, "vp", {0, 0, 0, 1, 0, 0, 1, 1, 0}), b("mi", {1}), h("wb", {0, 1, 2}),
               f("wv", {1, 1, 1}), h("f", {0, 1, 2})},
              {}};
    return Node{ModelId, 1, {str("n", "soldier with a name longer than a few hundred bytes " + std::string(400, 'x'))},
                {mesh, skel}};
}

// An animation of 2.4 MB before the model, and another after it.
std::vector<uint8_t> animatedModelFile()
{
    using namespace cb;
    Node before{AnimationId, 2, {str("n", "walk"), f("fr", {30})}, {bigCurve(10, 200000), bigCurve(11, 100000)}};
    Node after{AnimationId, 3, {str("n", "idle"), f("fr", {30})}, {bigCurve(12, 1000)}};
    return file({Node{RootId, 0, {}, {before, model(), after}}});
}

void expectSameNodes(const cast::Node& a, const cast::Node& b)
{
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.hash, b.hash);
    EXPECT_EQ(a.offset, b.offset);
    ASSERT_EQ(a.props.size(), b.props.size());
    for (size_t i = 0; i < a.props.size(); ++i) {
        EXPECT_EQ(a.props[i].name, b.props[i].name);
        EXPECT_EQ(a.props[i].offset, b.props[i].offset);
        EXPECT_EQ(a.props[i].count, b.props[i].count);
        EXPECT_TRUE(std::ranges::equal(a.props[i].bytes(), b.props[i].bytes()));
    }
    ASSERT_EQ(a.children.size(), b.children.size());
    for (size_t i = 0; i < a.children.size(); ++i)
        expectSameNodes(a.children[i], b.children[i]);
}

} // namespace

TEST(CastPartial, ModelSkeletonIsTheWholeReadsWithoutItsAnimations)
{
    const std::vector<uint8_t> bytes = animatedModelFile();
    ASSERT_GT(bytes.size(), 2'000'000u);
    test::CountingSource source(bytes);
    const std::optional<Skeleton> skeleton = cast::readModelSkeleton(source);
    ASSERT_TRUE(skeleton);
    const Skeleton whole = CastFormat().read(bytes).skeleton;
    ASSERT_EQ(skeleton->size(), 3u);
    ASSERT_EQ(whole.size(), 3u);
    for (size_t i = 0; i < whole.size(); ++i) {
        const Bone &a = skeleton->bones[i], &b = whole.bones[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.parent, b.parent);
        EXPECT_EQ(a.restTranslation, b.restTranslation) << a.name;
        EXPECT_EQ(a.restRotation, b.restRotation) << a.name;
        EXPECT_EQ(a.restScale, b.restScale) << a.name;
    }
    EXPECT_EQ(skeleton->bones[1].name, "spine");
    EXPECT_LT(source.read, 2000u) << "of " << bytes.size(); // headers, the model's name, the skeleton
}

TEST(CastPartial, AFileOfAnimationsHasNoModelSkeleton)
{
    using namespace cb;
    const std::vector<uint8_t> bytes =
        file({Node{RootId, 0, {}, {Node{AnimationId, 2, {str("n", "walk")}, {bigCurve(10, 50000)}}}}});
    test::CountingSource source(bytes);
    EXPECT_FALSE(cast::readModelSkeleton(source));
    EXPECT_LT(source.read, 200u);
}

// Opening every node gives the tree the whole parse gives, offsets and all.
TEST(CastPartial, OpeningEveryNodeGivesTheWholeTree)
{
    const std::vector<uint8_t> bytes = animatedModelFile();
    MemorySource source(bytes);
    for (const cast::Take take : {cast::Take::Open, cast::Take::Whole}) {
        const cast::Tree partly = cast::parsePartly(source, [&](uint32_t, int depth) { return depth == 0 ? cast::Take::Open : take; });
        const cast::Tree whole = cast::parse(bytes);
        ASSERT_EQ(partly.roots.size(), whole.roots.size());
        expectSameNodes(partly.roots[0], whole.roots[0]);
    }
}

// Every cut of the file: a skeleton (the cut falls after it is read) or a ParseError at a byte of
// the file, never past its end.
TEST(CastPartial, EveryCutEndsInASkeletonOrAnErrorInsideTheFile)
{
    using namespace cb;
    const std::vector<uint8_t> bytes = file({Node{RootId, 0, {}, {model(), Node{AnimationId, 2, {str("n", "walk")}, {bigCurve(10, 20)}}}}});
    int skeletons = 0, errors = 0;
    for (size_t n = 0; n < bytes.size(); ++n) {
        MemorySource source(std::span<const uint8_t>(bytes.data(), n));
        try {
            skeletons += cast::readModelSkeleton(source).has_value();
        } catch (const ParseError& e) {
            ++errors;
            EXPECT_LE(e.offset(), n) << e.what();
        }
    }
    EXPECT_EQ(skeletons, 0); // a cut file's sizes never fit: the root's size is checked first
    EXPECT_EQ(errors, int(bytes.size()));
}

// Counts a crafted file gives are refused before they are walked: one read per header would take
// seconds over a big node.
TEST(CastPartial, HugeCountsAreRefusedBeforeAnyIsRead)
{
    for (const bool children : {false, true}) {
        // A root of 8 MB of empty 8-byte properties or 24-byte nodes.
        std::vector<uint8_t> bytes = cb::rootHeader(8'000'000, children ? 0 : 1'000'000, children ? 333'333 : 0);
        bytes.resize(bytes.size() + 8'000'000);
        test::CountingSource source(bytes);
        try {
            cast::readModelSkeleton(source);
            FAIL() << "read";
        } catch (const ParseError& e) {
            EXPECT_EQ(e.offset(), children ? 36u : 32u) << e.what();
        }
        EXPECT_LT(source.read, 100u);
    }
}
