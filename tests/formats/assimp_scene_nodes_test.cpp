// Scene nodes that are not joints, read through Assimp: a real Blender FBX's camera, light,
// armature object and mesh holder are marked as what they are (core/model/skeleton.h, BoneKind), its
// bones stay bones, the up axis its GlobalSettings state is kept, and all of it crosses the import
// helper's wire form. The demo character's glTF container and mesh holder are empties too.
#include <map>

#include <gtest/gtest.h>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

std::map<std::string, BoneKind> kinds(const Scene& s)
{
    std::map<std::string, BoneKind> out;
    for (const Bone& b : s.skeleton.bones)
        out[b.name] = b.kind;
    return out;
}

} // namespace

TEST(AssimpSceneNodes, FbxCameraLightAndEmptiesAreMarked)
{
    const std::string path = test::fixturePath("scene_nodes/animation_with_skeleton.fbx");
    const std::vector<uint8_t> bytes = test::readBytes(path);
    const Scene s = readWithAssimp(bytes, "fbx", "", true);
    const auto k = kinds(s);
    ASSERT_EQ(k.count("Camera"), 1u);
    EXPECT_EQ(k.at("Camera"), BoneKind::Camera);
    EXPECT_EQ(k.at("Light"), BoneKind::Light);
    EXPECT_EQ(k.at("Armature"), BoneKind::Empty); // Blender's armature object, above the bones
    EXPECT_EQ(k.at("Cube"), BoneKind::Empty);     // the mesh's holder
    EXPECT_EQ(k.at("Bone"), BoneKind::Bone);
    EXPECT_EQ(k.at("Bone.013"), BoneKind::Bone);
    EXPECT_EQ(k.at("Bone.006_end"), BoneKind::Bone); // an end bone that skins nothing
    size_t bones = 0;
    for (const auto& [name, kind] : k)
        bones += kind == BoneKind::Bone;
    EXPECT_EQ(bones, 16u); // the file's 16 LimbNodes, nothing else
    ASSERT_TRUE(s.statedUp.has_value());
    EXPECT_EQ(*s.statedUp, UpAxis::Y); // GlobalSettings UpAxis 1

    // The same through the helper process (the wire form carries kinds and the up axis).
    const Scene viaHelper = AssimpFormat().readFrom(bytes, path);
    EXPECT_EQ(kinds(viaHelper), k);
    ASSERT_TRUE(viaHelper.statedUp.has_value());
    EXPECT_EQ(*viaHelper.statedUp, UpAxis::Y);
}

TEST(AssimpSceneNodes, GltfContainerAndMeshHolderAreEmpties)
{
    const std::vector<uint8_t> bytes = test::readBytes(BONESCOPE_SOURCE_DIR "/resources/demo/demo_character.glb");
    const Scene s = readWithAssimp(bytes, "glb", "", false);
    const auto k = kinds(s);
    EXPECT_EQ(k.at("character"), BoneKind::Empty); // holds the mesh
    EXPECT_EQ(k.at("root"), BoneKind::Bone);       // the skin's first joint
    EXPECT_EQ(k.at("toe_r"), BoneKind::Bone);
    EXPECT_EQ(s.skeleton.bones[0].kind, BoneKind::Empty); // Assimp's node above the glTF scene's roots
    size_t bones = 0;
    for (const Bone& b : s.skeleton.bones)
        bones += b.kind == BoneKind::Bone;
    EXPECT_EQ(bones, 20u); // the skin's 20 joints
    ASSERT_TRUE(s.statedUp.has_value());
    EXPECT_EQ(*s.statedUp, UpAxis::Y);
}
