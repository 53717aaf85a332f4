// Valid COLLADA that Assimp 5.2 refuses, read anyway (formats/assimp/collada_quirks.h): a real Blender
// 2.6 export (Godot's exporter) whose number lists start with spaces, and Khronos' conformance file
// that holds an <asset> block only. Both through the import helper, as the window opens them.
#include <gtest/gtest.h>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/collada_quirks.h"
#include "tests/support/test_support.h"

using namespace bonescope;

TEST(ColladaQuirks, NumberListsStartingWithSpacesRead)
{
    const std::string path = test::fixturePath("assimp/library_animation_clips.dae");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    const auto trimmed = colladaNumbersTrimmed(bytes);
    ASSERT_TRUE(trimmed.has_value());
    EXPECT_LT(trimmed->size(), bytes.size());
    EXPECT_FALSE(colladaNumbersTrimmed(*trimmed).has_value()); // nothing left to take out

    const Scene s = AssimpFormat().readFrom(bytes, path);
    // Assimp names COLLADA nodes by their id: Bone.001 is "id-bone-4".
    const int b1 = s.skeleton.find("id-bone-4");
    ASSERT_GE(b1, 0);
    // <matrix> of Bone.001: identity rotation, translation (0, 2, 0) (row-major, last column).
    const Bone& bone = s.skeleton.bones[size_t(b1)];
    EXPECT_NEAR(bone.restTranslation.x, 0.0, 1e-6);
    EXPECT_NEAR(bone.restTranslation.y, 2.0, 1e-6);
    EXPECT_NEAR(bone.restTranslation.z, 0.0, 1e-6);
    ASSERT_GE(s.skeleton.find("id-bone-5"), 0);
    ASSERT_GE(s.skeleton.find("id-bone-7"), 0);
    EXPECT_EQ(s.skeleton.bones[size_t(s.skeleton.find("id-bone-5"))].parent, b1);
    EXPECT_EQ(s.skeleton.bones[size_t(s.skeleton.find("id-bone-7"))].parent, s.skeleton.find("id-bone-5"));
    EXPECT_FALSE(s.animations.empty());
    EXPECT_FALSE(s.mesh.positions.empty());
}

TEST(ColladaQuirks, AssetOnlyDocumentOpensEmpty)
{
    const std::string path = test::fixturePath("assimp/one_contributor.dae");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    EXPECT_TRUE(colladaHoldsNoScene(bytes));
    const Scene s = AssimpFormat().readFrom(bytes, path);
    EXPECT_TRUE(s.skeleton.empty());
    EXPECT_TRUE(s.mesh.positions.empty());
    EXPECT_TRUE(s.animations.empty());
    // A character is not taken for an empty document.
    EXPECT_FALSE(colladaHoldsNoScene(test::readBytes(test::fixturePath("assimp/seymour.dae"))));
}
