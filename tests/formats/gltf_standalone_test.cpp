// An unedited .glb written where the images it names beside itself are not found again stands on its
// own (formats/gltf/gltf_standalone.h): UnityGLTF's grass.glb (Kenney) names Textures/colormap.png.
// In its own folder, or one holding the same image, it stays byte for byte; elsewhere the image is
// embedded; with no folder to take it from the scene is written anew. A file holding infinities
// (assimp's BoxWithInfinites.glb) is refused, naming the file and the accessor. Every .glb written
// here is kept for the Khronos validator (tests/gltf_validator/run.sh).
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "formats/convert/convert_file.h"
#include "formats/gltf/gltf_format.h"
#include "formats/gltf/gltf_json.h"
#include "formats/parse_error.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace fs = std::filesystem;

namespace {

const std::string kGrass = "gltf/beside_images/grass.glb";

Scene readAt(const std::string& path) { return GltfFormat().readFrom(test::readBytes(path), path); }

std::vector<uint8_t> writeAt(const Scene& scene, const std::string& path)
{
    std::vector<uint8_t> out;
    GltfFormat().writeAt(scene, path, [&out](std::span<const uint8_t> b) { out.insert(out.end(), b.begin(), b.end()); });
    return out;
}

nlohmann::json jsonOf(const std::vector<uint8_t>& glb)
{
    const auto chunks = glbChunks(glb);
    return nlohmann::json::parse(chunks->json);
}

// What the reader makes of two files is the same: nodes, transforms and the mesh.
void expectSameRead(const Scene& a, const Scene& b)
{
    ASSERT_EQ(a.skeleton.size(), b.skeleton.size());
    for (size_t i = 0; i < a.skeleton.size(); ++i) {
        EXPECT_EQ(a.skeleton.bones[i].name, b.skeleton.bones[i].name);
        EXPECT_EQ(a.skeleton.bones[i].restTranslation, b.skeleton.bones[i].restTranslation);
        EXPECT_EQ(a.skeleton.bones[i].restRotation, b.skeleton.bones[i].restRotation);
    }
    EXPECT_EQ(a.mesh.positions, b.mesh.positions);
    EXPECT_EQ(a.mesh.indices, b.mesh.indices);
}

} // namespace

TEST(GltfStandalone, ImagesBesideTheFileAreEmbeddedWhereTheyWouldNotBeFound)
{
    const std::string source = test::fixturePath(kGrass);
    const Scene scene = readAt(source);
    const fs::path elsewhere = test::freshFolder("standalone_elsewhere");
    const std::string out = (elsewhere / "grass.glb").string();
    const std::vector<uint8_t> bytes = test::keepGlb("standalone_grass_embedded", writeAt(scene, out));

    const nlohmann::json doc = jsonOf(bytes);
    ASSERT_EQ(doc["images"].size(), 1u);
    const nlohmann::json& image = doc["images"][0];
    EXPECT_FALSE(image.contains("uri"));
    EXPECT_EQ(image["mimeType"], "image/png");
    // The view holds the PNG's bytes exactly, inside the BIN chunk.
    const auto chunks = glbChunks(bytes);
    const nlohmann::json& view = doc["bufferViews"][image["bufferView"].get<size_t>()];
    EXPECT_EQ(view["buffer"], 0);
    const std::vector<uint8_t> png = test::readBytes(test::fixturePath("gltf/beside_images/Textures/colormap.png"));
    ASSERT_EQ(view["byteLength"].get<size_t>(), png.size());
    const auto at = chunks->bin.begin() + view["byteOffset"].get<std::ptrdiff_t>();
    EXPECT_TRUE(std::equal(png.begin(), png.end(), at));
    // The rest of the file is as it was: it reads back the same.
    test::writeBytes(out, bytes);
    expectSameRead(scene, readAt(out));
    // And it says so.
    const auto lines = GltfFormat().placeAt(scene, out).report;
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("Textures/colormap.png"), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("embedded"), std::string::npos) << lines[0];
    // A place not known (write() alone) is treated as elsewhere.
    EXPECT_EQ(GltfFormat().write(scene), bytes);
}

TEST(GltfStandalone, WhereTheImagesAreFoundAgainTheFileStaysByteForByte)
{
    const std::string source = test::fixturePath(kGrass);
    const std::vector<uint8_t> original = test::readBytes(source);
    const Scene scene = readAt(source);
    // Its own folder (a save in place, or beside it).
    EXPECT_EQ(writeAt(scene, source), original);
    EXPECT_EQ(writeAt(scene, test::fixturePath("gltf/beside_images/copy.glb")), original);
    EXPECT_TRUE(GltfFormat().placeAt(scene, source).report.empty());
    // Another folder with the same image at the same name.
    const fs::path copy = test::freshFolder("standalone_copy");
    fs::create_directories(copy / "Textures");
    fs::copy_file(test::fixturePath("gltf/beside_images/Textures/colormap.png"), copy / "Textures" / "colormap.png");
    EXPECT_EQ(writeAt(scene, (copy / "grass.glb").string()), original);
    // A different image under that name is not the file's: embedded.
    const fs::path other = test::freshFolder("standalone_other");
    fs::create_directories(other / "Textures");
    test::writeBytes((other / "Textures" / "colormap.png").string(), {0x89, 'P', 'N', 'G'});
    EXPECT_NE(writeAt(scene, (other / "grass.glb").string()), original);
}

TEST(GltfStandalone, WithNoFolderToTakeTheImagesFromTheSceneIsWrittenAnew)
{
    // Read from memory: the image cannot be had, so Bonescope's own writer makes the file.
    const Scene scene = GltfFormat().read(test::readBytes(test::fixturePath(kGrass)));
    const std::string out = (test::freshFolder("standalone_fresh") / "grass.glb").string();
    const std::vector<uint8_t> bytes = test::keepGlb("standalone_grass_fresh", writeAt(scene, out));
    const nlohmann::json doc = jsonOf(bytes);
    EXPECT_FALSE(doc.contains("images"));
    EXPECT_EQ(doc["asset"]["generator"], "Bonescope");
    const auto lines = GltfFormat().placeAt(scene, out).report;
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("written anew"), std::string::npos) << lines[0];
    test::writeBytes(out, bytes);
    const Scene back = readAt(out);
    EXPECT_EQ(back.mesh.positions, scene.mesh.positions);
    EXPECT_EQ(back.mesh.indices, scene.mesh.indices);
}

TEST(GltfStandalone, TheConversionWritesForItsDestination)
{
    // What `convert` does: the destination reaches the writer, and the report names the image.
    const std::string source = test::fixturePath(kGrass);
    Report report;
    const GltfFormat gltf; // outlives the conversion, which keeps a pointer to its target
    const ConvertedFile converted = convertFile(readAt(source), gltf, ConvertOptions{}, report);
    const std::string out = (test::freshFolder("standalone_convert") / "grass.glb").string();
    const std::vector<uint8_t> bytes = converted.bytes(out);
    EXPECT_FALSE(jsonOf(bytes)["images"][0].contains("uri"));
    EXPECT_EQ(converted.placeAt(out).report.size(), 1u);
    EXPECT_EQ(converted.bytes(source), test::readBytes(source));
}

TEST(GltfStandalone, NumbersThatAreNotFiniteAreRefusedNamingTheFileAndAccessor)
{
    const std::string source = test::fixturePath("gltf/BoxWithInfinites.glb");
    const Scene scene = readAt(source); // liberal in reading
    const std::string out = (test::freshFolder("standalone_inf") / "box.glb").string();
    for (const std::string& where : {out, source}) {
        try {
            writeAt(scene, where);
            FAIL() << "a .glb with infinite positions was written to " << where;
        } catch (const WriteError& e) {
            const std::string m = e.what();
            EXPECT_NE(m.find("BoxWithInfinites.glb"), std::string::npos) << m;
            EXPECT_NE(m.find("accessor 2 (POSITION of mesh 0 'Mesh')"), std::string::npos) << m;
            EXPECT_NE(m.find("inf"), std::string::npos) << m;
            EXPECT_NE(m.find("finite"), std::string::npos) << m;
        }
    }
}
