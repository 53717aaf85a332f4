// Writing SMD: unedited files back byte for byte, an edited key changing only its frame's line, both
// flavours, and a conversion whose mesh is bound in another pose than the first frame.
#include <gtest/gtest.h>

#include <sstream>

#include "formats/registry.h"
#include "formats/smd/smd_extra.h"
#include "tests/formats/smd_support.h"

namespace bonescope {
namespace {

using test::bytesOf;
using test::textOf;

const char* const kFixtures[] = {"assimp_triangle.smd", "bst_ActionFilter_X_Axis.smd", "bst_Cube_Armature_Cube.smd",
                                 "bst_Cube_Armature_GoldSource_Cube.smd", "bst_Curve_Armature_BezierCurve.smd",
                                 "bst_Overlapping_DifferentWeights.smd"};

std::vector<std::string> linesOf(const std::string& s)
{
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

// The lines of `b` that differ from `a` (same line count expected).
std::vector<std::string> changedLines(const std::string& a, const std::string& b)
{
    const auto la = linesOf(a), lb = linesOf(b);
    EXPECT_EQ(la.size(), lb.size());
    std::vector<std::string> out;
    for (size_t i = 0; i < std::min(la.size(), lb.size()); ++i)
        if (la[i] != lb[i])
            out.push_back(lb[i]);
    return out;
}

TEST(SmdWrite, UneditedFilesResaveByteExact)
{
    for (const char* name : kFixtures) {
        SCOPED_TRACE(name);
        const auto bytes = test::smdFixture(name);
        const Scene s = SmdFormat().read(bytes);
        EXPECT_EQ(SmdFormat().write(s), bytes);
    }
}

TEST(SmdWrite, EditedKeyChangesOnlyItsLine)
{
    const auto bytes = test::smdFixture("bst_ActionFilter_X_Axis.smd");
    Scene s = SmdFormat().read(bytes);
    s.animations[0].tracks[1].translation.keys.setValue(1, glm::dvec3(1, 0.25, 0));
    const std::string out = textOf(SmdFormat().write(s));
    const auto changed = changedLines(textOf(bytes), out);
    ASSERT_EQ(changed.size(), 1u) << out;
    // The file's own indent and rotation numbers kept for what did not change.
    EXPECT_EQ(changed[0], "1 1.000000 0.250000 0.000000 1.570796 0.000000 0.000000");
    const Scene back = SmdFormat().read(bytesOf(out));
    EXPECT_EQ(back.animations[0].tracks[1].translation.keys.value(1), glm::dvec3(1, 0.25, 0));
    EXPECT_EQ(back.animations[0].tracks[1].translation.keys.value(2), glm::dvec3(2, 0, 0));
}

TEST(SmdWrite, EditedKeyInCrlfFileKeepsTheLineBreaks)
{
    const auto bytes = test::smdFixture("bst_Cube_Armature_GoldSource_Cube.smd");
    Scene s = SmdFormat().read(bytes);
    s.animations[0].tracks[1].rotation.keys.setValue(0, glm::dquat(1, 0, 0, 0));
    const std::string out = textOf(SmdFormat().write(s));
    // The one line replaced, in the file's CRLF; every other byte as it was.
    std::string expected = textOf(bytes);
    const std::string was = "\r\n1  0.000000 0.000000 0.000000  1.570796 -0.000000 0.000000\r\nend\r\n";
    ASSERT_NE(expected.find(was), std::string::npos);
    expected.replace(expected.find(was), was.size(), "\r\n1 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000\r\nend\r\n");
    EXPECT_EQ(out, expected);
    // Everything after the skeleton (the triangles) is untouched.
    EXPECT_EQ(out.substr(out.find("triangles")), textOf(bytes).substr(textOf(bytes).find("triangles")));
}

TEST(SmdWrite, EditOnAHeldFrameAddsALineWhereNeeded)
{
    // Frame 1 lists only the root; moving "arm" at frame 0 must not move it at frame 1 too, so
    // frame 1 gets a line for "arm" with its old value.
    const std::string text = "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n"
                             "1 0 0 10 0 0 0\ntime 1\n0 1 2 3 0 0 0\nend\n";
    Scene s = SmdFormat().read(bytesOf(text));
    ASSERT_EQ(s.animations[0].tracks[1].translation.size(), 1u);
    s.animations[0].tracks[1].translation.keys.setValue(0, glm::dvec3(0, 0, 12));
    s.animations[0].tracks[1].translation.keys.push_back({1.0 / 30, glm::dvec3(0, 0, 10)});
    s.animations[0].tracks[1].rotation.keys.push_back({1.0 / 30, glm::dquat(1, 0, 0, 0)});
    const std::string out = textOf(SmdFormat().write(s));
    EXPECT_EQ(out, "version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\n"
                   "1 0.000000 0.000000 12.000000 0.000000 0.000000 0.000000\ntime 1\n0 1 2 3 0 0 0\n"
                   "1 0.000000 0.000000 10.000000 0.000000 0.000000 0.000000\nend\n");
}

TEST(SmdWrite, RenamedBoneRewritesItsNodeLine)
{
    const auto bytes = test::smdFixture("bst_ActionFilter_X_Axis.smd");
    Scene s = SmdFormat().read(bytes);
    s.skeleton.bones[1].name = "Arm";
    s.animations[0].tracks[1].name = "Arm";
    const auto changed = changedLines(textOf(bytes), textOf(SmdFormat().write(s)));
    EXPECT_EQ(changed, std::vector<std::string>{"1 \"Arm\" -1"});
}

TEST(SmdWrite, NewFileListsEveryNodeEveryFrameParentsFirst)
{
    // Bones out of order (child first): ids are given parents first.
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "child", .parent = 1, .restTranslation = {0, 0, 5}});
    s.skeleton.bones.push_back(Bone{.name = "root", .parent = -1});
    Animation a;
    a.fps = 30;
    a.duration = 1.0 / 30;
    Track t;
    t.name = "root";
    t.rotation.keys.push_back({0, glm::dquat(1, 0, 0, 0)});
    t.rotation.keys.push_back({1.0 / 30, glm::angleAxis(glm::radians(90.0), glm::dvec3(0, 0, 1))});
    a.tracks.push_back(t);
    s.animations.push_back(a);
    const std::string out = textOf(SmdFormat().write(s));
    EXPECT_EQ(out, "version 1\nnodes\n0 \"root\" -1\n1 \"child\" 0\nend\nskeleton\n"
                   "time 0\n0 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000\n"
                   "1 0.000000 0.000000 5.000000 0.000000 0.000000 0.000000\n"
                   "time 1\n0 0.000000 0.000000 0.000000 0.000000 0.000000 1.570796\n"
                   "1 0.000000 0.000000 5.000000 0.000000 0.000000 0.000000\nend\n");
}

TEST(SmdWrite, GoldSrcFlavourWritesOneBonePerVertex)
{
    Scene s = SmdFormat().read(test::smdFixture("bst_Cube_Armature_Cube.smd"));
    Report report;
    setSmdFlavour(s, smd::Flavour::GoldSrc, report);
    const std::string out = textOf(SmdFormat().write(s));
    EXPECT_NE(out.find("\nno_material\n1 -1.000000 -1.000000 1.000000 -1.000000 0.000000 0.000000 0.500000 0.500000\n"),
              std::string::npos)
        << out;
    const Scene back = SmdFormat().read(bytesOf(out));
    EXPECT_EQ(back.extra.as<SmdExtra>()->fileFlavour, smd::Flavour::GoldSrc);
    EXPECT_EQ(back.mesh.joints[0][0], 1u);
    // And back to Source: the link list returns.
    Scene again = back;
    setSmdFlavour(again, smd::Flavour::Source, report);
    EXPECT_NE(textOf(SmdFormat().write(again)).find("0.500000 0.500000 1 1 1.000000\n"), std::string::npos);
}

TEST(SmdWrite, MeshBoundInAnotherPoseIsWrittenInTheFirstFramePose)
{
    // One bone, rest at the origin; the animation's first frame moves it up 2: a vertex at (1,0,0)
    // bound to it is at (1,0,2) in the file, and reads back there with the first frame as rest.
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "b"});
    s.mesh.positions = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    s.mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    s.mesh.uvs = {{0, 0}, {1, 0}, {0, 1}};
    s.mesh.joints.assign(3, glm::uvec4(0));
    s.mesh.weights.assign(3, glm::vec4(1, 0, 0, 0));
    s.mesh.indices = {0, 1, 2};
    Animation a;
    Track t;
    t.name = "b";
    t.translation.keys.push_back({0, glm::dvec3(0, 0, 2)});
    a.tracks.push_back(t);
    s.animations.push_back(a);
    const Scene back = SmdFormat().read(SmdFormat().write(s));
    EXPECT_EQ(back.mesh.positions[0], glm::vec3(1, 0, 2));
    EXPECT_EQ(back.skeleton.bones[0].restTranslation, glm::dvec3(0, 0, 2));
}

TEST(SmdWrite, ConversionReportsTheFrameRate)
{
    Scene s = SmdFormat().read(test::smdFixture("bst_ActionFilter_X_Axis.smd"));
    EXPECT_TRUE(SmdFormat().conversionLoss(s).empty());
    s.animations[0].fps = 24;
    const auto loss = SmdFormat().conversionLoss(s);
    ASSERT_EQ(loss.size(), 1u);
    // As data: the rate that is not kept; the front ends say where it goes (app/cli, app/gui report words).
    EXPECT_EQ(loss[0].code, ReportItem::Code::SmdFrameRateNotKept);
    EXPECT_EQ(loss[0].values, std::vector<std::string>{"24"});
    EXPECT_NE(loss[0].text.find("24 fps frames"), std::string::npos) << loss[0].text;
}

} // namespace
} // namespace bonescope
