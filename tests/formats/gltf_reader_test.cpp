// Bonescope's own glTF reader (formats/gltf) on real files and on a small file made for the
// features no real sample here has together: known values of cubic splines (the Hermite value the
// file's numbers give, not the linear one), nodes that share a name keeping their own keys, scenes
// left out, KHR_animation_pointer, quantised rotations, sparse accessors, and refusals that name
// what is wrong.
#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "formats/gltf/gltf_extra.h"
#include "formats/gltf/gltf_format.h"
#include "formats/gltf/gltf_meshopt.h"
#include "formats/registry.h"
#include "tests/support/error_of.h"
#include "tests/support/glm_expect.h"
#include "tests/support/test_support.h"

using namespace bonescope;
using test::degreesBetween;
using test::expectNear;

namespace {

Scene readFixture(const std::string& relative)
{
    const std::string path = test::fixturePath(relative);
    return GltfFormat().readFrom(test::readBytes(path), path);
}

std::vector<LocalTransform> localsAt(const Scene& s, double t)
{
    Sampler sampler(s.animations.at(0), s.skeleton);
    std::vector<LocalTransform> out;
    sampler.sampleLocal(t, out);
    return out;
}

std::span<const uint8_t> bytesOf(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

} // namespace

TEST(GltfReader, WinsDetectionForGltfAndGlb)
{
    for (const char* f : {"gltf/features.gltf", "rigs/RobotExpressive.glb"}) {
        const std::vector<uint8_t> bytes = test::readBytes(test::fixturePath(f));
        const Format* format = Registry::instance().detect(bytes, f);
        ASSERT_NE(format, nullptr) << f;
        EXPECT_EQ(format->id(), "gltf") << f;
    }
    EXPECT_EQ(Registry::instance().byExtension("walk.glb")->id(), "gltf");
}

TEST(GltfReader, CubicSplineTranslationIsTheHermiteCurveOfTheFilesNumbers)
{
    const Scene s = readFixture("gltf/features.gltf");
    const Track& root = s.animations[0].tracks[size_t(s.animations[0].findTrack("root"))];
    ASSERT_EQ(root.translation.rules.interpolation, Interpolation::CubicSpline);
    ASSERT_EQ(root.translation.tangents.size(), 3u);
    // Keys as the file has them: values, and tangents per second (key 1: in (0,3,0), out (0,-1,2)).
    expectNear(root.translation.keys.value(1), {1, 1, 0}, 0);
    expectNear(root.translation.tangents[1].in, {0, 3, 0}, 0);
    expectNear(root.translation.tangents[1].out, {0, -1, 2}, 0);
    // Worked out on paper from the glTF formula: at 0.5 s (segment 0..1) 0.875, 0.125, 0 where a
    // linear blend gives 0.5, 0.5, 0; at 2 s (segment 1..3, tangents scaled by its 2 s) 1.25, 0, 0.75.
    expectNear(localsAt(s, 0.5)[0].translation, {0.875, 0.125, 0}, 1e-6);
    expectNear(localsAt(s, 2.0)[0].translation, {1.25, 0, 0.75}, 1e-6);
    expectNear(localsAt(s, 3.0)[0].translation, {2, 0, 1}, 0); // on a key: the key
    expectNear(localsAt(s, 9.0)[0].translation, {2, 0, 1}, 0); // after the last: held
}

TEST(GltfReader, CubicSplineRotationIsNormalisedAfterTheCurve)
{
    const Scene s = readFixture("gltf/features.gltf");
    // Halfway between identity and 90 degrees about Z, with the tangents the file gives: the curve
    // (0, 0, 0.3536, 0.8536) normalised is 45 degrees about Z.
    const glm::dquat want = glm::angleAxis(glm::radians(45.0), glm::dvec3(0, 0, 1));
    EXPECT_LT(degreesBetween(localsAt(s, 1.0)[0].rotation, want), 1e-4);
    // The float sampler the viewport uses agrees.
    Sampler sampler(s.animations[0], s.skeleton);
    Pose pose;
    sampler.sample(1.0, pose);
    EXPECT_LT(degreesBetween(glm::dquat(pose.local[0].rotation), want), 1e-3);
    expectNear(glm::dvec3(pose.local[0].translation), {1, 1, 0}, 1e-6);
}

TEST(GltfReader, NodesSharingANameKeepTheirOwnKeys)
{
    const Scene s = readFixture("gltf/features.gltf");
    ASSERT_EQ(s.skeleton.bones[1].name, "twin");
    ASSERT_EQ(s.skeleton.bones[2].name, "twin");
    // Only the second "twin" (node 2) is animated: a STEP scale and a rotation.
    for (double t : {0.0, 1.0, 2.0}) {
        const auto l = localsAt(s, t);
        expectNear(l[1].scale, {1, 1, 1}, 0);
        expectNear(l[1].translation, {1, 0, 0}, 0);
        expectNear(l[2].translation, {-1, 0, 0}, 0);
    }
    expectNear(localsAt(s, 1.9)[2].scale, {1, 1, 1}, 0); // STEP holds until the next key
    expectNear(localsAt(s, 2.0)[2].scale, {2, 2, 2}, 0);
}

TEST(GltfReader, QuantisedRotationsAndAnimationPointer)
{
    const Scene s = readFixture("gltf/features.gltf");
    // Normalised shorts: 23170 / 32767 = 0.70711, 90 degrees about X at 2 s.
    const glm::dquat x90 = glm::angleAxis(glm::radians(90.0), glm::dvec3(1, 0, 0));
    EXPECT_LT(degreesBetween(localsAt(s, 2.0)[2].rotation, x90), 1e-2);
    // KHR_animation_pointer "/nodes/3/translation": linear from 0 to (0, 5, 0) over 2 s.
    expectNear(localsAt(s, 1.0)[3].translation, {0, 2.5, 0}, 1e-12);
}

TEST(GltfReader, NoSceneMeansEveryRootNode)
{
    const Scene s = readFixture("gltf/features.gltf");
    ASSERT_EQ(s.skeleton.size(), 4u);
    EXPECT_EQ(s.skeleton.bones[0].parent, -1);
    EXPECT_EQ(s.skeleton.bones[3].parent, -1);
    EXPECT_EQ(s.skeleton.bones[1].parent, 0);
    EXPECT_EQ(s.animations[0].name, "features");
    EXPECT_DOUBLE_EQ(s.animations[0].duration, 3.0);
}

TEST(GltfReader, SparseAccessorReplacesItsElements)
{
    // Khronos SimpleSparseAccessor: 14 vertices, of which 8, 10 and 12 are moved up by sparse values.
    const Scene s = readFixture("gltf/SimpleSparseAccessor.gltf");
    ASSERT_EQ(s.mesh.positions.size(), 14u);
    EXPECT_EQ(s.mesh.indices.size(), 36u);
    EXPECT_EQ(s.mesh.positions[8], glm::vec3(1, 2, 0));
    EXPECT_EQ(s.mesh.positions[10], glm::vec3(3, 3, 0));
    EXPECT_EQ(s.mesh.positions[12], glm::vec3(5, 4, 0));
    EXPECT_EQ(s.mesh.positions[9], glm::vec3(2, 1, 0)); // not in the sparse list
}

TEST(GltfReader, RobotExpressiveEveryNodeSkinsAndRigidMeshes)
{
    const Scene s = readFixture("rigs/RobotExpressive.glb");
    EXPECT_EQ(s.skeleton.size(), 84u); // every node, in the file's order
    EXPECT_EQ(s.animations.size(), 14u);
    EXPECT_EQ(s.animations[0].name, "Dance");
    for (const Track& t : s.animations[0].tracks) {
        ASSERT_GE(t.bone, 0);
        EXPECT_EQ(s.skeleton.bones[size_t(t.bone)].name, t.name);
    }
    // Four skins and meshes on nodes without one: every vertex bound to some node.
    ASSERT_FALSE(s.mesh.empty());
    ASSERT_TRUE(s.mesh.skinned());
    EXPECT_EQ(s.mesh.inverseBind.size(), s.skeleton.size());
    // Each animated node binds to its own track.
    const Binding b = Binding::bind(s.animations[0], s.skeleton);
    for (size_t t = 0; t < s.animations[0].tracks.size(); ++t)
        EXPECT_EQ(b.trackOfBone[size_t(s.animations[0].tracks[t].bone)], int(t));
    EXPECT_TRUE(b.unmatchedTracks.empty());
}

TEST(GltfReader, UneditedFileIsWrittenBackByteForByte)
{
    for (const char* f : {"rigs/RobotExpressive.glb", "rigs/CesiumMan.glb"}) {
        const std::vector<uint8_t> bytes = test::readBytes(test::fixturePath(f));
        const Scene s = readFixture(f);
        EXPECT_EQ(GltfFormat().write(s), bytes) << f;
    }
    // Bonescope writes .glb only: a .gltf (JSON) is written as a .glb of the same scene, never as its
    // own JSON text under a .glb name.
    for (const char* f : {"gltf/features.gltf", "gltf/SimpleSparseAccessor.gltf"}) {
        const Scene s = readFixture(f);
        const std::vector<uint8_t> glb = GltfFormat().write(s);
        ASSERT_GE(glb.size(), 12u) << f;
        EXPECT_EQ(std::string(glb.begin(), glb.begin() + 4), "glTF") << f;
        const Scene back = GltfFormat().read(glb);
        ASSERT_EQ(back.skeleton.size(), s.skeleton.size()) << f;
        for (size_t b = 0; b < s.skeleton.size(); ++b)
            EXPECT_LT(glm::length(back.skeleton.bones[b].restTranslation - s.skeleton.bones[b].restTranslation), 1e-6) << f;
        EXPECT_EQ(back.animations.size(), s.animations.size()) << f;
    }
}

TEST(GltfReader, RefusalsNameWhatIsWrong)
{
    const std::string base = R"({"asset":{"version":"2.0"},)";
    auto error = [&](const std::string& rest) { return test::errorOf([&] { GltfFormat().read(bytesOf(base + rest)); }); };
    EXPECT_NE(error(R"("nodes":[{"children":[0]}]})").find("node 0 has a child"), std::string::npos);
    EXPECT_NE(error(R"("nodes":[{"children":[1]},{"children":[0]}]})").find("loops"), std::string::npos);
    EXPECT_NE(error(R"("buffers":[{"byteLength":4,"uri":"/etc/passwd"}]})").find("absolute paths are not followed"),
              std::string::npos);
    EXPECT_NE(error(R"("buffers":[{"byteLength":4,"uri":"..%2Fsecret.bin"}]})").find("'..' is not followed"), std::string::npos);
    EXPECT_NE(error(R"("buffers":[{"byteLength":8,"uri":"data:application/octet-stream;base64,AAAA"}],
        "bufferViews":[{"buffer":0,"byteLength":8}]})")
                  .find("should hold 8 bytes but has 3"),
              std::string::npos);
    // An accessor whose count asks for more than its view holds is refused before anything is made.
    EXPECT_NE(error(R"("buffers":[{"byteLength":3,"uri":"data:application/octet-stream;base64,AAAA"}],
        "bufferViews":[{"buffer":0,"byteLength":3}],
        "accessors":[{"bufferView":0,"componentType":5126,"count":1000000000,"type":"VEC3"}],
        "meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}]})")
                  .find("accessor 0"),
              std::string::npos);
    EXPECT_NE(error(R"("nodes":[}")").find("malformed JSON"), std::string::npos);
}

TEST(GltfReader, UnknownExtensionsAndExtrasDoNotStopIt)
{
    const std::string doc = R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_texture_transform","EXT_whatever"],
        "extensionsRequired":["EXT_whatever"],"nodes":[{"name":"a","extras":{"x":1},"extensions":{"EXT_whatever":{}}}]})";
    const Scene s = GltfFormat().read(bytesOf(doc));
    ASSERT_EQ(s.skeleton.size(), 1u);
    const auto* x = s.extra.as<gltf::GltfExtra>();
    ASSERT_NE(x, nullptr);
    ASSERT_EQ(x->warnings.size(), 1u);
    EXPECT_NE(x->warnings[0].find("EXT_whatever"), std::string::npos);
}

TEST(GltfReader, NodesThatAreNotJointsAreEmpties)
{
    // The demo character: a container and a mesh holder above a 20-joint skin. They are empties
    // (drawn as markers and left out of Frame all), not a bone from the origin to the feet.
    const std::string path = BONESCOPE_SOURCE_DIR "/resources/demo/demo_character.glb";
    const Scene s = GltfFormat().readFrom(test::readBytes(path), path);
    size_t bones = 0, empties = 0;
    for (const Bone& b : s.skeleton.bones) {
        bones += b.kind == BoneKind::Bone;
        empties += b.kind == BoneKind::Empty;
    }
    EXPECT_EQ(bones, 20u); // the skin's joints
    EXPECT_EQ(s.skeleton.bones[size_t(s.skeleton.find("character"))].kind, BoneKind::Empty);
    EXPECT_EQ(s.skeleton.bones[size_t(s.skeleton.find("root"))].kind, BoneKind::Bone);
    EXPECT_EQ(s.skeleton.bones[size_t(s.skeleton.find("toe_r"))].kind, BoneKind::Bone);
    EXPECT_EQ(bones + empties, s.skeleton.size());

    // RobotExpressive: its skins' joints are bones, the nodes holding its rigid meshes are not.
    const Scene robot = readFixture("rigs/RobotExpressive.glb");
    EXPECT_EQ(robot.skeleton.bones[size_t(robot.skeleton.find("Head"))].kind, BoneKind::Bone);
    EXPECT_EQ(robot.skeleton.bones[size_t(robot.skeleton.find("RobotArmature"))].kind, BoneKind::Empty);
}

TEST(GltfReader, PlaceholderBuffersOpenAndWhatNeedsThemIsLeftOut)
{
    // The validator's valid file: a second buffer without a uri (a placeholder no view reads).
    const Scene placeholder = readFixture("gltf/valid_placeholder.glb");
    EXPECT_TRUE(placeholder.skeleton.empty());
    // gltfpack's EXT_meshopt_compression box: its views read the uncompressed stand-in buffer, which has
    // no bytes. The file opens; the mesh is left out with a note that says why and what to do.
    // (A build with meshoptimizer decodes it instead: gltf_meshopt_test.cpp.)
    if (gltf::meshoptDecodes())
        return;
    const std::string path = test::fixturePath("gltf/BoxMeshopt.glb");
    const Scene box = GltfFormat().readFrom(test::readBytes(path), path);
    EXPECT_EQ(box.skeleton.size(), 1u);
    EXPECT_TRUE(box.mesh.positions.empty());
    const auto* x = box.extra.as<gltf::GltfExtra>();
    ASSERT_NE(x, nullptr);
    bool said = false;
    for (const std::string& w : x->warnings)
        said = said || (w.find("mesh 0 primitive 0 is left out") != std::string::npos &&
                        w.find("EXT_meshopt_compression") != std::string::npos && w.find("re-export") != std::string::npos);
    EXPECT_TRUE(said);
}
