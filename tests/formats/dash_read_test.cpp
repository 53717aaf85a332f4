// Dash fixtures read in all four variants. Expected values were read off the bytes with python's
// struct (e.g. model15.dmf: ANIM row at 0x60 -> anim list at 0x420; walk's record at 0x510 is
// bone 2, prs_flags 7, time 0.5, pos (0, 0.5, 0), rot (0, 0, 0.70710677, 0.70710677), scl 1.5).
#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/playback/sampler.h"
#include "formats/dash/dash_extra.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "tests/formats/dash_fixture_gen.h"
#include "tests/support/test_support.h"
#include "tests/support/glm_expect.h"

using namespace bonescope;

namespace {

const char* const kFiles[] = {"model15.dmf", "model15_json.dmf", "model20.dmx", "model20_json.dmx"};
const char* const kIds[] = {"dash15", "dash15-json", "dmx", "dmx-json"};
constexpr double kS45 = 0.7071067690849304; // the f32 nearest sin 45 degrees, as stored

std::string fixture(const char* f) { return test::fixturePath(std::string("dash/") + f); }

void expectVec(const glm::dvec3& v, double x, double y, double z)
{
    test::expectNear(v, {x, y, z}, 1e-6);
}

void expectQuat(const glm::dquat& q, double x, double y, double z, double w)
{
    test::expectNear(q, glm::dquat(w, x, y, z), 1e-6);
}

} // namespace

TEST(DashRead, AllFourVariantsHoldTheSameModel)
{
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(kFiles[i]);
        const LoadedScene l = loadScene(fixture(kFiles[i]));
        const Scene& s = l.scene;
        EXPECT_EQ(s.format, kIds[i]);

        ASSERT_EQ(s.skeleton.size(), 4u);
        EXPECT_EQ(s.skeleton.bones[0].name, "root");
        EXPECT_EQ(s.skeleton.bones[0].parent, -1);
        EXPECT_EQ(s.skeleton.bones[2].name, test::dashLongName());
        EXPECT_EQ(s.skeleton.bones[2].name.size(), 31u);
        EXPECT_EQ(s.skeleton.bones[2].parent, 1);
        EXPECT_EQ(s.skeleton.bones[3].parent, 0);
        // 1.5 stores head's matrix columns (0,1,0) (-1,0,0) (0,0,1) (0,0.5,0): 90 degrees about Z.
        expectQuat(s.skeleton.bones[2].restRotation, 0, 0, kS45, kS45);
        expectVec(s.skeleton.bones[2].restTranslation, 0, 0.5, 0);
        expectVec(s.skeleton.bones[3].restScale, 1, 2, 1);

        ASSERT_EQ(s.mesh.positions.size(), 4u);
        EXPECT_EQ(s.mesh.indices, (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
        ASSERT_TRUE(s.mesh.skinned());
        EXPECT_EQ(s.mesh.joints[2], glm::uvec4(1, 2, 0, 0));
        EXPECT_FLOAT_EQ(s.mesh.weights[2].x, 0.25f);
        EXPECT_FLOAT_EQ(s.mesh.weights[2].y, 0.75f);
        EXPECT_FLOAT_EQ(s.mesh.positions[2].y, 1.5f);

        const auto* x = s.extra.as<DashExtra>();
        ASSERT_TRUE(x);
        ASSERT_EQ(x->textures.size(), 1u);
        EXPECT_EQ(x->textures[0].name, "checker");
        ASSERT_EQ(x->textures[0].data.size(), 70u);
        EXPECT_EQ(x->textures[0].data[1], 'P'); // "\x89PNG"
        EXPECT_EQ(x->textures[0].wrapS, 1000u);
        EXPECT_EQ(x->textures[0].wrapT, 1002u);
        ASSERT_EQ(x->materials.size(), 1u);
        EXPECT_EQ(x->materials[0].name, "skin");
        EXPECT_EQ(x->materials[0].texture, 0);
        // 2.0 JSON spells colours as 8-bit "rgb(255, 128, 64)": 0.5 comes back as 128/255.
        EXPECT_FLOAT_EQ(x->materials[0].diffuse.g, i == 3 ? 128 / 255.f : 0.5f);
        ASSERT_EQ(x->faces.size(), 2u);
        EXPECT_EQ(x->faces[1].corners[2].color[0], 202); // corner c of face 1: rgba(202, 101, 50, 255)
        EXPECT_EQ(x->faces[1].corners[2].color[1], 101);

        ASSERT_EQ(s.animations.size(), 2u);
        const Animation& walk = s.animations[0];
        EXPECT_EQ(walk.name, "walk");
        EXPECT_EQ(walk.fps, 30);
        EXPECT_EQ(walk.duration, 1.0);
        ASSERT_EQ(walk.tracks.size(), 3u); // tail has no keys
        EXPECT_EQ(walk.findTrack("tail"), -1);
        // root: records at 1.0, 0.5, 0.0 in the file come out sorted.
        const Track& root = walk.tracks[walk.findTrack("root")];
        ASSERT_EQ(root.translation.size(), 3u);
        EXPECT_EQ(root.translation.keys.time(0), 0.0);
        EXPECT_EQ(root.translation.keys.time(1), 0.5);
        EXPECT_EQ(root.translation.keys.time(2), 1.0);
        expectVec(root.translation.keys.value(1), 0, 0, 1);
        expectVec(root.translation.keys.value(2), 0, 0, 2);
        EXPECT_TRUE(root.rotation.empty());
        const Track& spine = walk.tracks[walk.findTrack("spine")];
        ASSERT_EQ(spine.rotation.size(), 3u);
        EXPECT_EQ(spine.rotation.keys.time(1), 0.5);
        expectQuat(spine.rotation.keys.value(1), 0.3826834261417389, 0, 0, 0.9238795042037964);
        // The record with all three channels gives one key on each.
        const Track& head = walk.tracks[walk.findTrack(test::dashLongName())];
        ASSERT_EQ(head.translation.size(), 1u);
        ASSERT_EQ(head.rotation.size(), 1u);
        ASSERT_EQ(head.scale.size(), 1u);
        EXPECT_EQ(head.scale.keys.time(0), 0.5);
        expectVec(head.scale.keys.value(0), 1.5, 1.5, 1.5);

        const Animation& wave = s.animations[1];
        EXPECT_EQ(wave.name, "wave");
        EXPECT_EQ(wave.fps, i < 2 ? 24 : 30); // 2.0 has no frame rate: 30
        EXPECT_EQ(wave.duration, 0.5);
        ASSERT_EQ(wave.tracks.size(), 1u);
        expectQuat(wave.tracks[0].rotation.keys.value(1), 0, 0, 1, 0);
        expectVec(wave.tracks[0].scale.keys.value(0), 2, 2, 2);
    }
}

TEST(DashRead, PlaybackUsesLocalKeysAndRestForUnkeyedChannels)
{
    for (const char* f : kFiles) {
        SCOPED_TRACE(f);
        const Scene s = loadScene(fixture(f)).scene;
        Sampler sampler(s.animations[0], s.skeleton);
        Pose pose;
        sampler.sample(0.25, pose);
        // root: lerp of (0,0,0) at 0 and (0,0,1) at 0.5.
        EXPECT_NEAR(pose.local[0].translation.z, 0.5f, 1e-6f);
        // spine: slerp identity -> 45 degrees about X, halfway = 22.5 degrees: (sin 11.25, 0, 0, cos 11.25).
        EXPECT_NEAR(pose.local[1].rotation.x, 0.19509032f, 1e-5f);
        EXPECT_NEAR(pose.local[1].rotation.w, 0.98078528f, 1e-5f);
        EXPECT_NEAR(pose.local[1].translation.y, 1.0f, 1e-6f); // unkeyed: rest
        // head: its only keys (at 0.5) hold before.
        EXPECT_NEAR(pose.local[2].scale.x, 1.5f, 1e-6f);
        // tail: no keys at all: the rest pose.
        EXPECT_NEAR(pose.local[3].translation.y, -0.5f, 1e-6f);
        EXPECT_NEAR(pose.local[3].scale.y, 2.0f, 1e-6f);

        Sampler wave(s.animations[1], s.skeleton);
        wave.sample(0.25, pose);
        // 90 -> 180 degrees about Z, halfway: 135 degrees = (0, 0, sin 67.5, cos 67.5).
        EXPECT_NEAR(pose.local[2].rotation.z, 0.92387953f, 1e-5f);
        EXPECT_NEAR(pose.local[2].rotation.w, 0.38268343f, 1e-5f);
    }
}

TEST(DashRead, UneditedFilesWriteBackIdentically)
{
    for (const char* f : kFiles) {
        SCOPED_TRACE(f);
        const LoadedScene l = loadScene(fixture(f));
        const auto bytes = test::readBytes(fixture(f));
        const auto out = l.format->write(l.scene);
        EXPECT_EQ(out, bytes);
        if (std::string(f).find("json") != std::string::npos) {
            EXPECT_EQ(nlohmann::json::parse(out), nlohmann::json::parse(bytes));
        }
    }
}

TEST(DashRead, DetectsByContentNotExtension)
{
    // The 1.5 JSON file named .dmx, and the 2.0 binary named .dmf, are still read as what they are.
    const std::string a = test::tempPath("json15.dmx");
    test::writeBytes(a, test::readBytes(fixture("model15_json.dmf")));
    EXPECT_EQ(loadScene(a).scene.format, "dash15-json");
    const std::string b = test::tempPath("bin20.dmf");
    test::writeBytes(b, test::readBytes(fixture("model20.dmx")));
    EXPECT_EQ(loadScene(b).scene.format, "dmx");
    // An unrelated .dmf is not taken for Dash.
    const std::string c = test::tempPath("other.dmf");
    test::writeBytes(c, {'D', 'M', 'F', '1', 0, 0, 0, 0});
    EXPECT_EQ(test::runCli({"info", c}).status, 1);
}

TEST(DashConvert, EveryVariantConvertsIntoEveryOther)
{
    const Registry& reg = Registry::instance();
    for (const char* from : kFiles) {
        const Scene src = loadScene(fixture(from)).scene;
        for (const char* id : kIds) {
            SCOPED_TRACE(std::string(from) + " -> " + id);
            const Format* target = reg.byId(id);
            ASSERT_TRUE(target);
            const auto bytes = target->write(src);
            const Scene back = target->read(bytes);
            ASSERT_EQ(back.skeleton.size(), 4u);
            expectQuat(back.skeleton.bones[2].restRotation, 0, 0, kS45, kS45);
            expectVec(back.skeleton.bones[3].restScale, 1, 2, 1);
            EXPECT_EQ(back.mesh.indices, src.mesh.indices);
            EXPECT_EQ(back.mesh.joints, src.mesh.joints);
            ASSERT_EQ(back.animations.size(), 2u);
            for (int a = 0; a < 2; ++a) {
                ASSERT_EQ(back.animations[a].tracks.size(), src.animations[a].tracks.size());
                for (size_t t = 0; t < src.animations[a].tracks.size(); ++t) {
                    const Track& x = src.animations[a].tracks[t];
                    const Track& y = back.animations[a].tracks[t];
                    EXPECT_EQ(x.name, y.name);
                    ASSERT_EQ(x.translation.size(), y.translation.size());
                    ASSERT_EQ(x.rotation.size(), y.rotation.size());
                    ASSERT_EQ(x.scale.size(), y.scale.size());
                    for (size_t k = 0; k < x.rotation.size(); ++k) {
                        EXPECT_EQ(x.rotation.keys.time(k), y.rotation.keys.time(k));
                        EXPECT_EQ(x.rotation.keys.value(k), y.rotation.keys.value(k));
                    }
                }
            }
            const bool toV2 = std::string(id).rfind("dmx", 0) == 0;
            const bool fromV2 = std::string(from).find("20") != std::string::npos;
            // 2.0 has no frame rate: 24 fps becomes 30, and the loss says so.
            EXPECT_EQ(back.animations[1].fps, toV2 || fromV2 ? 30 : 24);
            const auto loss = target->conversionLoss(src);
            bool fpsLoss = false;
            for (const auto& m : loss)
                fpsLoss |= m.text.find("no frame rate; 24 fps becomes 30") != std::string::npos;
            EXPECT_EQ(fpsLoss, toV2 && !fromV2);
        }
    }
}

TEST(DashConvert, TwoZeroKeyframesMergeIntoOneRecordPerBoneAndTime)
{
    const Scene s = loadScene(fixture("model20.dmx")).scene;
    const Format* f15 = Registry::instance().byId("dash15");
    const Scene back = f15->read(f15->write(s));
    const auto* raw = back.animations[0].extra.as<DashAnimExtra>();
    ASSERT_TRUE(raw);
    // walk: root 3 + spine 3 + head 1 (position, rotation and scale at 0.5 in one record).
    ASSERT_EQ(raw->records.size(), 7u);
    int all = 0;
    for (const DashRecord15& r : raw->records)
        all += r.flags == 7 && r.bone == 2 && r.time == 0.5;
    EXPECT_EQ(all, 1);
    EXPECT_EQ(raw->fpsRaw, 30u); // 2.0 gave no fps: the default
}

TEST(DashCli, InfoDumpPoseConvertValidateOnAllVariants)
{
    for (const char* f : kFiles) {
        SCOPED_TRACE(f);
        const std::string path = fixture(f);
        auto info = test::runCli({"info", path});
        EXPECT_EQ(info.status, 0) << info.err;
        EXPECT_NE(info.out.find("animation 1 'wave'"), std::string::npos);
        auto dump = test::runCli({"dump", path, "--animation", "wave"});
        ASSERT_EQ(dump.status, 0) << dump.err;
        const auto j = nlohmann::json::parse(dump.out);
        EXPECT_EQ(j["name"], "wave");
        EXPECT_EQ(j["animationIndex"], 1);
        EXPECT_EQ(j["bones"].size(), 4u);
        auto dump1 = test::runCli({"dump", path, "--animation", "1"});
        EXPECT_EQ(nlohmann::json::parse(dump1.out)["name"], "wave");
        EXPECT_EQ(test::runCli({"dump", path, "--animation", "run"}).status, 1);
        auto pose = test::runCli({"pose", path, "--time", "0.25", "--animation", "1"});
        ASSERT_EQ(pose.status, 0) << pose.err;
        const auto p = nlohmann::json::parse(pose.out);
        EXPECT_NEAR(p["bones"][2]["rotation"][2].get<double>(), 0.92387953, 1e-5);
        EXPECT_EQ(test::runCli({"validate", path}).status, 0);
        const std::string out = test::tempPath(std::string("conv_") + f);
        auto conv = test::runCli({"convert", path, out});
        EXPECT_EQ(conv.status, 0) << conv.err;
        EXPECT_EQ(test::readBytes(out), test::readBytes(path)); // same extension: same variant back
    }
    // 1.5 -> 2.0 through the CLI prints the loss.
    auto conv = test::runCli({"convert", fixture("model15.dmf"), test::tempPath("to20.dmx")});
    EXPECT_EQ(conv.status, 0);
    EXPECT_NE(conv.err.find("warning: animation 'wave': DMX 2.0 stores no frame rate"), std::string::npos) << conv.err;
}
