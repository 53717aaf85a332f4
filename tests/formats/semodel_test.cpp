// SEModel: files built byte by byte (as the SETools writers lay them out) with known numbers; bones
// from global transforms only and from local ones; UV layers, normals, colours, three influences;
// materials; every truncation and huge counts.
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "formats/parse_error.h"
#include "formats/registry.h"
#include "formats/semodel/semodel_extra.h"
#include "formats/semodel/semodel_format.h"
#include "formats/skeleton_source.h"
#include "formats/file_io.h"
#include "tests/support/test_support.h"
#include "tests/support/le_bytes.h"

using namespace bonescope;

namespace {

using Out = test::LeBytes;

// Bones "tag_origin" (root at (0, 0, 1)), "j_spine" (child, world (0, 2, 1) turned 90 degrees about Z),
// "j_head" (child of j_spine, world (0, 2, 3) with the same turn). Global transforms only when
// `local` is false; local ones too when true (global ones then ignored for the rest pose).
std::vector<uint8_t> model(bool local)
{
    Out o;
    o.b = {'S', 'E', 'M', 'o', 'd', 'e', 'l'};
    o.u16(1);
    o.u16(0x14);
    o.u8(1 | 2 | 4);                              // bones, meshes, materials
    o.u8(local ? (1 | 2 | 4) : (1 | 4));          // global (+ local), scale
    o.u8(1 | 2 | 4 | 8);                          // uv, normals, colours, weights
    o.u32(3);                                     // bones
    o.u32(1);                                     // meshes
    o.u32(1);                                     // materials
    o.u8(0), o.u8(0), o.u8(0);
    o.s("tag_origin"), o.s("j_spine"), o.s("j_head");
    const float h = 0.70710678f;
    struct B {
        int parent;
        std::initializer_list<float> global, localT, scale;
    };
    const B bones[] = {{-1, {0, 0, 1, 0, 0, 0, 1}, {0, 0, 1, 0, 0, 0, 1}, {1, 1, 1}},
                       {0, {0, 2, 1, 0, 0, h, h}, {0, 2, 0, 0, 0, h, h}, {1, 1, 1}},
                       {1, {0, 2, 3, 0, 0, h, h}, {0, 0, 2, 0, 0, 0, 1}, {0.5f, 0.5f, 0.5f}}};
    for (const B& bn : bones) {
        o.u8(0);
        o.u32(uint32_t(bn.parent));
        o.f(bn.global);
        if (local)
            o.f(bn.localT);
        o.f(bn.scale);
    }
    // One mesh: four vertices, two UV layers, three influences, three faces (one degenerate).
    o.u8(0), o.u8(2), o.u8(3);
    o.u32(4), o.u32(3);
    o.f({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});                            // positions
    o.f({0, 0, 9, 9, 1, 0, 9, 9, 1, 1, 9, 9, 0, 1, 9, 9});                // uv layer 0 and 1 per vertex
    o.f({0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1});                            // normals
    for (int i = 0; i < 16; ++i)
        o.u8(uint8_t(i));                                                 // colours
    const uint8_t wb[4][3] = {{1, 2, 1}, {0, 0, 0}, {2, 0, 0}, {0, 0, 0}};
    const float wv[4][3] = {{0.25f, 0.5f, 0.25f}, {1, 0, 0}, {1, 0, 0}, {0.5f, 0.5f, 0}};
    for (int v = 0; v < 4; ++v)
        for (int k = 0; k < 3; ++k) {
            o.u8(wb[v][k]);
            o.f({wv[v][k]});
        }
    for (uint8_t i : {0, 1, 2, 0, 2, 3, 3, 3, 1})
        o.u8(i);
    o.u32(0), o.u32(0xFFFFFFFF); // material per UV layer
    o.s("skin"), o.u8(1), o.s("images/skin_c.png"), o.s("images/skin_n.png"), o.s("");
    return std::move(o.b);
}

} // namespace

TEST(Semodel, DetectedAndRegistered)
{
    const auto bytes = model(false);
    EXPECT_EQ(Registry::instance().detect(bytes, "m.bin")->id(), "semodel");
    EXPECT_EQ(Registry::instance().byExtension("M.SEMODEL")->id(), "semodel");
    EXPECT_FALSE(SemodelFormat().capabilities().write);
}

TEST(Semodel, BonesFromGlobalTransforms)
{
    const Scene s = SemodelFormat().read(model(false));
    ASSERT_EQ(s.skeleton.size(), 3u);
    EXPECT_EQ(s.skeleton.bones[2].name, "j_head");
    EXPECT_EQ(s.skeleton.bones[2].parent, 1);
    // j_spine: (0, 2, 1) - (0, 0, 1) = (0, 2, 0) in root space; j_head: (0, 0, 2) under j_spine's turn.
    EXPECT_NEAR(s.skeleton.bones[1].restTranslation.y, 2.0, 1e-6);
    EXPECT_NEAR(glm::angle(s.skeleton.bones[1].restRotation), glm::radians(90.0), 1e-5);
    EXPECT_NEAR(s.skeleton.bones[2].restTranslation.z, 2.0, 1e-6);
    EXPECT_NEAR(glm::angle(s.skeleton.bones[2].restRotation), 0.0, 1e-5);
    EXPECT_NEAR(s.skeleton.bones[2].restScale.x, 0.5, 1e-9);
    const auto world = s.skeleton.restWorld();
    EXPECT_NEAR(world[2][3].z, 3.0, 1e-5);
}

TEST(Semodel, LocalTransformsWinWhenPresent)
{
    const Scene s = SemodelFormat().read(model(true));
    EXPECT_NEAR(s.skeleton.bones[2].restTranslation.z, 2.0, 1e-6);
    EXPECT_NEAR(s.skeleton.bones[0].restTranslation.z, 1.0, 1e-6);
}

TEST(Semodel, MeshWeightsUvsAndMaterials)
{
    const Scene s = SemodelFormat().read(model(false));
    const Mesh& m = s.mesh;
    ASSERT_EQ(m.positions.size(), 4u);
    ASSERT_EQ(m.uvs.size(), 4u);
    EXPECT_FLOAT_EQ(m.uvs[2].x, 1.f); // layer 0, not layer 1's 9s
    EXPECT_FLOAT_EQ(m.uvs[2].y, 1.f);
    EXPECT_EQ(m.normals.size(), 4u);
    EXPECT_EQ(m.indices, (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
    ASSERT_TRUE(m.skinned());
    // Vertex 0: bone 1 at 0.25 + 0.25, bone 2 at 0.5.
    EXPECT_FLOAT_EQ(m.weights[0].x + m.weights[0].y, 1.f);
    EXPECT_FLOAT_EQ(m.weights[0].x, 0.5f);
    EXPECT_TRUE((m.joints[0].x == 1 && m.joints[0].y == 2) || (m.joints[0].x == 2 && m.joints[0].y == 1));
    EXPECT_EQ(m.joints[2].x, 2u);
    const auto* x = s.extra.as<SemodelExtra>();
    ASSERT_TRUE(x);
    ASSERT_EQ(x->meshes.size(), 1u);
    EXPECT_EQ(x->meshes[0].materials, (std::vector<int32_t>{0, -1}));
    ASSERT_EQ(x->materials.size(), 1u);
    EXPECT_EQ(x->materials[0].diffuse, "images/skin_c.png");
    EXPECT_EQ(x->materials[0].specular, "");
}

TEST(Semodel, EveryTruncationIsAParseError)
{
    const auto bytes = model(true);
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
        EXPECT_THROW((void)SemodelFormat().read(cut), ParseError) << n;
    }
}

TEST(Semodel, HugeCountsAndBadIndicesNameTheirOffset)
{
    auto bytes = model(false);
    // Bone count (bytes 14..17) of four billion.
    for (int i = 14; i < 18; ++i)
        bytes[i] = 0xFF;
    try {
        (void)SemodelFormat().read(bytes);
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("bone count"), std::string::npos) << e.what();
    }
    bytes = model(false);
    bytes[bytes.size() - 1 - 18 - 18 - 1 - 5 - 8 - 1] = 200; // the last face's last index
    try {
        (void)SemodelFormat().read(bytes);
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("names vertex 200"), std::string::npos) << e.what();
    }
    bytes = model(false);
    bytes[0] = 'X';
    EXPECT_THROW((void)SemodelFormat().read(bytes), ParseError);
}

TEST(Semodel, InfoAndExportToGlbOnTheCommandLine)
{
    const std::string path = test::tempPath("hero.semodel");
    test::writeBytes(path, model(false));
    const auto info = test::runCli({"info", path});
    ASSERT_EQ(info.status, 0) << info.err;
    EXPECT_NE(info.out.find("material skin: diffuse images/skin_c.png"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("2 UV layers, 3 influences"), std::string::npos) << info.out;
    const std::string glb = test::tempPath("hero.glb");
    const auto r = test::runCli({"convert", path, glb});
    ASSERT_EQ(r.status, 0) << r.err;
    const Scene back = loadScene(glb).scene;
    EXPECT_GE(back.skeleton.size(), 3u);
    EXPECT_GE(back.skeleton.find("j_head"), 0);
    EXPECT_EQ(back.mesh.indices.size(), 6u);
    EXPECT_TRUE(back.mesh.skinned());
}

TEST(Semodel, RandomlyCorruptedFilesFailCleanlyOrStayInBounds)
{
    const auto original = model(true);
    std::mt19937 rng(7);
    for (int round = 0; round < 3000; ++round) {
        auto bytes = original;
        for (int i = 0, n = 1 + int(rng() % 4); i < n; ++i)
            bytes[rng() % bytes.size()] = uint8_t(rng());
        try {
            const Scene s = SemodelFormat().read(bytes);
            for (uint32_t i : s.mesh.indices)
                ASSERT_LT(i, s.mesh.positions.size());
            for (size_t v = 0; v < s.mesh.joints.size(); ++v)
                for (int k = 0; k < 4; ++k)
                    if (s.mesh.weights[v][k] != 0) {
                        ASSERT_LT(s.mesh.joints[v][k], s.skeleton.size());
                    }
        } catch (const ParseError&) {
        }
    }
}

// Looking through a folder's models for one that fits an animation reads each model's bones only,
// from its first megabyte: the meshes after them are not parsed.
TEST(Semodel, ModelSkeletonReadFromItsFirstBytes)
{
    auto bytes = model(true);
    const Skeleton whole = SemodelFormat().read(bytes).skeleton;
    bytes.resize(bytes.size() - 40);         // the mesh and materials cut short...
    bytes.insert(bytes.end(), 3 << 20, 0xEE); // ...and 3 MB of garbage after them
    const std::string path = test::tempPath("cut_mesh.semodel");
    test::writeBytes(path, bytes);
    EXPECT_THROW((void)loadSkeletonSource(path), ParseError);
    const Skeleton head = loadModelSkeleton(path);
    ASSERT_EQ(head.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(head.bones[i].name, whole.bones[i].name);
        EXPECT_EQ(head.bones[i].parent, whole.bones[i].parent);
        EXPECT_EQ(head.bones[i].restTranslation, whole.bones[i].restTranslation);
        EXPECT_EQ(head.bones[i].restRotation, whole.bones[i].restRotation);
    }
}

// Bones that go on past the first megabyte are read from the whole file; a fault in them is named
// with the file and its offset, as when the model is opened.
TEST(Semodel, ModelSkeletonLongerThanTheHeadAndFaultsInIt)
{
    const uint32_t n = 20000;
    Out o;
    o.b = {'S', 'E', 'M', 'o', 'd', 'e', 'l'};
    o.u16(1), o.u16(0x14);
    o.u8(1), o.u8(1), o.u8(0); // bones only, global transforms
    o.u32(n), o.u32(0), o.u32(0);
    o.u8(0), o.u8(0), o.u8(0);
    for (uint32_t i = 0; i < n; ++i)
        o.s("a_bone_name_long_enough_to_take_the_bones_past_a_megabyte_" + std::to_string(i));
    for (uint32_t i = 0; i < n; ++i) {
        o.u8(0);
        o.u32(i == 0 ? 0xFFFFFFFF : i - 1);
        o.f({0, 0, 1, 0, 0, 0, 1});
    }
    ASSERT_GT(o.b.size(), size_t(1) << 20);
    const std::string path = test::tempPath("many_bones.semodel");
    test::writeBytes(path, o.b);
    const Skeleton s = loadModelSkeleton(path);
    ASSERT_EQ(s.size(), n);
    EXPECT_EQ(s.bones[n - 1].name, "a_bone_name_long_enough_to_take_the_bones_past_a_megabyte_19999");
    EXPECT_EQ(s.bones[n - 1].parent, int(n - 2));

    auto bad = model(true);
    // The second bone's parent made its own child (a cycle): after the 29-byte header, the three
    // names (26 bytes), the first bone's record (73 bytes) and the second's flags byte.
    const size_t second = 29 + 26 + 73 + 1;
    ASSERT_EQ(bad[second], 0); // the parent index 0 it had
    const uint32_t child = 2;
    std::memcpy(bad.data() + second, &child, 4);
    const std::string badPath = test::tempPath("cycle.semodel");
    test::writeBytes(badPath, bad);
    try {
        (void)loadModelSkeleton(badPath);
        ADD_FAILURE() << "a parent cycle was read";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find(badPath), std::string::npos) << e.what();
    }
}
