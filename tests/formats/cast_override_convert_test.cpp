// A Cast file's curve mode overrides (the named node and its descendants played in another mode)
// against a conversion that bakes the motion into absolute keys (--fps, a retarget, a trim): the
// written file must play as the source did.
#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/cast/cast_extra.h"
#include "formats/cast/cast_format.h"
#include "formats/convert/prepare.h"
#include "tests/formats/cast_test_builder.h"
#include "tests/formats/convert_pose_compare.h"

using namespace bonescope;
namespace cb = bonescope::test::castb;

namespace {

// "root" at (0, 1, 0) and its child "arm" at (0, 2, 0); arm's tx curve is written absolute, and an
// override plays arm's translations relative (added to its rest position).
std::vector<uint8_t> overriddenFile()
{
    using namespace cb;
    Node root{BoneId, 101, {str("n", "root"), i32("p", {0xFFFFFFFF}), vec(3, "lp", {0, 1, 0}), vec(4, "lr", {0, 0, 0, 1})}, {}};
    Node arm{BoneId, 102, {str("n", "arm"), i32("p", {0}), vec(3, "lp", {0, 2, 0}), vec(4, "lr", {0, 0, 0, 1})}, {}};
    Node skel{SkeletonId, 100, {}, {root, arm}};
    Node model{ModelId, 1, {str("n", "rig")}, {skel}};
    Node anim{AnimationId, 2,
              {str("n", "take"), f("fr", {30})},
              {curve(10, "arm", "tx", b("kb", {0, 10}), f("kv", {1, 3}), "absolute"),
               Node{CurveModeOverrideId, 20, {str("nn", "arm"), str("m", "relative"), b("ot", {1}), b("or", {0})}, {}}}};
    return cb::file({Node{RootId, 0, {}, {model, anim}}});
}

} // namespace

TEST(CastOverrideConvert, BakedAnimationPlaysAsTheSource)
{
    CastFormat cast;
    const Scene source = cast.read(overriddenFile());
    ConvertOptions o;
    o.fps = 60; // a bake: keys on every frame, in the meaning the source plays
    Report report;
    const Scene back = cast.read(cast.write(prepareForTarget(source, cast, o, report)));
    const test::PoseDifference d = test::comparePoses(source, back, test::comparisonTimes(source.animations.at(0)));
    EXPECT_GT(d.bonesCompared, 0u);
    EXPECT_LT(d.maxPosition, 1e-4) << d.worstBone << " at " << d.worstTime;
    EXPECT_LT(d.maxDegrees, 1e-3) << d.worstBone << " at " << d.worstTime;
    // The keys are absolute now: the override, which would play them relative again, is not written.
    const auto* x = back.animations.at(0).extra.as<CastAnimationExtra>();
    ASSERT_NE(x, nullptr);
    for (const cast::Node& c : x->node.children)
        EXPECT_NE(c.id, cast::CurveModeOverride);
}

TEST(CastOverrideConvert, AnEditKeepsTheOverrideAndItsMeaning)
{
    CastFormat cast;
    const Scene source = cast.read(overriddenFile());
    Scene edited = source;
    edited.animations.at(0).tracks.at(size_t(edited.animations.at(0).findTrack("arm"))).translation.keys.setPart(1, 0, 4);
    const Scene back = cast.read(cast.write(edited));
    const test::PoseDifference d = test::comparePoses(edited, back, test::comparisonTimes(edited.animations.at(0)));
    EXPECT_LT(d.maxPosition, 1e-4) << d.worstBone << " at " << d.worstTime;
    size_t overrides = 0;
    for (const cast::Node& c : back.animations.at(0).extra.as<CastAnimationExtra>()->node.children)
        overrides += c.id == cast::CurveModeOverride;
    EXPECT_EQ(overrides, 1u);
}

// A curve's mode is its own: a parent's additive curves do not make its child's absolute curves
// additive (the reader's per-track modes become modifiers, which the binding passes down to children
// that have none of their own).
TEST(CastOverrideConvert, AParentsCurveModeStaysWithTheParent)
{
    using namespace cb;
    const float s30 = 0.25881905f, c30 = 0.96592583f, s45 = 0.70710678f; // half angles of 30 and 90 degrees
    Node root{BoneId, 101, {str("n", "root"), i32("p", {0xFFFFFFFF}), vec(3, "lp", {0, 1, 0}), vec(4, "lr", {0, 0, 0, 1})}, {}};
    Node arm{BoneId, 102, {str("n", "arm"), i32("p", {0}), vec(3, "lp", {0, 2, 0}), vec(4, "lr", {0, 0, s30, c30})}, {}};
    Node skel{SkeletonId, 100, {}, {root, arm}};
    Node model{ModelId, 1, {str("n", "rig")}, {skel}};
    Node anim{AnimationId, 2,
              {str("n", "take"), f("fr", {30})},
              {curve(10, "arm", "rq", b("kb", {0}), vec(4, "kv", {0, 0, s45, s45}), "absolute"),
               curve(11, "root", "rq", b("kb", {0}), vec(4, "kv", {0, 0, s45, s45}), "additive")}};
    const Scene scene = CastFormat().read(cb::file({Node{RootId, 0, {}, {model, anim}}}));
    Sampler sampler(scene.animations.at(0), scene.skeleton);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(0, local);
    const int a = scene.skeleton.find("arm"), r = scene.skeleton.find("root");
    EXPECT_NEAR(glm::degrees(glm::angle(local[size_t(a)].rotation)), 90.0, 1e-3); // absolute: the key
    EXPECT_NEAR(glm::degrees(glm::angle(local[size_t(r)].rotation)), 90.0, 1e-3); // additive on an identity rest
}
