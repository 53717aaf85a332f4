// COLLADA curves played as the file gives them (formats/assimp/collada_curves.h), not as the straight
// lines Assimp 5.2 draws between keys: the curve arithmetic on numbers worked out by hand, and a real
// Maya 8 character (ozz-animation's seymour.dae, FCollada) read through the import helper.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <glm/gtc/quaternion.hpp>

#include "core/playback/sampler.h"
#include "formats/assimp/assimp_format.h"
#include "formats/assimp/collada_curves.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

// seymour.dae's l_hip rotateY.ANGLE between its keys at 7.5 s (0 degrees) and 8.75 s (56 degrees):
// BEZIER, out tangent (7.91667, 0), in tangent (8.33333, 56).
ColladaSampler hipCurve()
{
    ColladaSampler s;
    s.times = {7.5, 8.75};
    s.values = {0.0, 56.0};
    s.kinds = {ColladaSampler::Kind::Bezier, ColladaSampler::Kind::Bezier};
    s.outTangents = {7.5 + 1.25 / 3, 0.0, 8.75 + 1.25 / 3, 56.0};
    s.inTangents = {7.5 - 1.25 / 3, 0.0, 7.5 + 2 * 1.25 / 3, 56.0};
    return s;
}

double at(const ColladaSampler& s, double t)
{
    double v = 0;
    s.valuesAt(t, &v);
    return v;
}

} // namespace

TEST(ColladaCurves, BezierFollowsItsControlPoints)
{
    const ColladaSampler s = hipCurve();
    ASSERT_TRUE(s.curvedAfter(0));
    // Control times a third and two thirds of the way: the curve's time is linear in its parameter, so
    // at 8.3333 s (s = 2/3) the value is 56 * (3 * 1/3 * 4/9 + 8/27) = 56 * 20/27 = 41.48 degrees,
    // where a straight line gives 37.33.
    EXPECT_NEAR(at(s, 7.5 + 1.25 * 2 / 3), 56.0 * 20 / 27, 1e-9);
    EXPECT_NEAR(at(s, 7.5 + 1.25 / 3), 56.0 * 7 / 27, 1e-9);
    EXPECT_DOUBLE_EQ(at(s, 7.5), 0.0);
    EXPECT_DOUBLE_EQ(at(s, 8.75), 56.0);
    EXPECT_DOUBLE_EQ(at(s, 3.0), 0.0);   // held before the first key
    EXPECT_DOUBLE_EQ(at(s, 20.0), 56.0); // and after the last
}

TEST(ColladaCurves, HermiteWithFlatTangentsEasesInAndOut)
{
    ColladaSampler s;
    s.times = {0.0, 2.0};
    s.values = {0.0, 1.0};
    s.kinds = {ColladaSampler::Kind::Hermite, ColladaSampler::Kind::Hermite};
    s.inTangents = {0.0, 0.0};
    s.outTangents = {0.0, 0.0};
    ASSERT_TRUE(s.curvedAfter(0));
    EXPECT_NEAR(at(s, 0.5), 3 * 0.0625 - 2 * 0.015625, 1e-12); // 3u^2 - 2u^3 at u = 1/4
    EXPECT_NEAR(at(s, 1.0), 0.5, 1e-12);
}

TEST(ColladaCurves, BezierTangentsWithoutTimesAreLeftStraight)
{
    ColladaSampler s = hipCurve();
    s.inTangents = {0.0, 56.0}; // one value per key: what it means is not settled between writers
    s.outTangents = {0.0, 56.0};
    EXPECT_FALSE(s.curvedAfter(0));
    EXPECT_NEAR(at(s, 7.5 + 1.25 * 2 / 3), 56.0 * 2 / 3, 1e-9);
}

TEST(ColladaCurves, LinearAndStepSegmentsAreNotCurves)
{
    ColladaSampler s = hipCurve();
    s.kinds = {ColladaSampler::Kind::Step, ColladaSampler::Kind::Linear};
    EXPECT_FALSE(s.curvedAfter(0));
    EXPECT_DOUBLE_EQ(at(s, 8.5), 0.0);
}

TEST(ColladaCurves, DocumentWithoutCurvesGivesNothing)
{
    // library_animation_clips.dae keys are LINEAR: Assimp's reading stands.
    EXPECT_FALSE(readColladaCurves(test::readBytes(test::fixturePath("assimp/library_animation_clips.dae"))).has_value());
    const std::string notXml = "<COLLADA><node id=";
    EXPECT_FALSE(readColladaCurves({reinterpret_cast<const uint8_t*>(notXml.data()), notXml.size()}).has_value());
}

TEST(ColladaCurves, SeymoursHipEasesAsTheFileSays)
{
    const std::string path = test::fixturePath("assimp/seymour.dae");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    const std::optional<ColladaCurves> curves = readColladaCurves(bytes);
    ASSERT_TRUE(curves.has_value());
    ASSERT_TRUE(curves->nodes.count("l_hip"));

    const Scene s = AssimpFormat().readFrom(bytes, path);
    ASSERT_FALSE(s.animations.empty());
    const int hip = s.skeleton.find("l_hip");
    ASSERT_GE(hip, 0);
    Sampler sampler(s.animations[0], s.skeleton);
    std::vector<LocalTransform> local;
    // The hip's local rotation as played, against the one the file's elements give at the same time
    // (its channels' curves, composed in order), between the keys where the curve and a straight line
    // differ most.
    for (const double t : {7.5, 7.9, 8.3333, 8.6, 8.75}) {
        sampler.sampleLocal(t, local);
        const glm::dmat4 file = curves->localAt(curves->nodes.at("l_hip"), t);
        const glm::dquat want = glm::quat_cast(glm::dmat3(file));
        const double angle = glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(want, local[size_t(hip)].rotation)))));
        EXPECT_LT(angle, 0.05) << "at " << t << " s";
    }
    // Only rotateY moves the hip (between jointOrient and rotateAxis elements, which keep the angle of a
    // turn): from its 7.5 s pose it has turned 41.48 degrees at 8.3333 s, not the straight line's 37.33.
    sampler.sampleLocal(7.5, local);
    const glm::dquat before = local[size_t(hip)].rotation;
    sampler.sampleLocal(7.5 + 1.25 * 2 / 3, local);
    const glm::dquat after = local[size_t(hip)].rotation;
    const double turned = glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(before, after)))));
    EXPECT_NEAR(turned, 56.0 * 20 / 27, 0.05);
}
