// Bonescope's own FBX reader (formats/fbx) on real and written-for-the-test files: 6.x binary and
// ASCII, 7.x binary and ASCII; checked against the files' own numbers and against Assimp where it
// reads the file; and how the Assimp format hands FBX files to it (formats/assimp/fbx_fallback.h).
#include <cmath>
#include <cstdlib>
#include <string>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "formats/fbx/fbx_format.h"
#include "formats/parse_error.h"
#include "formats/registry.h"
#include "tests/formats/convert_pose_compare.h"
#include "tests/support/error_of.h"
#include "tests/support/test_support.h"
#include "tests/support/world_positions.h"

namespace bonescope {
namespace {

Scene readOwn(const std::string& fixture) { return FbxFormat().read(test::readBytes(test::fixturePath(fixture))); }

// The way every FBX file is opened: the registry's format for its bytes (Assimp first).
Scene openAsUser(const std::string& fixture)
{
    const std::string path = test::fixturePath(fixture);
    const auto bytes = test::readBytes(path);
    const Format* f = Registry::instance().detect(bytes, path);
    EXPECT_NE(f, nullptr);
    return f->readFrom(bytes, path);
}

void expectNear(const glm::dvec3& a, const glm::dvec3& b, double tolerance, const std::string& what)
{
    EXPECT_NEAR(a.x, b.x, tolerance) << what;
    EXPECT_NEAR(a.y, b.y, tolerance) << what;
    EXPECT_NEAR(a.z, b.z, tolerance) << what;
}

// The largest extent of the rest pose's joints: "the character's height".
double heightOf(const Skeleton& s)
{
    const auto w = s.restWorld();
    glm::dvec3 lo(INFINITY), hi(-INFINITY);
    for (const auto& m : w) {
        lo = glm::min(lo, glm::dvec3(m[3]));
        hi = glm::max(hi, glm::dvec3(m[3]));
    }
    return std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
}

TEST(FbxReader, Binary6100Mesh)
{
    // Assimp refuses 6.x ("FBX-DOM unsupported, old format version"): this one reads it.
    const Scene s = readOwn("fbx/cube.fbx");
    ASSERT_EQ(s.skeleton.size(), 2u);
    EXPECT_EQ(s.skeleton.bones[0].name, "RootNode");
    EXPECT_EQ(s.skeleton.bones[1].name, "Box001");
    EXPECT_EQ(s.mesh.positions.size(), 8u);
    EXPECT_EQ(s.mesh.indices.size(), 36u);
    // Box001 has PreRotation -90 about X: the corner (-0.5, -0.5, 0) lands at (-0.5, 0, 0.5).
    bool found = false;
    for (const glm::vec3& p : s.mesh.positions)
        found = found || glm::length(p - glm::vec3(-0.5f, 0.f, 0.5f)) < 1e-5f;
    EXPECT_TRUE(found);
    EXPECT_EQ(s.statedUp, UpAxis::Y);
    EXPECT_TRUE(s.animations.empty()); // its take has no curves
}

TEST(FbxReader, Ascii6100SkinAndTakeAgainstTheFileNumbers)
{
    const Scene s = readOwn("fbx/skinned_6100.fbx");
    const int hips = s.skeleton.find("Hips"), spine = s.skeleton.find("Spine"), head = s.skeleton.find("Head");
    ASSERT_GE(hips, 0);
    ASSERT_GE(head, 0);
    EXPECT_EQ(s.skeleton.bones[size_t(spine)].parent, hips);
    EXPECT_EQ(s.skeleton.bones[size_t(head)].parent, spine);
    // Head's PreRotation (-90 about X) is in its rest rotation.
    const glm::dquat pre = glm::angleAxis(glm::radians(-90.0), glm::dvec3(1, 0, 0));
    EXPECT_NEAR(std::abs(glm::dot(s.skeleton.bones[size_t(head)].restRotation, pre)), 1.0, 1e-9);
    // The box: lower corners on Hips, upper on Spine (the clusters' Indexes and Weights).
    ASSERT_EQ(s.mesh.positions.size(), 8u);
    ASSERT_TRUE(s.mesh.skinned());
    EXPECT_EQ(s.mesh.joints[0].x, uint32_t(hips));
    EXPECT_EQ(s.mesh.joints[7].x, uint32_t(spine));
    EXPECT_FLOAT_EQ(s.mesh.weights[7].x, 1.f);
    EXPECT_EQ(s.mesh.indices.size(), 36u); // six quads as fans
    // The take: 30 fps (TimeMode 6), one second (LocalTime).
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    EXPECT_EQ(a.name, "Walk");
    EXPECT_DOUBLE_EQ(a.fps, 30.0);
    EXPECT_DOUBLE_EQ(a.duration, 1.0);
    // World positions at the key times from the file's numbers (make_skinned_6100.py):
    // Hips T.X 0 -> 2, R.Y 0 -> 90; Spine R.Z 0 (at 0 s), 45 (0.5 s and 1 s); Head 0.5 above Spine.
    const double r = std::sqrt(0.5);
    struct Expect {
        double t;
        glm::dvec3 hips, spine, head;
    };
    for (const Expect& e : {Expect{0.0, {0, 1, 0}, {0, 2, 0}, {0, 2.5, 0}},
                            Expect{0.5, {1, 1, 0}, {1, 2, 0}, {1 - 0.5 * r * r, 2 + 0.5 * r, 0.5 * r * r}},
                            Expect{1.0, {2, 1, 0}, {2, 2, 0}, {2, 2 + 0.5 * r, 0.5 * r}}}) {
        const auto w = test::worldPositions(a, s.skeleton, e.t);
        expectNear(w[size_t(hips)], e.hips, 1e-9, "Hips at " + std::to_string(e.t));
        expectNear(w[size_t(spine)], e.spine, 1e-9, "Spine at " + std::to_string(e.t));
        expectNear(w[size_t(head)], e.head, 1e-9, "Head at " + std::to_string(e.t));
    }
}

TEST(FbxReader, Binary7500SameAsAssimp)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    // ozz-animation's robot.fbx, which Assimp reads: the same joints at the same places, within
    // 0.1 % of the figure's size, at seven times on the frame grid.
    const Scene own = readOwn("fbx/robot.fbx");
    const Scene assimp = openAsUser("fbx/robot.fbx");
    ASSERT_EQ(assimp.format, "assimp");
    ASSERT_EQ(own.animations.size(), 1u);
    ASSERT_EQ(assimp.animations.size(), 1u);
    EXPECT_NEAR(own.animations[0].duration, assimp.animations[0].duration, 1e-9);
    EXPECT_DOUBLE_EQ(own.animations[0].fps, assimp.animations[0].fps);
    EXPECT_EQ(own.mesh.positions.size() > 0, assimp.mesh.positions.size() > 0);
    const test::PoseDifference d =
        test::comparePoses(own, assimp, test::comparisonTimes(assimp.animations[0]));
    EXPECT_GE(d.bonesCompared, 24u);
    EXPECT_LT(d.maxPosition, 0.001 * heightOf(assimp.skeleton)) << d.worstBone << " at " << d.worstTime;
}

TEST(FbxReader, Ascii7PivotsSameAsAssimpAtKeys)
{
    // Pre-rotations, rotation pivots and offsets, scaling pivots: folded into the bones as the
    // Assimp reader folds its helper nodes. At the times every curve has a key both agree; between
    // keys this reader interpolates each Euler angle as FBX does (and Blender), Assimp the whole
    // rotation (Tail, keyed at 0 s and 1 s only, about two axes and a pivot, differs at 0.5 s).
    const Scene own = readOwn("fbx/pivot_skeleton.fbx");
    const Scene assimp = openAsUser("fbx/pivot_skeleton.fbx");
    const test::PoseDifference d = test::comparePoses(own, assimp, {0.0, 1.0});
    EXPECT_EQ(d.bonesCompared, 6u);
    EXPECT_LT(d.maxPosition, 1e-4 * heightOf(assimp.skeleton)) << d.worstBone << " at " << d.worstTime;
}

TEST(FbxFallback, OldVersionsOpenThroughTheOwnReader)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    const Scene s = openAsUser("fbx/cube.fbx");
    EXPECT_EQ(s.format, "assimp"); // saved and shown as every other FBX file
    EXPECT_EQ(s.mesh.positions.size(), 8u);
    const Scene ascii = openAsUser("fbx/skinned_6100.fbx");
    ASSERT_EQ(ascii.animations.size(), 1u);
    EXPECT_EQ(ascii.animations[0].tracks.size(), 2u);
}

TEST(FbxFallback, FileThatAbortsAssimpOpens)
{
    // ozz-animation's properties.fbx trips an assertion inside Assimp (the helper aborts): the own
    // reader reads it instead. Its bones "animated" and "constant" keep the file's values.
    const Scene s = openAsUser("assimp/crash_assimp_abort_properties.fbx");
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    EXPECT_EQ(a.name, "Take 001");
    EXPECT_DOUBLE_EQ(a.fps, 30.0);
    EXPECT_NEAR(a.duration, 5.0, 1e-9);
    const int constant = s.skeleton.find("constant");
    ASSERT_GE(constant, 0);
    expectNear(test::worldPositions(a, s.skeleton, 2.5)[size_t(constant)], {50, 0, 0}, 1e-9, "constant");
}

TEST(FbxFallback, BothReadersFailingNamesBoth)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    auto bytes = test::readBytes(test::fixturePath("fbx/robot.fbx"));
    bytes.resize(bytes.size() / 2);
    const Format* f = Registry::instance().byId("assimp");
    ASSERT_NE(f, nullptr);
    const std::string e = test::errorOf([&] { f->readFrom(bytes, "half_robot.fbx"); });
    EXPECT_NE(e.find("half_robot.fbx"), std::string::npos) << e;
    // Ours names where it stopped: half of the file is gone.
    EXPECT_NE(e.find("Bonescope's own FBX reader could not read it either: at byte "), std::string::npos) << e;
}

TEST(FbxFormat, ReadOnlyAndDetected)
{
    const FbxFormat f;
    EXPECT_FALSE(f.capabilities().write);
    EXPECT_TRUE(f.detect(test::readBytes(test::fixturePath("fbx/cube.fbx"))));
    EXPECT_TRUE(f.detect(test::readBytes(test::fixturePath("fbx/skinned_6100.fbx"))));
    EXPECT_THROW(f.write(Scene{}), WriteError);
    EXPECT_EQ(fbxVersionOf(test::readBytes(test::fixturePath("fbx/pivot_skeleton.fbx"))), 7400u);
    EXPECT_EQ(fbxVersionOf(test::readBytes(test::fixturePath("fbx/skinned_6100.fbx"))), 6100u);
#ifndef BONESCOPE_WITHOUT_ASSIMP // without Assimp the format saying so comes last
    EXPECT_EQ(Registry::instance().byId("fbx"), Registry::instance().formats().back().get());
#endif
}

} // namespace
} // namespace bonescope
