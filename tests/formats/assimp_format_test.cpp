// The Assimp format: a scene written to .glb (skeleton, skinned mesh, animation at uneven key times)
// and read back plays the same pose; the demo character opens as a document; single-sided
// materials and mirroring nodes.
#include <gtest/gtest.h>

#include <assimp/material.h>
#include <assimp/scene.h>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/registry.h"
#include "tests/formats/convert_pose_compare.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

// Three bones in a chain with rest rotations, a skinned quad, keys at uneven times.
Scene arm()
{
    Scene s;
    s.format = "assimp";
    s.skeleton.bones.push_back(Bone{.name = "root", .restTranslation = {0, 1, 0}});
    Bone upper{.name = "upper", .parent = 0, .restTranslation = {0, 0.5, 0}};
    upper.restRotation = glm::angleAxis(glm::radians(20.0), glm::dvec3(0, 0, 1));
    s.skeleton.bones.push_back(upper);
    s.skeleton.bones.push_back(Bone{.name = "lower", .parent = 1, .restTranslation = {0, 0.4, 0}});

    Mesh& m = s.mesh;
    m.positions = {{-0.1f, 1.f, 0}, {0.1f, 1.f, 0}, {0.1f, 2.f, 0}, {-0.1f, 2.f, 0}};
    m.normals.assign(4, glm::vec3(0, 0, 1));
    m.indices = {0, 1, 2, 0, 2, 3};
    m.joints = {{0, 0, 0, 0}, {0, 0, 0, 0}, {2, 1, 0, 0}, {2, 1, 0, 0}};
    m.weights = {{1, 0, 0, 0}, {1, 0, 0, 0}, {0.75f, 0.25f, 0, 0}, {0.75f, 0.25f, 0, 0}};
    const auto world = s.skeleton.restWorld();
    for (const glm::dmat4& w : world)
        m.inverseBind.push_back(glm::inverse(glm::mat4(w)));

    Animation a;
    a.name = "wave";
    a.fps = 30;
    a.duration = 1.0;
    Track root;
    root.name = "root";
    root.translation.keys = {{0.0, {0, 1, 0}}, {0.37, {0.2, 1.1, 0}}, {1.0, {0.5, 1, -0.3}}};
    Track lower;
    lower.name = "lower";
    lower.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)},
                           {0.41, glm::angleAxis(glm::radians(70.0), glm::normalize(glm::dvec3(1, 0, 1)))},
                           {1.0, glm::angleAxis(glm::radians(-30.0), glm::dvec3(0, 1, 0))}};
    lower.scale.keys = {{0.0, {1, 1, 1}}, {1.0, {1, 2, 1}}};
    a.tracks = {root, lower};
    s.animations.push_back(std::move(a));
    return s;
}

} // namespace

TEST(AssimpFormat, DetectsByContent)
{
    const AssimpFormat f;
    const std::string glb = "glTF\x02\x00\x00\x00", fbx = "Kaydara FBX Binary  \x00",
                      dae = "<?xml version=\"1.0\"?>\n<COLLADA xmlns=", gltf = " {\"asset\": {\"version\": \"2.0\"}}",
                      external = "{\"asset\":{},\"buffers\":[{\"uri\":\"a.bin\"}]}";
    auto bytes = [](const std::string& s) { return std::span(reinterpret_cast<const uint8_t*>(s.data()), s.size()); };
    EXPECT_TRUE(f.detect(bytes(glb)));
    EXPECT_TRUE(f.detect(bytes(fbx)));
    EXPECT_TRUE(f.detect(bytes(dae)));
    EXPECT_TRUE(f.detect(bytes(gltf)));
    EXPECT_TRUE(f.detect(bytes(external))); // buffers in other files: opened beside it (assimp_foreign_test)
    EXPECT_FALSE(f.detect(bytes(std::string("HIERARCHY\nROOT hip"))));
}

TEST(AssimpFormat, GlbWrittenAndReadBackPlaysTheSamePose)
{
    const Scene s = arm();
    const AssimpFormat f;
    const auto bytes = test::keepGlb("assimp-skinned-walk", f.write(s));
    ASSERT_GE(bytes.size(), 12u);
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
    const Scene back = f.read(bytes);
    ASSERT_EQ(back.animations.size(), 1u);
    EXPECT_EQ(back.animations[0].name, "wave");
    EXPECT_NEAR(back.animations[0].duration, 1.0, 1e-6);
    // Keys at their own times (glTF stores seconds; Assimp reads milliseconds at 1000 ticks/s).
    const int lower = back.animations[0].findTrack("lower");
    ASSERT_GE(lower, 0);
    ASSERT_EQ(back.animations[0].tracks[lower].rotation.size(), 3u);
    EXPECT_NEAR(back.animations[0].tracks[lower].rotation.keys.time(1), 0.41, 1e-6);

    for (const char* name : {"root", "upper", "lower"})
        EXPECT_GE(back.skeleton.find(name), 0) << name;
    ASSERT_TRUE(back.mesh.skinned());
    EXPECT_EQ(back.mesh.positions.size(), 4u);
    EXPECT_EQ(back.mesh.indices.size(), 6u);

    const test::PoseDifference d = test::comparePoses(s, back, {0.0, 0.2, 0.37, 0.41, 0.7, 1.0});
    EXPECT_EQ(d.bonesCompared, 3u);
    EXPECT_LE(d.maxDegrees, 1e-3) << d.worstBone << " at " << d.worstTime;
    EXPECT_LE(d.maxPosition, 1e-5) << d.worstBone << " at " << d.worstTime;
}

TEST(AssimpFormat, DemoCharacterOpensAsADocument)
{
    const std::string path = std::string(BONESCOPE_FIXTURES) + "/../../resources/demo/demo_character.glb";
    const auto bytes = test::readBytes(path);
    const Format* f = Registry::instance().detect(bytes, path);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->id(), "gltf"); // Bonescope's own reader; Assimp's reads it when asked by id
    const Scene s = f->read(bytes);
    const Scene viaAssimp = Registry::instance().byId("assimp")->read(bytes);
    EXPECT_EQ(viaAssimp.mesh.indices.size(), s.mesh.indices.size());
    // The file's 20 joints (tools/demo: root .. toe_r) are all bones; its mesh is skinned to them.
    for (const char* name : {"root", "pelvis", "head", "hand_l", "toe_r"})
        EXPECT_GE(s.skeleton.find(name), 0) << name;
    ASSERT_TRUE(s.mesh.skinned());
    EXPECT_GT(s.mesh.positions.size(), 0u);
    EXPECT_LE(s.mesh.positions.size(), 2011u); // joined identical vertices never add any
    EXPECT_TRUE(s.animations.empty());
}

// Culling follows the file: glTF materials are single-sided unless they say doubleSided.
TEST(AssimpFormat, SingleSidedTrianglesComeFirstAndRoundTrip)
{
    const AssimpFormat f;
    Scene s = arm();
    ASSERT_EQ(s.mesh.singleSidedIndices, 0u); // built in code: nothing is known, both sides drawn
    EXPECT_EQ(f.read(test::keepGlb("assimp-single-sided-none", f.write(s))).mesh.singleSidedIndices, 0u);
    s.mesh.singleSidedIndices = uint32_t(s.mesh.indices.size());
    EXPECT_EQ(f.read(test::keepGlb("assimp-single-sided-all", f.write(s))).mesh.singleSidedIndices, s.mesh.indices.size());

    // The demo character's material has no doubleSided: all of it is single-sided.
    const std::string path = std::string(BONESCOPE_FIXTURES) + "/../../resources/demo/demo_character.glb";
    const Scene demo = f.read(test::readBytes(path));
    ASSERT_GT(demo.mesh.indices.size(), 0u);
    EXPECT_EQ(demo.mesh.singleSidedIndices, demo.mesh.indices.size());
}

// A node that mirrors its mesh would turn front faces into back faces: the import swaps corners.
TEST(AssimpFormat, MirroringNodeKeepsFrontFacesFront)
{
    aiScene ai;
    ai.mNumMaterials = 1;
    ai.mMaterials = new aiMaterial*[1]{new aiMaterial()};
    const int twoSided = 0;
    ai.mMaterials[0]->AddProperty(&twoSided, 1, AI_MATKEY_TWOSIDED);
    auto* m = new aiMesh();
    m->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    m->mNumVertices = 3;
    m->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}; // counter-clockwise, facing +z
    m->mNumFaces = 1;
    m->mFaces = new aiFace[1];
    m->mFaces[0].mNumIndices = 3;
    m->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
    ai.mNumMeshes = 1;
    ai.mMeshes = new aiMesh*[1]{m};
    ai.mRootNode = new aiNode("root");
    ai.mRootNode->mTransformation = aiMatrix4x4(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1); // mirror x
    ai.mRootNode->mNumMeshes = 1;
    ai.mRootNode->mMeshes = new unsigned[1]{0};

    const Mesh mesh = sceneFromAssimp(ai).mesh;
    ASSERT_EQ(mesh.indices.size(), 3u);
    EXPECT_EQ(mesh.singleSidedIndices, 3u);
    const glm::vec3 a = mesh.positions[mesh.indices[0]], b = mesh.positions[mesh.indices[1]],
                    c = mesh.positions[mesh.indices[2]];
    EXPECT_GT(glm::cross(b - a, c - a).z, 0.f); // mirrored in x, the face still faces +z
}
