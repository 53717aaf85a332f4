// pns065rd.ani (the isledecomp sample): values worked out from the bytes with Python's struct.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "formats/lego/lego_extra.h"
#include "formats/lego/lego_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

const std::string kSample = "lego/pns065rd.ani";

Scene readSample()
{
    const auto bytes = test::readBytes(test::samplePath(kSample));
    return LegoFormat().read(bytes);
}

} // namespace

TEST(LegoSample, ResavesByteIdentically)
{
    const auto bytes = test::readBytes(test::samplePath(kSample));
    ASSERT_EQ(bytes.size(), 4788u);
    LegoFormat f;
    EXPECT_EQ(f.write(f.read(bytes)), bytes);
}

TEST(LegoSample, DetectedByContent)
{
    auto loaded = loadScene(test::samplePath(kSample));
    EXPECT_EQ(loaded.scene.format, "lego");
}

TEST(LegoSample, HeaderActorsAndDuration)
{
    const Scene s = readSample();
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    const auto* x = a.extra.as<LegoExtra>();
    ASSERT_NE(x, nullptr);
    EXPECT_FLOAT_EQ(x->boundingRadius, 6.222785949707031f);
    EXPECT_FLOAT_EQ(x->center[0], 1.256983757019043f);
    EXPECT_FLOAT_EQ(x->center[1], 1.0807985067367554f);
    EXPECT_FLOAT_EQ(x->center[2], -46.84101104736328f);
    EXPECT_EQ(x->cameraFlag, 0);
    EXPECT_FALSE(x->hasCamera());
    EXPECT_EQ(x->unused, 1);
    ASSERT_EQ(x->actors.size(), 4u);
    const std::pair<const char*, uint32_t> actors[] = {{"RD", 2}, {"BIKERD", 1}, {"PG", 2}, {"BIKEPG", 1}};
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(x->actors[i].name, actors[i].first);
        EXPECT_EQ(x->actors[i].type, actors[i].second);
        EXPECT_TRUE(x->actors[i].hasType);
    }
    EXPECT_EQ(x->durationMs, 5200);
    EXPECT_DOUBLE_EQ(a.duration, 5.2);
    EXPECT_EQ(x->trailing, std::vector<uint8_t>{0});
}

TEST(LegoSample, NodeTreeAndKeyCounts)
{
    const Scene s = readSample();
    struct Node {
        const char* name;
        int parent;
        size_t translation, rotation;
    };
    const Node nodes[] = {{"-PNS065RD", -1, 0, 0}, {"RD", 0, 14, 13},      {"INFOGRON", 1, 2, 2},
                          {"LEG-RT", 2, 2, 2},     {"LEG-LFT", 2, 2, 2},   {"BODY", 2, 0, 0},
                          {"ARM-RT", 5, 2, 2},     {"CLAW-RT", 6, 2, 2},   {"ARM-LFT", 5, 2, 2},
                          {"CLAW-LFT", 8, 2, 2},   {"HEAD", 5, 2, 0},      {"INFOHAT", 10, 2, 0},
                          {"BIKERD", 1, 2, 2},     {"PG", 0, 4, 2},        {"BIKEPG", 13, 9, 12},
                          {"-mover", 13, 28, 12},  {"INFOGRON", 15, 2, 17}, {"BODY", 16, 0, 0},
                          {"HEAD", 17, 2, 0},      {"INFOHAT", 18, 2, 0},  {"ARM-RT", 16, 2, 13},
                          {"CLAW-RT", 20, 2, 2},   {"ARM-LFT", 16, 2, 13}, {"CLAW-LFT", 22, 2, 2},
                          {"LEG-LFT", 15, 2, 14},  {"LEG-RT", 15, 2, 16}};
    ASSERT_EQ(s.skeleton.size(), 26u);
    const Animation& a = s.animations[0];
    ASSERT_EQ(a.tracks.size(), 26u);
    for (size_t i = 0; i < 26; ++i) {
        SCOPED_TRACE(i);
        const Bone& b = s.skeleton.bones[i];
        EXPECT_EQ(b.name, nodes[i].name);
        EXPECT_EQ(b.parent, nodes[i].parent);
        EXPECT_EQ(b.restTranslation, glm::dvec3(0.0));
        EXPECT_EQ(b.restRotation, glm::dquat(1, 0, 0, 0));
        EXPECT_EQ(b.restScale, glm::dvec3(1.0));
        EXPECT_EQ(a.tracks[i].name, nodes[i].name);
        EXPECT_EQ(a.tracks[i].translation.size(), nodes[i].translation);
        EXPECT_EQ(a.tracks[i].rotation.size(), nodes[i].rotation);
        EXPECT_EQ(a.tracks[i].scale.size(), 0u);
        EXPECT_EQ(a.tracks[i].visibility.size(), 0u);
    }
}

TEST(LegoSample, KeyTimesFlagsAndValues)
{
    const Scene s = readSample();
    const Animation& a = s.animations[0];
    // RD translation key 1: 800 ms, flags 0x01, stored values.
    const Vec3Key& t = a.tracks[1].translation.keys[1];
    EXPECT_DOUBLE_EQ(t.time, 0.8);
    EXPECT_EQ(t.flags, 0x01u);
    EXPECT_EQ(t.value, glm::dvec3(-2.2381410598754883, 6.900830953763051e-14, -47.82249069213867));
    // RD rotation key 1: 700 ms, flags 0x05, stored (angle = w, x, y, z).
    const QuatKey& r = a.tracks[1].rotation.keys[1];
    EXPECT_DOUBLE_EQ(r.time, 0.7);
    EXPECT_EQ(r.flags, 0x05u);
    EXPECT_EQ(r.value.w, 0.9998477101325989);
    EXPECT_EQ(r.value.x, -7.628466192066696e-10);
    EXPECT_EQ(r.value.y, 0.017451897263526917);
    EXPECT_EQ(r.value.z, 7.628471188070307e-10);
    EXPECT_EQ(a.tracks[1].rotation.keys.flags(4), 0x05u); // 4000 ms
    EXPECT_DOUBLE_EQ(a.tracks[1].rotation.keys.time(4), 4.0);
    // -mover translation: first and last keys carry no flags (0x00) and zero values.
    const Vec3Channel& mover = a.tracks[15].translation;
    EXPECT_EQ(mover.keys.front().flags, 0u);
    EXPECT_EQ(mover.keys.back().flags, 0u);
    EXPECT_DOUBLE_EQ(mover.keys.back().time, 5.2);
    EXPECT_EQ(mover.keys.flags(1), 1u);
    EXPECT_DOUBLE_EQ(mover.keys.time(1), 0.4);
    // BIKEPG's last rotation key.
    const QuatKey& last = a.tracks[14].rotation.keys.back();
    EXPECT_DOUBLE_EQ(last.time, 5.2);
    EXPECT_EQ(last.value.w, 0.9999619126319885);
    EXPECT_EQ(last.value.y, 0.00872780941426754);
}

TEST(LegoSample, RepeatedNamesBindToTheirOwnNodes)
{
    const Scene s = readSample();
    const Animation& a = s.animations[0];
    Sampler sampler(a, s.skeleton);
    EXPECT_TRUE(sampler.binding().unmatchedTracks.empty());
    for (size_t i = 0; i < 26; ++i)
        EXPECT_EQ(sampler.binding().trackOfBone[i], int(i));
    Pose pose;
    sampler.sample(0.0, pose);
    // Second INFOGRON (node 16), key at 0 ms: stored (w,x,y,z) = (0.367085, 0.0746844, -0.908571,
    // -0.184851); viewer quaternion (w, -x, y, z).
    const glm::quat q16 = pose.local[16].rotation;
    EXPECT_NEAR(q16.w, 0.36708498001098633, 1e-6);
    EXPECT_NEAR(q16.x, -0.07468439638614655, 1e-6);
    EXPECT_NEAR(q16.y, -0.9085708856582642, 1e-6);
    EXPECT_NEAR(q16.z, -0.184850811958313, 1e-6);
    // First INFOGRON (node 2): (0.976296, 0.216440, 0, 0) -> (0.976296, -0.216440, 0, 0).
    EXPECT_NEAR(pose.local[2].rotation.w, 0.9762960076332092, 1e-6);
    EXPECT_NEAR(pose.local[2].rotation.x, -0.2164396196603775, 1e-6);
}

TEST(LegoSample, SamplesTheGamesRules)
{
    const Scene s = readSample();
    Sampler sampler(s.animations[0], s.skeleton);
    Pose pose;
    // RD translation halfway between 800 ms and 900 ms, x negated for the viewer.
    sampler.sample(0.85, pose);
    EXPECT_NEAR(pose.local[1].translation.x, 2.159026622772217, 1e-5);
    EXPECT_NEAR(pose.local[1].translation.z, -48.01412773132324, 1e-4);
    // BIKEPG 5100 -> 5200 ms is a long-way segment (dot -0.9388): slerp along it, no flip. Expected
    // from sin((1-f)th)/sin(th) a + sin(f th)/sin(th) b at f = 0.5: (w,x,y,z) = (0.183448,
    // -0.108512, -0.975091, 0.061393), viewer (w, -x, y, z).
    sampler.sample(5.15, pose);
    const glm::quat q = pose.local[14].rotation;
    EXPECT_NEAR(q.w, 0.18344849134425384, 1e-5);
    EXPECT_NEAR(q.x, 0.10851239850022817, 1e-5);
    EXPECT_NEAR(q.y, -0.9750913080207024, 1e-5);
    EXPECT_NEAR(q.z, 0.06139293247140745, 1e-5);
    // -mover at 200 ms: key 0 (0x00, zero) and key 400 ms (0x01) -> half the second key.
    sampler.sample(0.2, pose);
    EXPECT_NEAR(pose.local[15].translation.x, -0.1546003222465515 / 2, 1e-6);
    EXPECT_NEAR(pose.local[15].translation.y, 1.2304656505584717 / 2, 1e-6);
    EXPECT_NEAR(pose.local[15].translation.z, 0.26144689321517944 / 2, 1e-6);
}

TEST(LegoSample, CliCommandsWork)
{
    const std::string path = test::samplePath(kSample);
    auto info = test::runCli({"info", path});
    EXPECT_EQ(info.status, 0) << info.err;
    EXPECT_NE(info.out.find("LEGO Island animation"), std::string::npos);
    EXPECT_NE(info.out.find("BIKERD (type 1)"), std::string::npos);

    auto dump = test::runCli({"dump", path});
    ASSERT_EQ(dump.status, 0) << dump.err;
    const auto j = nlohmann::json::parse(dump.out);
    EXPECT_EQ(j["format"], "lego");
    EXPECT_EQ(j["extra"]["header"]["unused"], 1);
    EXPECT_EQ(j["extra"]["header"]["cameraFlag"], 0);
    EXPECT_EQ(j["extra"]["actors"][1]["name"], "BIKERD");
    EXPECT_EQ(j["extra"]["actors"][1]["type"], 1);
    EXPECT_EQ(j["extra"]["durationMs"], 5200);
    EXPECT_EQ(j["extra"]["trailing"], "00");
    ASSERT_EQ(j["bones"].size(), 26u);
    EXPECT_EQ(j["bones"][16]["name"], "INFOGRON");
    EXPECT_EQ(j["bones"][16]["rotation"].size(), 17u); // its own track, not node 2's
    EXPECT_EQ(j["bones"][1]["rotation"][1].back(), 5);   // flags printed per key

    auto pose = test::runCli({"pose", path, "--time", "1"});
    EXPECT_EQ(pose.status, 0) << pose.err;
    EXPECT_EQ(nlohmann::json::parse(pose.out)["bones"].size(), 26u);

    auto validate = test::runCli({"validate", path});
    EXPECT_EQ(validate.status, 0) << validate.err;

    const std::string out = test::tempPath("pns065rd-copy.ani");
    auto convert = test::runCli({"convert", path, out});
    ASSERT_EQ(convert.status, 0) << convert.err;
    EXPECT_EQ(test::readBytes(out), test::readBytes(path));
}

TEST(LegoSample, EveryTruncationIsAClearError)
{
    const auto bytes = test::readBytes(test::samplePath(kSample));
    // The structure ends at byte 4787 (the last byte is padding): every shorter prefix cuts it.
    const std::string path = test::tempPath("truncated.ani");
    for (size_t n = 0; n < 4787; ++n) {
        test::writeBytes(path, {bytes.begin(), bytes.begin() + n});
        const auto r = test::runCli({"info", path});
        ASSERT_EQ(r.status, 1) << "prefix of " << n << " bytes";
        ASSERT_FALSE(r.err.empty()) << n;
    }
    // Without the padding byte the file is complete.
    test::writeBytes(path, {bytes.begin(), bytes.begin() + 4787});
    EXPECT_EQ(test::runCli({"info", path}).status, 0);
}
