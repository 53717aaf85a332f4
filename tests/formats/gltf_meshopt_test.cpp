// EXT_meshopt_compression decoded (formats/gltf/gltf_meshopt.h), checked against the uncompressed
// originals: gltfpack's BoxMeshopt.glb (glTF-Transform's test file) is the unit box of the Khronos
// sample Box, and CesiumMan_meshopt.glb is tests/fixtures/rigs/CesiumMan.glb through gltfpack -cc -af 24
// (octahedral normals, quaternion-filtered rotation keys, exponential filter, quantised positions).
// A .glb written anew from such a file holds the data uncompressed, without the extension.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "formats/gltf/gltf_extra.h"
#include "formats/gltf/gltf_format.h"
#include "formats/gltf/gltf_meshopt.h"
#include "formats/gltf/gltf_write.h"
#include "formats/report_item.h"
#include "tests/formats/convert_pose_compare.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

Scene readFixture(const std::string& relative)
{
    const std::string path = test::fixturePath(relative);
    return GltfFormat().readFrom(test::readBytes(path), path);
}

bool contains(const std::vector<uint8_t>& bytes, const std::string& text)
{
    return std::search(bytes.begin(), bytes.end(), text.begin(), text.end()) != bytes.end();
}

} // namespace

TEST(GltfMeshopt, BoxDecodesToTheUnitBox)
{
    if (!gltf::meshoptDecodes())
        GTEST_SKIP() << "built without meshoptimizer";
    const Scene box = readFixture("gltf/BoxMeshopt.glb");
    const Mesh& m = box.mesh;
    // The Khronos Box: 24 vertices (4 a face), 12 triangles, corners at +-0.5, axis normals.
    ASSERT_EQ(m.positions.size(), 24u);
    ASSERT_EQ(m.indices.size(), 36u);
    ASSERT_EQ(m.normals.size(), 24u);
    // Positions are 14-bit integers (0 or 16383) that the node's scale 6.10388815e-05 and translation
    // -0.5 place; the reader puts the rigid mesh where its node does: corners at -0.5 and 0.5 (to the
    // quantisation step).
    std::set<std::tuple<bool, bool, bool>> corners;
    for (size_t v = 0; v < 24; ++v) {
        const glm::vec3 p = m.positions[v];
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(std::abs(p[c]), 0.5f, 1e-4f) << "vertex " << v;
        corners.insert({p.x > 0, p.y > 0, p.z > 0});
        // Normals: 8-bit normalised, exactly one axis, unit length.
        const glm::vec3 n = m.normals[v];
        EXPECT_NEAR(std::abs(n.x) + std::abs(n.y) + std::abs(n.z), 1.f, 1e-6f) << "vertex " << v;
    }
    EXPECT_EQ(corners.size(), 8u);
    for (uint32_t i : m.indices)
        EXPECT_LT(i, 24u);
    // Each triangle lies on one face: its three normals are the same.
    for (size_t t = 0; t < 12; ++t)
        EXPECT_EQ(m.normals[m.indices[3 * t]], m.normals[m.indices[3 * t + 2]]) << "triangle " << t;
    const auto* x = box.extra.as<gltf::GltfExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_NE(std::find(x->warnings.begin(), x->warnings.end(), gltf::kMeshoptNote), x->warnings.end());
}

TEST(GltfMeshopt, CompressedCharacterPlaysAsTheOriginal)
{
    if (!gltf::meshoptDecodes())
        GTEST_SKIP() << "built without meshoptimizer";
    const Scene original = readFixture("rigs/CesiumMan.glb");
    const Scene packed = readFixture("gltf/CesiumMan_meshopt.glb");
    ASSERT_FALSE(packed.animations.empty());
    ASSERT_FALSE(packed.mesh.positions.empty());
    // gltfpack merges vertices that are equal once quantised, never triangles.
    EXPECT_EQ(packed.mesh.indices.size(), original.mesh.indices.size());
    // Every joint, paired by name, within 2 mm of the original (the character is 1.5 m tall; rotations
    // are 12-bit, translations 16-bit) at the original's key times.
    const test::PoseDifference d =
        test::comparePoses(original, packed, test::comparisonTimes(original.animations.at(0)));
    EXPECT_GE(d.bonesCompared, 19u);
    EXPECT_LT(d.maxPosition, 0.002) << d.worstBone << " at " << d.worstTime;
    EXPECT_LT(d.maxDegrees, 0.5) << d.worstBone << " at " << d.worstTime;
}

TEST(GltfMeshopt, WrittenAnewUncompressedAndSaidSo)
{
    if (!gltf::meshoptDecodes())
        GTEST_SKIP() << "built without meshoptimizer";
    Scene packed = readFixture("gltf/CesiumMan_meshopt.glb");
    // Unedited: its own bytes, compressed as they came.
    EXPECT_TRUE(contains(GltfFormat().write(packed), "EXT_meshopt_compression"));
    packed.animations.at(0).name = "walk"; // an edit
    Report report;
    GltfFormat().fromCommon(packed, report);
    bool said = false;
    for (const ReportItem& line : report)
        said = said || line.text.find("written uncompressed") != std::string::npos;
    EXPECT_TRUE(said);
    const std::vector<uint8_t> bytes = test::keepGlb("meshopt_cesiumman_uncompressed", GltfFormat().write(packed));
    EXPECT_FALSE(contains(bytes, "EXT_meshopt_compression"));
    const Scene back = GltfFormat().read(bytes);
    EXPECT_EQ(back.mesh.positions, packed.mesh.positions);
    EXPECT_EQ(back.mesh.indices, packed.mesh.indices);
    const test::PoseDifference d = test::comparePoses(packed, back, test::comparisonTimes(packed.animations.at(0)));
    // Within 0.1 mm: the 16-bit rotation keys are not exactly of unit length once decoded, and are
    // written normalised as glTF asks.
    EXPECT_LT(d.maxPosition, 1e-4);
    EXPECT_LT(d.maxDegrees, 0.01);
}
