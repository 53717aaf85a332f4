// Reading SMD: the spec's worked example, and real files from Blender Source Tools' own test suite
// (Source and GoldSrc flavours, LF and CRLF) and Assimp's (blank line, no line break at the end).
#include <gtest/gtest.h>

#include "formats/registry.h"
#include "formats/smd/smd_euler.h"
#include "formats/smd/smd_extra.h"
#include "tests/formats/smd_support.h"

namespace bonescope {
namespace {

using test::bytesOf;

// ../shared/specs/smd.md section 8: frame 1 lists the root only, so "arm" holds its frame-0 values.
const char* kWorked = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n"
                      "1 0 0 10 0 0 0\ntime 1\n0 1 2 3 1.570796 0 1.570796\nend\n";

void expectNear(const glm::dvec3& a, const glm::dvec3& b, double tol)
{
    EXPECT_NEAR(a.x, b.x, tol);
    EXPECT_NEAR(a.y, b.y, tol);
    EXPECT_NEAR(a.z, b.z, tol);
}

TEST(SmdRead, WorkedExampleRotationOrderAndHeldNode)
{
    const Scene s = SmdFormat().read(bytesOf(kWorked));
    ASSERT_EQ(s.skeleton.size(), 2u);
    ASSERT_EQ(s.animations.size(), 1u);
    EXPECT_DOUBLE_EQ(s.animations[0].fps, 30.0);
    EXPECT_DOUBLE_EQ(s.animations[0].duration, 1.0 / 30);
    expectNear(test::worldAt(s, "arm", 0), {0, 0, 10}, 1e-9);
    // R = Rz(90) Ry(0) Rx(90): arm at (1,2,3) + R (0,0,10) = (11, 2, 3); the wrong order gives (1,-8,3).
    expectNear(test::worldAt(s, "arm", 1.0 / 30), {11, 2, 3}, 1e-4);
    const glm::dquat q = s.animations[0].tracks[0].rotation.keys.value(1);
    EXPECT_NEAR(q.w, 0.5, 1e-6);
    EXPECT_NEAR(q.x, 0.5, 1e-6);
    EXPECT_NEAR(q.y, 0.5, 1e-6);
    EXPECT_NEAR(q.z, 0.5, 1e-6);
    // The held node has only its frame-0 key: nothing was invented for frame 1.
    EXPECT_EQ(s.animations[0].tracks[1].rotation.size(), 1u);
}

TEST(SmdRead, EulerRoundTrip)
{
    const glm::dvec3 e(0.3, -1.2, 2.5);
    const glm::dvec3 back = smd::eulerFromRotation(smd::rotationFromEuler(e));
    expectNear(back, e, 1e-12);
}

TEST(SmdRead, GapHeldUntilTheNextListing)
{
    // Node 0 listed on frames 0 and 3 only: frames 1 and 2 hold frame 0's value (Source's rule).
    const std::string text = "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 1 0 0 0 0 0\ntime 1\ntime 2\n"
                             "time 3\n0 4 0 0 0 0 0\nend\n";
    const Scene s = SmdFormat().read(bytesOf(text));
    EXPECT_NEAR(test::worldAt(s, "a", 2.0 / 30).x, 1.0, 1e-9);
    EXPECT_NEAR(test::worldAt(s, "a", 2.5 / 30).x, 2.5, 1e-6);
    EXPECT_NEAR(test::worldAt(s, "a", 3.0 / 30).x, 4.0, 1e-9);
}

TEST(SmdRead, BlenderSourceToolsAnimation)
{
    const auto bytes = test::smdFixture("bst_ActionFilter_X_Axis.smd");
    const Format* f = Registry::instance().detect(bytes, "X_Axis.smd");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->id(), "smd");
    const Scene s = f->read(bytes);
    ASSERT_EQ(s.skeleton.size(), 2u);
    EXPECT_EQ(s.skeleton.bones[1].name, "Bone");
    EXPECT_EQ(s.skeleton.bones[1].parent, -1);
    EXPECT_TRUE(s.mesh.empty());
    const Animation& a = s.animations.at(0);
    EXPECT_EQ(a.frameCount(), 3);
    // "1  2.000000 0.000000 0.000000  1.570796 -0.000000 0.000000" on time 2.
    EXPECT_EQ(a.tracks[1].translation.keys.value(2), glm::dvec3(2, 0, 0));
    const glm::dquat q = a.tracks[1].rotation.keys.value(2);
    EXPECT_NEAR(q.w, std::sqrt(0.5), 1e-6);
    EXPECT_NEAR(q.x, std::sqrt(0.5), 1e-6);
    // Rest pose = the first frame.
    EXPECT_NEAR(s.skeleton.bones[1].restRotation.x, std::sqrt(0.5), 1e-6);
}

TEST(SmdRead, BlenderSourceToolsReferenceWithWeights)
{
    const Scene s = SmdFormat().read(test::smdFixture("bst_Cube_Armature_Cube.smd"));
    EXPECT_EQ(s.mesh.positions.size(), 36u); // 12 triangles
    EXPECT_EQ(s.mesh.indices.size(), 36u);
    ASSERT_TRUE(s.mesh.skinned());
    // "0  -1.000000 -1.000000 1.000000  -1.000000 0.000000 0.000000  0.500000 0.500000 1 1 1.000000":
    // parent 0, but the one link (node 1, "Bone") replaces it.
    EXPECT_EQ(s.mesh.positions[0], glm::vec3(-1, -1, 1));
    EXPECT_EQ(s.mesh.normals[0], glm::vec3(-1, 0, 0));
    EXPECT_EQ(s.mesh.uvs[0], glm::vec2(0.5f, 0.5f));
    EXPECT_EQ(s.mesh.joints[0][0], 1u);
    EXPECT_FLOAT_EQ(s.mesh.weights[0][0], 1.f);
    const auto* x = s.extra.as<SmdExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->fileFlavour, smd::Flavour::Source);
    EXPECT_EQ(x->materialNames, std::vector<std::string>{"no_material"});
    EXPECT_EQ(x->triangleMaterials.size(), 12u);
}

TEST(SmdRead, GoldSrcCrlf)
{
    const Scene s = SmdFormat().read(test::smdFixture("bst_Cube_Armature_GoldSource_Cube.smd"));
    EXPECT_EQ(s.skeleton.bones[1].name, "Bone"); // no "\r" left in names
    const auto* x = s.extra.as<SmdExtra>();
    EXPECT_EQ(x->fileFlavour, smd::Flavour::GoldSrc);
    EXPECT_EQ(x->materialNames, std::vector<std::string>{"no_material"});
    // "1  -1.000000 -1.000000 1.000000 ...": one bone per vertex, node 1.
    EXPECT_EQ(s.mesh.joints[0][0], 1u);
    EXPECT_TRUE(x->warnings.empty());
}

TEST(SmdRead, MixedLinkCounts)
{
    // The first triangle's vertices have a link count of 0 (100% the parent bone), the second's one link.
    const Scene s = SmdFormat().read(test::smdFixture("bst_Overlapping_DifferentWeights.smd"));
    ASSERT_EQ(s.mesh.positions.size(), 6u);
    EXPECT_EQ(s.mesh.joints[0][0], 0u);
    EXPECT_EQ(s.mesh.joints[3][0], 1u);
}

TEST(SmdRead, AssimpTriangleBlankLineAndNoFinalBreak)
{
    const Scene s = SmdFormat().read(test::smdFixture("assimp_triangle.smd"));
    EXPECT_EQ(s.skeleton.bones.at(0).name, "TriangleTest0");
    ASSERT_EQ(s.mesh.positions.size(), 3u);
    EXPECT_EQ(s.mesh.positions[2], glm::vec3(1, 1, 0));
    EXPECT_EQ(s.extra.as<SmdExtra>()->materialNames, std::vector<std::string>{"none.quak"});
}

TEST(SmdRead, CurveArmatureHierarchy)
{
    const Scene s = SmdFormat().read(test::smdFixture("bst_Curve_Armature_BezierCurve.smd"));
    EXPECT_GE(s.skeleton.size(), 2u);
    EXPECT_FALSE(s.mesh.empty());
    EXPECT_TRUE(s.skeleton.evaluationOrder().has_value());
}

TEST(SmdRead, CommentsUnquotedNamesAndMissingEnd)
{
    // Crowbar's first-line comment, an unquoted name with a space, and a file cut after the skeleton.
    const std::string text = "// Created by Crowbar 0.74\nversion 1\nnodes\n  0 Bip01 Pelvis -1\nend\nskeleton\n"
                             "time 0\n0 0 0 5 0 0 0\n";
    const auto bytes = bytesOf(text);
    EXPECT_TRUE(SmdFormat().detect(bytes));
    const Scene s = SmdFormat().read(bytes);
    EXPECT_EQ(s.skeleton.bones.at(0).name, "Bip01 Pelvis");
    const auto* x = s.extra.as<SmdExtra>();
    ASSERT_EQ(x->warnings.size(), 2u);
    EXPECT_NE(x->warnings[0].message.find("line 4"), std::string::npos);
    EXPECT_NE(x->warnings[1].message.find("no 'end'"), std::string::npos);
}

TEST(SmdRead, NotDetectedForOtherText)
{
    EXPECT_FALSE(SmdFormat().detect(bytesOf("HIERARCHY\nROOT hip\n")));
    EXPECT_FALSE(SmdFormat().detect(bytesOf("versionx 1\n")));
}

} // namespace
} // namespace bonescope
