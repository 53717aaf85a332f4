// `--base` and `--base-weight`: an additive SEAnim played on a base in `pose`, and baked to plain
// absolute keys by `convert`, against hand-computed poses; the options' checks.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/playback/layering.h"
#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "tests/support/one_bone_seanim.h"
#include "tests/support/test_support.h"

using namespace bonescope;
using json = nlohmann::json;

namespace {

using test::aboutZ;

std::string writeSeanim(const std::string& name, uint8_t type, glm::dvec3 t, double from, double to)
{
    const std::string path = test::tempPath(name);
    test::writeBytes(path, test::oneBoneSeanim(type, t, from, to));
    return path;
}

// The rotation about Z, in degrees, of a pose's [x, y, z, w].
double degreesAboutZ(const json& q)
{
    EXPECT_NEAR(q[0].get<double>(), 0, 1e-6);
    EXPECT_NEAR(q[1].get<double>(), 0, 1e-6);
    return glm::degrees(2 * std::atan2(q[2].get<double>(), q[3].get<double>()));
}

struct Files {
    std::string base = writeSeanim("base.seanim", seanim::Absolute, {1, 0, 0}, 30, 30);
    std::string additive = writeSeanim("additive.seanim", seanim::Additive, {0, 2, 0}, 15, 15);
};

} // namespace

TEST(CliBaseLayer, PoseAddsTheAdditiveToTheBase)
{
    const Files f;
    struct Case {
        const char* weight;
        double degrees, y;
    };
    for (const Case c : {Case{"1", 45, 2}, Case{"0.5", 37.5, 1}, Case{"0", 30, 0}}) {
        const auto r = test::runCli({"pose", f.additive, "--time", "0.5", "--base", f.base, "--base-weight", c.weight});
        ASSERT_EQ(r.status, 0) << r.err;
        const json root = json::parse(r.out)["bones"][0];
        EXPECT_NEAR(degreesAboutZ(root["rotation"]), c.degrees, 1e-4) << c.weight;
        EXPECT_NEAR(root["translation"][0].get<double>(), 1, 1e-5);
        EXPECT_NEAR(root["translation"][1].get<double>(), c.y, 1e-5);
    }
    // Without a base the additive plays on the rest pose (identity without a skeleton).
    const auto alone = test::runCli({"pose", f.additive, "--time", "0.5"});
    ASSERT_EQ(alone.status, 0) << alone.err;
    EXPECT_NEAR(degreesAboutZ(json::parse(alone.out)["bones"][0]["rotation"]), 15, 1e-4);
    // The base, named with its animation index, is reported.
    const auto named = test::runCli({"pose", f.additive, "--time", "0", "--base", f.base + ":0"});
    ASSERT_EQ(named.status, 0) << named.err;
    const json base = json::parse(named.out)["base"];
    EXPECT_EQ(base["weight"], 1.0);
    EXPECT_TRUE(base["unmatchedTracks"].empty());
}

TEST(CliBaseLayer, OptionsAreChecked)
{
    const Files f;
    const auto over = test::runCli({"pose", f.additive, "--time", "0", "--base", f.base, "--base-weight", "2.5"});
    EXPECT_EQ(over.status, 2);
    EXPECT_EQ(over.err, "bonescope-cli: --base-weight takes a number from 0 to 2, not '2.5'\n(see 'bonescope-cli --help')\n");
    EXPECT_EQ(test::runCli({"pose", f.additive, "--time", "0", "--base", f.base, "--base-weight", "-0.1"}).status, 2);
    EXPECT_EQ(test::runCli({"pose", f.additive, "--time", "0", "--base", f.base, "--base-weight", "nan"}).status, 2);
    const auto alone = test::runCli({"pose", f.additive, "--time", "0", "--base-weight", "1"});
    EXPECT_EQ(alone.status, 2);
    EXPECT_NE(alone.err.find("--base-weight needs --base"), std::string::npos);
    const auto missing = test::runCli({"pose", f.additive, "--time", "0", "--base", f.base + ":walk"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find(f.base + ": no animation 'walk'"), std::string::npos) << missing.err;
    const auto absent = test::runCli({"convert", f.additive, test::tempPath("x.seanim"), "--base", "/nonexistent/b.seanim"});
    EXPECT_EQ(absent.status, 1);
    EXPECT_NE(absent.err.find("/nonexistent/b.seanim"), std::string::npos) << absent.err;
}

TEST(CliBaseLayer, ConvertWritesTheLayeredPoseAsAbsoluteKeys)
{
    // A moving base (0 -> 60 deg) and additive (15 -> 45 deg) at weight 0.5, into SEAnim and BVH.
    const std::string base = writeSeanim("moving-base.seanim", seanim::Absolute, {1, 0, 0}, 0, 60);
    const std::string additive = writeSeanim("moving-add.seanim", seanim::Additive, {0, 2, 0}, 15, 45);
    for (const char* ext : {"seanim", "bvh"}) {
        const std::string out = test::tempPath(std::string("baked.") + ext);
        const auto r = test::runCli({"convert", additive, out, "--base", base, "--base-weight", "0.5"});
        ASSERT_EQ(r.status, 0) << r.err;
        const LoadedScene back = loadScene(out);
        const Animation& baked = back.scene.animations.at(0);
        EXPECT_EQ(baked.blend, BlendMode{}) << ext;
        EXPECT_TRUE(baked.modifiers.empty());
        // Re-read: the same poses as the layered sampler gives, frame by frame.
        const LoadedScene add = loadScene(additive);
        BaseLayer layer;
        layer.animation = loadScene(base).scene.animations[0];
        layer.weight = 0.5;
        LayeredSampler layered(add.scene.animations[0], layer, Skeleton{});
        Sampler plain(baked, back.scene.skeleton);
        std::vector<LocalTransform> want, got;
        for (int frame = 0; frame <= 30; ++frame) {
            layered.sampleLocal(frame / 30.0, want);
            plain.sampleLocal(frame / 30.0, got);
            const int bone = plain.skeleton().find("root");
            ASSERT_GE(bone, 0);
            EXPECT_NEAR(std::abs(glm::dot(got[bone].rotation, want[0].rotation)), 1.0, 1e-6) << ext << " " << frame;
            EXPECT_NEAR(glm::distance(got[bone].translation, want[0].translation), 0, 1e-5) << ext << " " << frame;
        }
        // Frame 15 by hand: base 30 deg, half of the additive's 30 deg: 45 deg; (1, 1, 0).
        plain.sampleLocal(0.5, got);
        const int bone = plain.skeleton().find("root");
        EXPECT_NEAR(std::abs(glm::dot(got[bone].rotation, aboutZ(45))), 1.0, 1e-6) << ext;
        EXPECT_NEAR(glm::distance(got[bone].translation, glm::dvec3(1, 1, 0)), 0, 1e-5) << ext;
    }
}
