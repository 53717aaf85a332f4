// `--reduce-keys` on convert and edit: the report (keys, bytes, largest error, assumed units), the
// refusals before anything is written (a bound that is not a positive number, BVH output, options
// without --reduce-keys), and edit --in-place of a real Second Life clip.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace bonescope {
namespace {

const std::string kCmu = "rigs/cmu_131_01_walk.bvh";

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

TEST(CliReduceKeys, ConvertReportsKeysBytesAndTheLargestError)
{
    const std::string out = test::tempPath("reduced.cast");
    const auto r = test::runCli({"convert", test::fixturePath(kCmu), out, "--reduce-keys", "--max-error", "0.5"});
    ASSERT_EQ(r.status, 0) << r.err;
    std::smatch m;
    const std::regex line(R"(reduced keys: 31808 -> (\d+) \(\d+% fewer\), (\d+) -> (\d+) bytes, largest error ([0-9.e-]+) mm \(bound 0\.5 mm\))");
    ASSERT_TRUE(std::regex_search(r.out, m, line)) << r.out;
    EXPECT_LT(std::stoul(m[1]), 31808u / 2);
    EXPECT_EQ(std::stoull(m[3]), fs::file_size(out)); // the bytes written
    EXPECT_LT(std::stoull(m[3]), std::stoull(m[2]));
    EXPECT_LE(std::stod(m[4]), 0.5);
    EXPECT_GT(std::stod(m[4]), 0.05); // it used the bound
    // BVH states no units: assumed, and said.
    EXPECT_TRUE(contains(r.out, "BVH files do not state their units: taken as centimetres")) << r.out;
    // Stated units: no such line; --units m on a centimetre file makes the bound 100 times tighter.
    const auto inMetres = test::runCli({"convert", test::fixturePath(kCmu), out, "--reduce-keys", "--max-error", "0.5", "--units", "m"});
    ASSERT_EQ(inMetres.status, 0) << inMetres.err;
    EXPECT_FALSE(contains(inMetres.out, "do not state")) << inMetres.out;
    std::smatch tight;
    ASSERT_TRUE(std::regex_search(inMetres.out, tight, line)) << inMetres.out;
    EXPECT_GT(std::stoul(tight[1]), std::stoul(m[1]));
}

TEST(CliReduceKeys, RefusedBeforeAnythingIsWritten)
{
    const std::string out = test::tempPath("never.cast");
    for (const std::vector<std::string>& extra :
         {std::vector<std::string>{"--reduce-keys", "--max-error", "0"}, {"--reduce-keys", "--max-error", "-1"},
          {"--reduce-keys", "--max-error", "abc"}, {"--reduce-keys", "--max-error", "nan"}, {"--reduce-keys", "--max-error", "1e9"},
          {"--max-error", "0.1"}, {"--reduce-keys", "--units", "furlong"}}) {
        std::vector<std::string> args{"convert", test::fixturePath(kCmu), out};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = test::runCli(args);
        EXPECT_EQ(r.status, 2) << extra.back();
        EXPECT_TRUE(contains(r.err, "--max-error") || contains(r.err, "--units")) << r.err;
        EXPECT_FALSE(fs::exists(out));
    }
    // BVH stores every frame: refused with the reason, nothing written.
    const std::string bvh = test::tempPath("never.bvh");
    const auto r = test::runCli({"convert", test::fixturePath(kCmu), bvh, "--reduce-keys"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "BVH stores every joint at every frame (one line per frame), so it cannot drop keys")) << r.err;
    EXPECT_FALSE(fs::exists(bvh));
}

TEST(CliReduceKeys, EditInPlace)
{
    const fs::path dir = test::freshFolder("reduce_edit");
    const fs::path anim = dir / "tower.anim", bvh = dir / "tower.bvh";
    fs::copy_file(test::samplePath("secondlife/opencollar_Tower.anim"), anim);
    fs::copy_file(test::samplePath("secondlife/opencollar_tower.bvh"), bvh);
    const uintmax_t size = fs::file_size(anim);
    const auto r = test::runCli({"edit", "--in-place", "--reduce-keys", "--max-error", "1", anim.string(), bvh.string()});
    EXPECT_EQ(r.status, 1) << r.err; // the BVH failed
    EXPECT_TRUE(contains(r.err, "reduced keys: 1386 -> ")) << r.err;
    EXPECT_TRUE(contains(r.err, "size: " + std::to_string(size) + " -> " + std::to_string(fs::file_size(anim)) + " bytes")) << r.err;
    EXPECT_LT(fs::file_size(anim), size);
    EXPECT_TRUE(contains(r.err, "cannot drop keys")) << r.err;
    EXPECT_EQ(test::readBytes(bvh.string()), test::readBytes(test::samplePath("secondlife/opencollar_tower.bvh")));
    // The reduced file reads back with its keys.
    const auto info = test::runCli({"info", anim.string()});
    EXPECT_EQ(info.status, 0) << info.err;
}

TEST(CliReduceKeys, CurvesToGltf)
{
    // The CMU walk to glTF at 0.5 mm: as fitted cubic curves, far fewer keys than straight segments,
    // the bound kept; the file read back plays cubic splines. Refused for a format without tangents.
    const std::string linear = test::tempPath("walk_linear.glb"), curves = test::tempPath("walk_curves.glb");
    const std::regex line(R"(reduced keys: 31808 -> (\d+) .* largest error ([0-9.e-]+) mm \(bound 0\.5 mm\)(, as cubic curves)?)");
    // glTF states metres, and the walk keeps the BVH's units (about 5.6 cm): say they are centimetres.
    const auto a = test::runCli({"convert", test::fixturePath(kCmu), linear, "--reduce-keys", "--max-error", "0.5", "--units", "cm"});
    const auto b = test::runCli({"convert", test::fixturePath(kCmu), curves, "--reduce-keys", "--max-error", "0.5", "--units", "cm", "--curves"});
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    std::smatch ma, mb;
    ASSERT_TRUE(std::regex_search(a.out, ma, line)) << a.out;
    ASSERT_TRUE(std::regex_search(b.out, mb, line)) << b.out;
    EXPECT_FALSE(ma[3].matched);
    EXPECT_TRUE(mb[3].matched);
    EXPECT_LT(std::stoul(mb[1]) * 2, std::stoul(ma[1])); // less than half the keys
    EXPECT_LE(std::stod(mb[2]), 0.5);
    const std::vector<uint8_t> glb = test::readBytes(curves);
    const std::string text(glb.begin(), glb.end()); // the JSON chunk names each sampler's interpolation
    size_t samplers = 0;
    for (size_t at = text.find("\"CUBICSPLINE\""); at != std::string::npos; at = text.find("\"CUBICSPLINE\"", at + 1))
        ++samplers;
    EXPECT_GE(samplers, 20u); // the walk's joints turn on curves
    EXPECT_EQ(test::runCli({"info", curves}).status, 0);

    const std::string cast = test::tempPath("never_curves.cast");
    const auto r = test::runCli({"convert", test::fixturePath(kCmu), cast, "--reduce-keys", "--curves"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "keeps no curve tangents")) << r.err;
    EXPECT_FALSE(fs::exists(cast));
    const auto alone = test::runCli({"convert", test::fixturePath(kCmu), cast, "--curves"});
    EXPECT_EQ(alone.status, 2);
    EXPECT_TRUE(contains(alone.err, "--curves goes with --reduce-keys")) << alone.err;
}

} // namespace
} // namespace bonescope
