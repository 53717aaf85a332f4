// glTF as other tools write it, and as an attacker would: "asset" anywhere in the JSON, external .bin
// files beside a .gltf (read in the CLI, the window's loader and --skeleton), references outside the
// file's folder refused with the uri named, and node hierarchies deeper than Assimp's recursion.
#include <filesystem>
#include <functional>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "formats/assimp/assimp_format.h"
#include "formats/assimp/assimp_import.h"
#include "formats/gltf/gltf_json.h"
#include "formats/file_io.h"
#include "formats/skeleton_source.h"
#include "tests/support/error_of.h"
#include "tests/support/test_support.h"

using namespace bonescope;
namespace fs = std::filesystem;

namespace {

std::span<const uint8_t> bytesOf(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// Two bones and a one-second rotation, written by our own .glb writer.
std::vector<uint8_t> twoBoneGlb()
{
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "hip", .restTranslation = {0, 1, 0}});
    s.skeleton.bones.push_back(Bone{.name = "knee", .parent = 0, .restTranslation = {0, -0.5, 0}});
    Animation a;
    a.name = "bend";
    a.duration = 1;
    Track t;
    t.name = "knee";
    t.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)}, {1.0, glm::angleAxis(1.0, glm::dvec3(1, 0, 0))}};
    a.tracks.push_back(t);
    s.animations.push_back(a);
    return AssimpFormat().write(s);
}

struct GltfFiles {
    std::string gltf, bin;
};

// The .glb split as exporters write a .gltf: JSON with the buffer in "NAME.bin" beside it, the
// "asset" key last, after more than 4 KB of other JSON.
GltfFiles writeSplitGltf(const std::string& name)
{
    const std::vector<uint8_t> glb = twoBoneGlb();
    const std::string_view chunk = *glbJsonChunk(glb);
    nlohmann::json j = nlohmann::json::parse(chunk);
    const size_t binAt = 20 + chunk.size() + 8;
    const std::vector<uint8_t> bin(glb.begin() + long(binAt), glb.end());
    j["buffers"][0]["uri"] = name + ".bin";
    const nlohmann::json asset = j["asset"];
    j.erase("asset");
    j["extras"] = {{"padding", std::string(5000, 'x')}};
    std::string text = j.dump();
    text.pop_back(); // the closing brace: "asset" goes last
    text += ",\"asset\":" + asset.dump() + "}";
    GltfFiles out{test::tempPath(name + ".gltf"), test::tempPath(name + ".bin")};
    test::writeBytes(out.gltf, std::vector<uint8_t>(text.begin(), text.end()));
    test::writeBytes(out.bin, bin);
    return out;
}

using test::errorOf;

// A glTF whose nodes form one chain `depth` long.
std::string chainGltf(size_t depth)
{
    std::string nodes;
    for (size_t i = 0; i < depth; ++i) {
        nodes += (i ? "," : "") + std::string("{\"name\":\"n") + std::to_string(i) + "\"";
        if (i + 1 < depth)
            nodes += ",\"children\":[" + std::to_string(i + 1) + "]";
        nodes += "}";
    }
    return "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[" + nodes + "]}";
}

std::vector<uint8_t> asGlb(std::string json, const std::vector<uint8_t>& bin = {})
{
    while (json.size() % 4)
        json += ' ';
    const size_t binChunk = bin.empty() ? 0 : 8 + ((bin.size() + 3) & ~size_t(3));
    std::vector<uint8_t> out;
    auto u32 = [&](uint32_t v) {
        for (int i = 0; i < 4; ++i)
            out.push_back(uint8_t(v >> (8 * i)));
    };
    out.insert(out.end(), {'g', 'l', 'T', 'F'});
    u32(2);
    u32(uint32_t(20 + json.size() + binChunk));
    u32(uint32_t(json.size()));
    out.insert(out.end(), {'J', 'S', 'O', 'N'});
    out.insert(out.end(), json.begin(), json.end());
    if (binChunk) {
        u32(uint32_t(binChunk - 8));
        out.insert(out.end(), {'B', 'I', 'N', '\0'});
        out.insert(out.end(), bin.begin(), bin.end());
        out.resize(out.size() + (binChunk - 8 - bin.size()), 0);
    }
    return out;
}

} // namespace

TEST(AssimpForeign, GltfDetectedWhereverAssetIsAndHoweverItIsWritten)
{
    const AssimpFormat f;
    const std::string late = "{\"extras\":\"" + std::string(5000, ' ') + "\",\"asset\":{\"version\":\"2.0\"}}";
    EXPECT_TRUE(f.detect(bytesOf(late)));
    EXPECT_TRUE(f.detect(bytesOf("{\"\\u0061sset\":{\"version\":\"2.0\"}}")));
    // "asset" as a nested key or inside a string is not glTF.
    EXPECT_FALSE(f.detect(bytesOf("{\"meta\":{\"asset\":1},\"name\":\"\\\"asset\\\"\"}")));
}

TEST(AssimpForeign, GltfWithExternalBinOpensInTheCliAndTheWindowLoaders)
{
    const GltfFiles files = writeSplitGltf("split");
    const LoadedScene loaded = loadScene(files.gltf); // the window's File > Open and every CLI command
    EXPECT_EQ(loaded.format->id(), "gltf"); // Bonescope's own reader (formats/gltf)
    ASSERT_EQ(loaded.scene.animations.size(), 1u);
    const Animation& a = loaded.scene.animations[0];
    ASSERT_EQ(a.tracks.size(), 1u);
    ASSERT_EQ(a.tracks[0].rotation.size(), 2u);
    EXPECT_NEAR(glm::angle(a.tracks[0].rotation.keys.value(1)), 1.0, 1e-5);
    EXPECT_GE(loaded.scene.skeleton.find("knee"), 0);

    EXPECT_EQ(loadSkeletonScene(files.gltf).scene.skeleton.size(), loaded.scene.skeleton.size()); // --skeleton

    const test::CliResult info = test::runCli({"info", files.gltf});
    EXPECT_EQ(info.status, 0) << info.err;
    EXPECT_NE(info.out.find("rotation 2"), std::string::npos) << info.out;
    const test::CliResult dump = test::runCli({"dump", files.gltf});
    EXPECT_EQ(dump.status, 0) << dump.err;
    const std::string out = test::tempPath("split.seanim");
    const test::CliResult convert = test::runCli({"convert", files.gltf, out});
    EXPECT_EQ(convert.status, 0) << convert.err;
    EXPECT_TRUE(fs::exists(out));
}

TEST(AssimpForeign, MissingBufferNamesTheMissingFile)
{
    const GltfFiles files = writeSplitGltf("nobin");
    fs::remove(files.bin);
    const std::string message = errorOf([&] { loadScene(files.gltf); });
    EXPECT_NE(message.find("\"nobin.bin\""), std::string::npos) << message;
    EXPECT_NE(message.find("missing"), std::string::npos) << message;
    const test::CliResult info = test::runCli({"info", files.gltf});
    EXPECT_EQ(info.status, 1);
    EXPECT_NE(info.err.find("nobin.bin"), std::string::npos) << info.err;
}

TEST(AssimpForeign, ReferencesOutsideTheFilesFolderAreRefusedWithTheUriNamed)
{
    const std::vector<uint8_t> passwd = test::readBytes("/etc/passwd");
    ASSERT_GE(passwd.size(), 16u);
    const std::string secret(passwd.begin(), passwd.begin() + 16);
    for (const char* name : {"security_gltf_escaped_uri_reads_local_file.gltf", "security_glb_external_buffer_reads_local_file.glb"}) {
        const std::string path = test::fixturePath(std::string("security/") + name);
        const std::string out = test::tempPath(std::string(name) + ".out.glb");
        const test::CliResult r = test::runCli({"convert", path, out});
        EXPECT_EQ(r.status, 1) << name;
        EXPECT_NE(r.err.find("\"/etc/passwd\""), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(out)) << name;
        EXPECT_EQ(r.out.find(secret), std::string::npos);
        const test::CliResult dump = test::runCli({"dump", path});
        EXPECT_EQ(dump.out.find(secret), std::string::npos) << name;
        EXPECT_NE(errorOf([&] { loadSkeletonScene(path); }).find("/etc/passwd"), std::string::npos) << name;
    }

    // Every other way out of the folder: "..", URLs, links; the bytes alone may name no file at all.
    const GltfFiles files = writeSplitGltf("escape");
    const fs::path folder = fs::path(files.gltf).parent_path() / "inner";
    fs::create_directories(folder);
    fs::create_symlink(files.bin, folder / "link.bin");
    const std::vector<uint8_t> original = test::readBytes(files.gltf);
    const std::string gltf(original.begin(), original.end());
    for (const std::string& uri : std::vector<std::string>{"../escape.bin", "sub/../../escape.bin", "file://" + files.bin, "link.bin", "C:escape.bin"}) {
        std::string text = gltf;
        const size_t at = text.find("\"escape.bin\"");
        ASSERT_NE(at, std::string::npos);
        text.replace(at, 12, nlohmann::json(uri).dump());
        const std::string path = (folder / "evil.gltf").string();
        test::writeBytes(path, std::vector<uint8_t>(text.begin(), text.end()));
        const std::string message = errorOf([&] { loadScene(path); });
        EXPECT_NE(message.find(nlohmann::json(uri).dump()), std::string::npos) << uri << ": " << message;
        EXPECT_NE(message.find("does not open"), std::string::npos) << uri << ": " << message;
        EXPECT_NE(errorOf([&] { importWithAssimp(path); }), "") << uri;
    }
    const std::string fromMemory = errorOf([&] { AssimpFormat().read(test::readBytes(files.gltf)); });
    EXPECT_NE(fromMemory.find("\"escape.bin\""), std::string::npos) << fromMemory;
}

TEST(AssimpForeign, DeepNodeHierarchyIsAnErrorNotAStackOverflow)
{
    const std::string json = chainGltf(20000);
    const GltfJsonFacts facts = scanGltfJson(json);
    EXPECT_EQ(facts.nodeDepth, 20000u);
    const std::string glb = test::tempPath("chain.glb"), gltf = test::tempPath("chain.gltf");
    test::writeBytes(glb, asGlb(json));
    test::writeBytes(gltf, std::vector<uint8_t>(json.begin(), json.end()));
    for (const std::string& path : {glb, gltf}) {
        const std::string message = errorOf([&] { loadScene(path); });
        EXPECT_NE(message.find("20000 levels deep"), std::string::npos) << message;
        EXPECT_NE(message.find(path), std::string::npos) << message;
        EXPECT_NE(errorOf([&] { importWithAssimp(path); }).find("20000 levels deep"), std::string::npos);
    }
    // As deep as allowed still opens.
    const std::string ok = chainGltf(bonescope::MaxNodeDepth);
    EXPECT_EQ(AssimpFormat().read(bytesOf(ok)).skeleton.size(), bonescope::MaxNodeDepth);
    // A loop in "children" is refused, not followed.
    EXPECT_TRUE(scanGltfJson("{\"nodes\":[{\"children\":[1]},{\"children\":[0]}]}").nodeCycle);
}

// Assimp 5.2 indexes a skin's inverse bind matrices by joint without checking their count (valgrind
// showed invalid reads and the mesh came out garbage, no error): a skin with fewer matrices than joints
// is refused before Assimp reads it, naming the skin and the accessor.
TEST(AssimpForeign, SkinWithFewerInverseBindMatricesThanJointsIsRefused)
{
    const auto demo = test::readBytes(test::fixturePath("../../resources/demo/demo_character.glb"));
    const auto chunk = glbJsonChunk(demo);
    ASSERT_TRUE(chunk);
    nlohmann::json j = nlohmann::json::parse(*chunk);
    const uint64_t jsonEnd = 20 + ((chunk->size() + 3) & ~size_t(3));
    const std::vector<uint8_t> bin(demo.begin() + long(jsonEnd + 8), demo.end());
    ASSERT_EQ(j["skins"].size(), 1u);
    const size_t joints = j["skins"][0]["joints"].size();
    const size_t ibm = j["skins"][0]["inverseBindMatrices"];
    ASSERT_EQ(j["accessors"][ibm]["count"], joints);
    // The file as it is opens (the check finds nothing wrong with sound skins).
    const std::string good = test::tempPath("skin_ok.glb");
    test::writeBytes(good, asGlb(j.dump(), bin));
    EXPECT_EQ(importWithAssimp(good).skeleton.size(), AssimpFormat().read(demo).skeleton.size());

    j["accessors"][ibm]["count"] = 1;
    const std::string bad = test::tempPath("skin_short.glb");
    test::writeBytes(bad, asGlb(j.dump(), bin));
    const std::string message = errorOf([&] { importWithAssimp(bad); });
    EXPECT_NE(message.find("skin 0 has " + std::to_string(joints) + " joints but its inverseBindMatrices accessor " +
                           std::to_string(ibm) + " holds 1 matrices"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(bad), std::string::npos) << message;

    j["skins"][0]["inverseBindMatrices"] = 999;
    EXPECT_NE(skinProblem(scanGltfJson(j.dump())).find("accessor 999, which the file lacks"), std::string::npos);
    j["skins"][0].erase("inverseBindMatrices"); // identity matrices: nothing to read
    EXPECT_EQ(skinProblem(scanGltfJson(j.dump())), "");
}

namespace {

// A .glb whose one track has rotation keys at the given times.
std::string glbWithKeys(const std::string& name, const std::vector<double>& times)
{
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "hip"});
    Animation a;
    a.name = "clip";
    a.duration = times.back();
    Track t;
    t.name = "hip";
    for (size_t i = 0; i < times.size(); ++i)
        t.rotation.keys.push_back({times[i], glm::angleAxis(0.1 * double(i), glm::dvec3(0, 1, 0))});
    a.tracks.push_back(t);
    s.animations.push_back(a);
    const std::string path = test::tempPath(name);
    test::writeBytes(path, AssimpFormat().write(s));
    return path;
}

} // namespace

TEST(AssimpForeign, GltfHasNoFrameRateAndSaysWhereItsRateComesFrom)
{
    const std::string on24 = glbWithKeys("on24.glb", {0.0, 1.0 / 24, 5.0 / 24, 1.0});
    const LoadedScene loaded = loadScene(on24);
    EXPECT_TRUE(loaded.scene.animations[0].fpsFromKeys);
    EXPECT_EQ(loaded.scene.animations[0].fps, 24.0);
    EXPECT_NEAR(loaded.scene.animations[0].tracks[0].rotation.keys.time(1), 1.0 / 24, 1e-6); // real times
    const test::CliResult info = test::runCli({"info", on24});
    EXPECT_NE(info.out.find("at 24 fps (derived from the key spacing"), std::string::npos) << info.out;
    const test::CliResult dump = test::runCli({"dump", on24});
    EXPECT_NE(dump.out.find("\"fpsFromKeys\": true"), std::string::npos);

    // Irregular keys: a rate at which no two keys share a frame, said in the conversion report.
    const std::string uneven = glbWithKeys("uneven.glb", {0.0, 0.37, 0.38, 1.0});
    EXPECT_EQ(loadScene(uneven).scene.animations[0].fps, 120.0);
    const std::string bvh = test::tempPath("uneven.bvh");
    const test::CliResult convert = test::runCli({"convert", uneven, bvh});
    EXPECT_EQ(convert.status, 0) << convert.err;
    const std::string said = convert.out + convert.err;
    EXPECT_NE(said.find("no frame rate; written at 120 fps (derived from the key spacing"), std::string::npos) << said;
    EXPECT_EQ(said.find("same frame"), std::string::npos) << said;
    EXPECT_NEAR(loadScene(bvh).scene.animations[0].fps, 120.0, 1e-4); // BVH stores the frame time in text

    // Keys that --fps rounds onto one frame are a reported loss.
    const std::string seanim = test::tempPath("uneven.seanim");
    const test::CliResult coarse = test::runCli({"convert", "--fps", "30", uneven, seanim});
    EXPECT_EQ(coarse.status, 0) << coarse.err;
    const std::string coarseSaid = coarse.out + coarse.err;
    EXPECT_NE(coarseSaid.find("written at 30 fps (--fps)"), std::string::npos) << coarseSaid;
    EXPECT_NE(coarseSaid.find("1 key falls on the same frame as another at 30 fps"), std::string::npos) << coarseSaid;
}
