#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "core/math/axis_conversion.h"
#include "core/playback/sampler.h"
#include "tests/support/glm_expect.h"

namespace bonescope {
namespace {

glm::dquat axisAngle(double degrees, glm::dvec3 axis) { return glm::angleAxis(glm::radians(degrees), glm::normalize(axis)); }

// Three bones with rest rotations and scales, and an animation moving all of them.
Skeleton chain()
{
    Skeleton s;
    s.bones.resize(3);
    s.bones[0] = {"hips", -1, {0.1, 1.0, -0.2}, axisAngle(30, {0, 1, 0}), {1, 1, 1}};
    s.bones[1] = {"spine", 0, {0, 0.3, 0.05}, axisAngle(-20, {1, 0.5, 0}), {1, 2, 1}};
    s.bones[2] = {"head", 1, {0.02, 0.4, 0}, axisAngle(10, {0, 0, 1}), {1, 1, 1}};
    return s;
}

Animation moves()
{
    Animation a;
    a.duration = 1;
    Track hips;
    hips.name = "hips";
    hips.translation.keys = {{0, {0.1, 1.0, -0.2}}, {1, {0.5, 0.9, 0.3}}};
    hips.rotation.keys = {{0, axisAngle(30, {0, 1, 0})}, {1, axisAngle(80, {0.2, 1, 0.1})}};
    Track spine;
    spine.name = "spine";
    spine.rotation.keys = {{0, axisAngle(-20, {1, 0.5, 0})}, {1, axisAngle(40, {1, 0, 0.3})}};
    spine.scale.keys = {{0, {1, 2, 1}}, {1, {1.5, 2, 0.5}}};
    Track head;
    head.name = "head";
    head.rotation.keys = {{0, axisAngle(10, {0, 0, 1})}, {1, axisAngle(-35, {0.3, 1, 1})}};
    a.tracks = {hips, spine, head};
    return a;
}

using test::expectNear;

TEST(AxisConversion, YUpToZUpMovesPointsAsExpected)
{
    const AxisConversion c = AxisConversion::upAxis(UpAxis::Y, UpAxis::Z);
    expectNear(c.point({0, 1, 0}), {0, 0, 1}, 0);
    expectNear(c.point({0, 0, 1}), {0, -1, 0}, 0);
    expectNear(c.point({1, 0, 0}), {1, 0, 0}, 0);
    EXPECT_FALSE(c.isMirror());
    expectNear(AxisConversion::upAxis(UpAxis::Z, UpAxis::Y).point({0, 0, 1}), {0, 1, 0}, 0);
    // A rotation about Y (the up axis) becomes the same rotation about Z.
    const glm::dquat q = c.rotation(axisAngle(40, {0, 1, 0}));
    const glm::dquat want = axisAngle(40, {0, 0, 1});
    EXPECT_NEAR(std::abs(glm::dot(q, want)), 1.0, 1e-12);
}

TEST(AxisConversion, MirrorRuleAndTheLegoRule)
{
    const AxisConversion m = AxisConversion::mirror(0);
    EXPECT_TRUE(m.isMirror());
    const glm::dquat q = glm::normalize(glm::dquat(0.7, 0.1, -0.4, 0.3));
    const glm::dquat r = m.rotation(q);
    // Mirror X keeps x, negates y and z (up to the sign of the whole quaternion).
    const double s = r.w * q.w > 0 ? 1 : -1;
    EXPECT_NEAR(s * r.w, q.w, 1e-12);
    EXPECT_NEAR(s * r.x, q.x, 1e-12);
    EXPECT_NEAR(s * r.y, -q.y, 1e-12);
    EXPECT_NEAR(s * r.z, -q.z, 1e-12);
    // FORMATS.md's LEGO rule (w,-x,y,z) is the mirror of the row-vector (inverse) quaternion.
    const glm::dquat lego = m.rotation(glm::conjugate(q));
    const double t = lego.w * q.w > 0 ? 1 : -1;
    EXPECT_NEAR(t * lego.w, q.w, 1e-12);
    EXPECT_NEAR(t * lego.x, -q.x, 1e-12);
    EXPECT_NEAR(t * lego.y, q.y, 1e-12);
    EXPECT_NEAR(t * lego.z, q.z, 1e-12);
}

// Every world position of the converted skeleton + animation is the converted world position.
void checkWorldPositions(const AxisConversion& c)
{
    const Skeleton skel = chain();
    const Animation anim = moves();
    Skeleton skel2 = skel;
    Animation anim2 = anim;
    applyAxisConversion(c, skel2);
    applyAxisConversion(c, anim2);
    Sampler a(anim, skel), b(anim2, skel2);
    Pose pa, pb;
    for (double t : {0.0, 0.3, 0.75, 1.0}) {
        a.sample(t, pa);
        b.sample(t, pb);
        for (int i = 0; i < 3; ++i)
            expectNear(glm::dvec3(pb.world[i][3]), c.point(glm::dvec3(pa.world[i][3])), 1e-5 * c.scale); // float poses
    }
    // Rest pose too.
    const auto ra = skel.restWorld(), rb = skel2.restWorld();
    for (int i = 0; i < 3; ++i)
        expectNear(glm::dvec3(rb[i][3]), c.point(glm::dvec3(ra[i][3])), 1e-12);
}

TEST(AxisConversion, WorldPositionsTransformAsPoints)
{
    checkWorldPositions(AxisConversion::upAxis(UpAxis::Y, UpAxis::Z));
    checkWorldPositions(AxisConversion::upAxis(UpAxis::Z, UpAxis::Y));
    checkWorldPositions(AxisConversion::mirror(0));
    checkWorldPositions(AxisConversion::mirror(2));
    checkWorldPositions(AxisConversion::uniformScale(0.0254));
    checkWorldPositions(AxisConversion::mirror(0).after(AxisConversion::upAxis(UpAxis::Z, UpAxis::Y))
                            .after(AxisConversion::uniformScale(100)));
}

TEST(AxisConversion, ConvertingBackIsTheIdentity)
{
    const AxisConversion c = AxisConversion::mirror(0)
                                 .after(AxisConversion::upAxis(UpAxis::Y, UpAxis::Z))
                                 .after(AxisConversion::uniformScale(2.5));
    EXPECT_TRUE(c.inverse().after(c).isIdentity());
    Skeleton skel = chain();
    Animation anim = moves();
    applyAxisConversion(c, skel);
    applyAxisConversion(c, anim);
    applyAxisConversion(c.inverse(), skel);
    applyAxisConversion(c.inverse(), anim);
    const Skeleton s0 = chain();
    const Animation a0 = moves();
    for (size_t i = 0; i < 3; ++i) {
        expectNear(skel.bones[i].restTranslation, s0.bones[i].restTranslation, 1e-12);
        expectNear(skel.bones[i].restScale, s0.bones[i].restScale, 1e-12);
        EXPECT_NEAR(std::abs(glm::dot(skel.bones[i].restRotation, s0.bones[i].restRotation)), 1.0, 1e-12);
        const Track& t = anim.tracks[i];
        const Track& t0 = a0.tracks[i];
        for (size_t k = 0; k < t.translation.size(); ++k)
            expectNear(t.translation.keys.value(k), t0.translation.keys.value(k), 1e-12);
        for (size_t k = 0; k < t.scale.size(); ++k)
            expectNear(t.scale.keys.value(k), t0.scale.keys.value(k), 1e-12);
        for (size_t k = 0; k < t.rotation.size(); ++k)
            EXPECT_NEAR(std::abs(glm::dot(t.rotation.keys.value(k), t0.rotation.keys.value(k))), 1.0, 1e-12);
    }
}

TEST(AxisConversion, MeshFollowsAndMirrorKeepsWinding)
{
    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    mesh.indices = {0, 1, 2};
    mesh.inverseBind = {glm::mat4(1.f)};
    mesh.inverseBind[0][3] = glm::vec4(0, -1, 0, 1); // bone at (0,1,0)
    const AxisConversion c = AxisConversion::mirror(0).after(AxisConversion::uniformScale(2));
    applyAxisConversion(c, mesh);
    EXPECT_EQ(mesh.positions[1], glm::vec3(-2, 0, 0));
    EXPECT_EQ(mesh.normals[0], glm::vec3(0, 0, 1));
    EXPECT_EQ(mesh.indices, (std::vector<uint32_t>{0, 2, 1}));
    // The bone now sits at (0,2,0): its inverse bind takes (0,2,0) to the origin.
    const glm::vec4 p = mesh.inverseBind[0] * glm::vec4(0, 2, 0, 1);
    EXPECT_NEAR(glm::length(glm::vec3(p)), 0.f, 1e-6f);
}

} // namespace
} // namespace bonescope
