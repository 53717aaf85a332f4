// A real Z-up centimetre rig (tests/fixtures/rigs/SOURCES.md): the Khronos COLLADA conformance suite's
// "boy", Maya 8.0, <unit meter="0.01"/> and <up_axis>Z_UP</up_axis>, its joints kept in
// library_nodes and placed under a node turned -17.7/-37.0/-62.0 degrees about Z/Y/X, the joint root
// scaled 18.9133. Read as the window and `convert --skeleton` read it (Assimp in the import helper),
// it must come out in Y-up metres with every one of those transforms composed; the expected
// positions were composed apart, straight from the file's <translate>/<rotate>/<scale> elements.
#include <gtest/gtest.h>

#include "core/retarget/humanoid.h"
#include "core/retarget/rig_frame.h"
#include "formats/assimp/assimp_format.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

Scene readBoy()
{
    const std::string path = test::fixturePath("rigs/cts_jointsinln_zup_cm.dae");
    return AssimpFormat().readFrom(test::readBytes(path), path);
}

std::string nameOf(const Skeleton& s, int b) { return b >= 0 ? s.bones[size_t(b)].name : "(none)"; }

TEST(ZupCentimetreRig, HumanoidFoundOnTheConformanceBoy)
{
    const Scene scene = readBoy();
    const Skeleton& s = scene.skeleton;
    std::string why;
    const auto h = findHumanoid(s, &why);
    ASSERT_TRUE(h) << why;
    EXPECT_EQ(nameOf(s, h->hips), "root");
    EXPECT_EQ(nameOf(s, h->legs[0].upper), "l_hip");
    EXPECT_EQ(nameOf(s, h->legs[0].lower), "l_knee");
    EXPECT_EQ(nameOf(s, h->legs[0].end), "l_ankle");
    EXPECT_EQ(nameOf(s, h->legs[0].tip), "l_null_toe");
    EXPECT_EQ(nameOf(s, h->legs[1].upper), "r_hip");
    EXPECT_EQ(nameOf(s, h->arms[0].upper), "l_humerus");
    EXPECT_EQ(nameOf(s, h->arms[0].lower), "l_ulna");
    EXPECT_EQ(nameOf(s, h->arms[0].end), "l_wrist");
    EXPECT_EQ(nameOf(s, h->arms[1].end), "r_wrist");
    EXPECT_EQ(nameOf(s, h->head), "null_head");
}

TEST(ZupCentimetreRig, RestInYUpMetresWithTheTumbledGroupAndScaledRoot)
{
    const Scene scene = readBoy();
    const Skeleton& s = scene.skeleton;
    const std::vector<glm::dvec3> p = restPositions(s);
    struct Expected {
        const char* joint;
        glm::dvec3 at;
    };
    // metres, Y up: the file's centimetres times 0.01, its Z up turned onto Y (x, z, -y)
    const Expected expected[] = {
        {"root", {0.00662, -0.02789, 0.04818}},      {"neck", {0.00261, 0.21125, -0.52977}},
        {"null_head", {-0.08988, 0.46784, -0.87419}}, {"l_ankle", {0.12153, -0.13370, 0.75790}},
        {"r_ankle", {-0.17903, -0.39353, 0.69312}},   {"l_wrist", {0.52433, 0.61606, -0.21582}},
        {"r_wrist", {-0.59397, -0.21122, -0.54730}},
    };
    for (const Expected& e : expected) {
        const int b = s.find(e.joint);
        ASSERT_GE(b, 0) << e.joint;
        EXPECT_NEAR(p[size_t(b)].x, e.at.x, 1e-4) << e.joint;
        EXPECT_NEAR(p[size_t(b)].y, e.at.y, 1e-4) << e.joint;
        EXPECT_NEAR(p[size_t(b)].z, e.at.z, 1e-4) << e.joint;
    }
}

TEST(ZupCentimetreRig, RestFrameInMetres)
{
    const Scene scene = readBoy();
    const auto h = findHumanoid(scene.skeleton);
    ASSERT_TRUE(h);
    const RigFrame f = restFrame(scene.skeleton, h);
    // The body's hips -> chest lies 27 degrees from the world's -Z (the tumbled group node): turned
    // onto that axis, as every rig's leaning spine is.
    EXPECT_NEAR(f.up.x, 0.0, 1e-12);
    EXPECT_NEAR(f.up.y, 0.0, 1e-12);
    EXPECT_NEAR(f.up.z, -1.0, 1e-12);
    // The hips 0.71 m above the lower ankle: metres (centimetres unconverted would give 71, the root's
    // scale left out 0.0375).
    EXPECT_NEAR(f.legLength, 0.7097, 1e-3);
}

} // namespace
} // namespace bonescope
