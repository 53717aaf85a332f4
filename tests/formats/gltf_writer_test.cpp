// Bonescope's own .glb writer (formats/gltf/gltf_write.h): what it writes reads back equal in every
// value (node names and TRS, key times, values, interpolation and tangents, skin joints and inverse
// bind matrices), on real files and on cubic splines; names made unique with a report; every
// written .glb kept for the Khronos validator (tests/gltf_validator/run.sh).
#include <gtest/gtest.h>

#include "formats/gltf/gltf_format.h"
#include "formats/gltf/gltf_write.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

Scene readFixture(const std::string& relative)
{
    const std::string path = test::fixturePath(relative);
    return GltfFormat().readFrom(test::readBytes(path), path);
}

template <class T>
void expectSameChannel(const Channel<T>& a, const Channel<T>& b, const std::string& where)
{
    EXPECT_TRUE(a.keys == b.keys) << where; // times, values and flags bit for bit
    EXPECT_EQ(a.rules.interpolation, b.rules.interpolation) << where;
    EXPECT_TRUE(a.tangents == b.tangents) << where;
}

// Every value the writer promises to keep.
void expectSameScene(const Scene& a, const Scene& b, const std::string& file)
{
    ASSERT_EQ(a.skeleton.size(), b.skeleton.size()) << file;
    for (size_t i = 0; i < a.skeleton.size(); ++i) {
        const Bone &x = a.skeleton.bones[i], &y = b.skeleton.bones[i];
        EXPECT_EQ(x.name, y.name) << file << " bone " << i;
        EXPECT_EQ(x.parent, y.parent) << file << " bone " << i;
        EXPECT_EQ(x.restTranslation, y.restTranslation) << file << " bone " << i;
        EXPECT_EQ(x.restRotation, y.restRotation) << file << " bone " << i;
        EXPECT_EQ(x.restScale, y.restScale) << file << " bone " << i;
    }
    ASSERT_EQ(a.animations.size(), b.animations.size()) << file;
    for (size_t n = 0; n < a.animations.size(); ++n) {
        const Animation &x = a.animations[n], &y = b.animations[n];
        EXPECT_EQ(x.name, y.name);
        ASSERT_EQ(x.tracks.size(), y.tracks.size()) << file << " " << x.name;
        // Tracks come in node order from the writer: pair them by node.
        for (const Track& t : x.tracks) {
            const auto it = std::find_if(y.tracks.begin(), y.tracks.end(), [&](const Track& u) { return u.bone == t.bone; });
            ASSERT_NE(it, y.tracks.end()) << file << " " << t.name;
            EXPECT_EQ(it->name, t.name);
            expectSameChannel(t.translation, it->translation, file + " " + t.name + " translation");
            expectSameChannel(t.rotation, it->rotation, file + " " + t.name + " rotation");
            expectSameChannel(t.scale, it->scale, file + " " + t.name + " scale");
        }
    }
    const Mesh &m = a.mesh, &k = b.mesh;
    ASSERT_EQ(m.positions.size(), k.positions.size()) << file;
    EXPECT_EQ(m.positions, k.positions) << file;
    EXPECT_EQ(m.indices, k.indices) << file;
    EXPECT_EQ(m.inverseBind, k.inverseBind) << file;
    for (size_t v = 0; v < m.positions.size(); ++v)
        for (int j = 0; j < 4; ++j)
            if (m.weights[v][j] > 0) { // the joints that weigh: the same, with the same weight
                ASSERT_EQ(m.joints[v][j], k.joints[v][j]) << file << " vertex " << v;
                ASSERT_EQ(m.weights[v][j], k.weights[v][j]) << file << " vertex " << v;
            }
}

} // namespace

TEST(GltfWriter, RealFilesReadBackEqualInEveryValue)
{
    for (const char* f : {"rigs/RobotExpressive.glb", "rigs/CesiumMan.glb", "rigs/CesiumMan_blender.glb"}) {
        const Scene original = readFixture(f);
        const std::vector<uint8_t> glb = test::keepGlb(std::string("gltf_writer_") + std::filesystem::path(f).stem().string(),
                                                       gltf::writeGlb(original));
        const Scene back = GltfFormat().read(glb);
        expectSameScene(original, back, f);
        EXPECT_TRUE(gltf::glbWriteReport(original).empty()) << f;
        // And a second time: the writer adds nothing that grows with each save.
        const std::string again = std::string("gltf_writer_again_") + std::filesystem::path(f).stem().string();
        EXPECT_TRUE(test::keepGlb(again, gltf::writeGlb(back)) == glb) << f;
    }
}

TEST(GltfWriter, CubicSplinesKeepTheirTangentsAndNamesBecomeUnique)
{
    const Scene original = readFixture("gltf/features.gltf");
    const std::vector<std::string> report = gltf::glbWriteReport(original);
    ASSERT_EQ(report.size(), 1u);
    EXPECT_NE(report[0].find("'twin' written as 'twin.2'"), std::string::npos) << report[0];
    const std::vector<uint8_t> glb = test::keepGlb("gltf_writer_features", gltf::writeGlb(original));
    Scene back = GltfFormat().read(glb);
    // The quantised rotation (normalised shorts, 2.5e-5 off unit length) is written normalised, as
    // the validator asks; the rest as it came.
    Scene expected = original;
    for (Track& t : expected.animations[0].tracks)
        for (auto&& k : t.rotation.keys.edit()) {
            const glm::quat q = glm::quat(glm::normalize(k.value));
            if (std::abs(glm::length(k.value) - 1.0) > 1e-6)
                k.value = glm::dquat(q);
        }
    ASSERT_EQ(back.skeleton.bones[2].name, "twin.2");
    back.skeleton.bones[2].name = "twin";
    for (Track& t : back.animations[0].tracks)
        if (t.bone == 2)
            t.name = "twin";
    expectSameScene(expected, back, "features.gltf");
    const Track& root = back.animations[0].tracks[0];
    EXPECT_EQ(root.translation.rules.interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(root.translation.tangents.size(), 3u);
}

TEST(GltfWriter, EditedGltfIsWrittenByBonescopeAndUneditedAsItsBytes)
{
    Scene s = readFixture("rigs/RobotExpressive.glb");
    const std::vector<uint8_t> bytes = test::readBytes(test::fixturePath("rigs/RobotExpressive.glb"));
    EXPECT_EQ(GltfFormat().write(s), bytes);
    auto& tracks = s.animations[0].tracks;
    const auto keyed = std::find_if(tracks.begin(), tracks.end(), [](const Track& t) { return !t.translation.empty(); });
    ASSERT_NE(keyed, tracks.end());
    Track& t = *keyed;
    t.translation.keys.setTime(0, t.translation.keys.time(0)); // the same value: still unedited
    EXPECT_EQ(GltfFormat().write(s), bytes);
    t.translation.keys.setValue(0, t.translation.keys.value(0) + glm::dvec3(0, 1, 0));
    const std::vector<uint8_t> edited = test::keepGlb("gltf_writer_edited_robot", GltfFormat().write(s));
    EXPECT_NE(edited, bytes);
    const Scene back = GltfFormat().read(edited);
    const auto same = std::find_if(back.animations[0].tracks.begin(), back.animations[0].tracks.end(),
                                   [&](const Track& u) { return u.bone == t.bone; });
    ASSERT_NE(same, back.animations[0].tracks.end());
    EXPECT_EQ(glm::vec3(same->translation.keys.value(0)), glm::vec3(t.translation.keys.value(0))); // keys are 32-bit floats
}

TEST(GltfWriter, OtherFormatsAndTheAssimpIdStillWrite)
{
    // A BVH through the registry's .glb writer (now Bonescope's), and the old id still there.
    const Format* bvh = Registry::instance().byId("bvh");
    const Scene walk = bvh->read(test::readBytes(test::fixturePath("rigs/cmu_131_01_walk.bvh")));
    const Format* glb = Registry::instance().byExtension("out.glb");
    ASSERT_EQ(glb->id(), "gltf");
    const std::vector<uint8_t> bytes = test::keepGlb("gltf_writer_bvh_walk", glb->write(walk));
    const Scene back = glb->read(bytes);
    EXPECT_EQ(back.skeleton.size(), walk.skeleton.size());
    ASSERT_EQ(back.animations.size(), 1u);
    EXPECT_EQ(back.animations[0].tracks.size(), walk.animations[0].tracks.size());
    // glTF states no frame rate: the walk's keys, 0.008333 s apart as its Frame Time says (120.005
    // fps), read back at 120 fps, not at 240 for falling short of 1/120 s by 0.04%.
    EXPECT_TRUE(back.animations[0].fpsFromKeys);
    EXPECT_EQ(back.animations[0].fps, 120.0);
    EXPECT_NE(Registry::instance().byId("assimp"), nullptr);
}

TEST(GltfWriter, SeveralRootBonesShareOneNodeAndBindMatricesAreAffine)
{
    // CesiumMan with a prop bone of its own (a second root, as a weapon or an IK target often is):
    // a skin's joints must share a root (the validator's SKIN_NO_COMMON_ROOT), so the writer hangs
    // both roots under a marked node that reads back as nothing. The prop's inverse bind matrix is
    // computed, and its last row written as exactly (0, 0, 0, 1), not 0.99999994.
    Scene s = readFixture("rigs/CesiumMan.glb");
    ASSERT_FALSE(s.mesh.empty());
    const size_t bones = s.skeleton.size();
    Bone prop{.name = "prop"};
    prop.restTranslation = {0.3, 1.1, -0.2};
    prop.restRotation = glm::angleAxis(0.65, glm::normalize(glm::dvec3(1, 2, 3)));
    s.skeleton.bones.push_back(prop);
    const std::vector<uint8_t> glb = test::keepGlb("gltf_writer_two_roots", gltf::writeGlb(s));
    const Scene back = GltfFormat().read(glb);
    ASSERT_EQ(back.skeleton.size(), bones + 1);
    size_t roots = 0;
    for (const Bone& b : back.skeleton.bones)
        roots += b.parent < 0;
    EXPECT_EQ(roots, 2u);
    EXPECT_EQ(back.skeleton.bones.back().name, "prop");
    ASSERT_EQ(back.mesh.inverseBind.size(), bones + 1);
    for (const glm::mat4& m : back.mesh.inverseBind)
        EXPECT_EQ(glm::vec4(m[0][3], m[1][3], m[2][3], m[3][3]), glm::vec4(0, 0, 0, 1));
    // Written again, the same bytes: the marked node does not add a level each save.
    EXPECT_TRUE(gltf::writeGlb(back) == glb);
}

TEST(GltfWriter, EmptiesStayPlainNodesAndAreNotMadeJoints)
{
    // RobotExpressive's containers (RootNode, RobotArmature, ...) are plain nodes: written into the
    // skin, they read back as joints and the window drew them as bones from the floor to a walking
    // figure's hips and feet. Every node reads back as the kind it was read as.
    const Scene original = readFixture("rigs/RobotExpressive.glb");
    size_t empties = 0;
    for (const Bone& b : original.skeleton.bones)
        empties += b.kind == BoneKind::Empty;
    ASSERT_GT(empties, 0u);
    // Except the nodes the merged mesh weighs on (RobotExpressive's rigid parts, FootL_1...): a skin
    // must list them, so they read back as joints.
    std::vector<bool> weighed(original.skeleton.size(), false);
    for (size_t v = 0; v < original.mesh.joints.size(); ++v)
        for (int k = 0; k < 4; ++k)
            if (original.mesh.weights[v][k] > 0)
                weighed[original.mesh.joints[v][k]] = true;
    const Scene back = GltfFormat().read(test::keepGlb("gltf_writer_robot_kinds", gltf::writeGlb(original)));
    ASSERT_EQ(back.skeleton.size(), original.skeleton.size());
    size_t stayed = 0;
    for (size_t b = 0; b < back.skeleton.size(); ++b) {
        if (weighed[b])
            continue;
        EXPECT_EQ(int(back.skeleton.bones[b].kind), int(original.skeleton.bones[b].kind)) << original.skeleton.bones[b].name;
        stayed += original.skeleton.bones[b].kind == BoneKind::Empty;
    }
    EXPECT_GE(stayed, 3u); // Root_Scene, RootNode, RobotArmature at least
}
