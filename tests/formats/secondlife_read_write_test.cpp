// Second Life .anim: every sample re-saves byte for byte; decoded values match numbers worked out
// from the bytes with Python (struct + float32 arithmetic of the viewer's U16_to_F32); an edited key
// changes only its own bytes.
#include <cmath>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "formats/parse_error.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

std::string sample(const std::string& name) { return test::samplePath("secondlife/" + name); }

Scene readSample(const std::string& name)
{
    const auto bytes = test::readBytes(sample(name));
    return SecondLifeFormat().read(bytes);
}

const SecondLifeExtra& extraOf(const Scene& s) { return *s.animations.at(0).extra.as<SecondLifeExtra>(); }

void expectQuat(const glm::dquat& q, double x, double y, double z, double w)
{
    EXPECT_DOUBLE_EQ(q.x, x);
    EXPECT_DOUBLE_EQ(q.y, y);
    EXPECT_DOUBLE_EQ(q.z, z);
    EXPECT_DOUBLE_EQ(q.w, w);
}

void expectVec(const glm::dvec3& v, double x, double y, double z)
{
    EXPECT_DOUBLE_EQ(v.x, x);
    EXPECT_DOUBLE_EQ(v.y, y);
    EXPECT_DOUBLE_EQ(v.z, z);
}

} // namespace

TEST(SecondLifeReadWrite, EverySampleResavesByteForByte)
{
    const auto files = test::samplesIn(test::samplePath("secondlife"), ".anim");
    ASSERT_EQ(files.size(), 10u);
    const SecondLifeFormat f;
    for (const std::string& path : files) {
        SCOPED_TRACE(path);
        const auto bytes = test::readBytes(path);
        const Scene s = f.read(bytes);
        EXPECT_EQ(f.write(s), bytes);
    }
}

TEST(SecondLifeReadWrite, OpensThroughTheRegistryAndBindsTheAvatar)
{
    const LoadedScene l = loadScene(sample("linden_walk.anim"));
    EXPECT_EQ(l.format->id(), "secondlife");
    EXPECT_EQ(l.scene.skeleton.size(), 216u);
    EXPECT_EQ(l.scene.skeleton.bones[1].name, "mPelvis");
    Sampler sampler(l.scene.animations[0], l.scene.skeleton);
    EXPECT_TRUE(sampler.binding().unmatchedTracks.empty());
}

TEST(SecondLifeReadWrite, HeaderFields)
{
    // linden_walk: priority 0, duration 0.933338 s, loop on over the whole clip,
    // ease 0.2 / 0.4, hand pose 1, 19 joints, 15 fps keys.
    const Scene s = readSample("linden_walk.anim");
    const Animation& a = s.animations[0];
    const SecondLifeExtra& x = extraOf(s);
    EXPECT_EQ(x.basePriority, 0);
    EXPECT_DOUBLE_EQ(a.duration, 0.9333379864692688);
    EXPECT_TRUE(a.looping);
    ASSERT_TRUE(a.loopRange);
    EXPECT_DOUBLE_EQ(a.loopRange->in, 0.0);
    EXPECT_DOUBLE_EQ(a.loopRange->out, 0.9333379864692688);
    EXPECT_FLOAT_EQ(x.easeIn, 0.2f);
    EXPECT_FLOAT_EQ(x.easeOut, 0.4f);
    EXPECT_EQ(x.handPose, 1u);
    EXPECT_EQ(a.tracks.size(), 19u);
    EXPECT_EQ(a.fps, 15.0);

    const Scene laugh = readSample("linden_express_laugh.anim");
    EXPECT_EQ(extraOf(laugh).emoteName, "Express_Laugh_Emote");
    EXPECT_EQ(extraOf(laugh).constraints.size(), 2u);
    EXPECT_EQ(extraOf(laugh).constraints[0].targetName(), "BELLY");

    const Scene tower = readSample("opencollar_Tower.anim");
    EXPECT_DOUBLE_EQ(tower.animations[0].loopRange->in, 1.2083333730697632);
    EXPECT_EQ(tower.animations[0].fps, 24.0);

    const Scene sit = readSample("linden_sit_female.anim");
    std::set<int32_t> priorities;
    for (const auto& j : extraOf(sit).joints)
        priorities.insert(j.priority);
    EXPECT_EQ(priorities, (std::set<int32_t>{0, 1, 4}));
    EXPECT_EQ(extraOf(sit).constraints.size(), 4u);
    EXPECT_EQ(extraOf(sit).basePriority, 4);

    const Scene clap = readSample("linden_clap_11constraints.anim");
    EXPECT_EQ(extraOf(clap).constraintCount, 11);
    EXPECT_EQ(extraOf(clap).constraints.size(), 11u);
    EXPECT_EQ(extraOf(clap).emoteName, "Express_Toothsmile");
}

TEST(SecondLifeReadWrite, DecodedKeysMatchTheViewer)
{
    {
        // linden_walk mPelvis rotation key 10: codes (65535, 32753, 34308, 33656).
        const Scene s = readSample("linden_walk.anim");
        const Track& pelvis = s.animations[0].tracks[0];
        ASSERT_EQ(pelvis.name, "mPelvis");
        const QuatKey& k = pelvis.rotation.keys.at(10);
        EXPECT_DOUBLE_EQ(k.time, 0.9333379864692688);
        expectQuat(k.value, -0.0004425048828125, 0.047013044357299805, 0.027115225791931152, 0.9985260963439941);
        // Position key 13: codes (65535, 32767, 32752, 32886); 32767 snaps to exactly 0.
        expectVec(pelvis.translation.keys.at(13).value, 0.0, -0.0023651123046875, 0.0180816650390625);
        // mAnkleRight rotation key 0: codes (4681, 32740, 39192, 31987).
        const Track& ankle = s.animations[0].tracks[18];
        ASSERT_EQ(ankle.name, "mAnkleRight");
        EXPECT_DOUBLE_EQ(ankle.rotation.keys.time(0), 0.06666597723960876);
        expectQuat(ankle.rotation.keys.value(0), -0.0008392333984375, 0.19606316089630127, -0.023819327354431152,
                   0.980301558971405);
    }
    {
        const Scene s = readSample("linden_sit_female.anim");
        const Track& pelvis = s.animations[0].tracks[0];
        expectQuat(pelvis.rotation.keys.at(22).value, -0.0034332871437072754, -0.04414433240890503,
                   -0.0013885498046875, 0.9990183115005493);
        expectVec(pelvis.translation.keys.at(28).value, -0.35194921493530273, -0.0008392333984375,
                  -0.47035932540893555);
    }
    {
        const Scene s = readSample("linden_clap_11constraints.anim");
        const Track& wrist = s.animations[0].tracks[9];
        ASSERT_EQ(wrist.name, "mWristRight");
        EXPECT_DOUBLE_EQ(wrist.rotation.keys.time(0), 0.055543236434459686);
        expectQuat(wrist.rotation.keys.value(0), -0.05207902193069458, 0.0016021728515625, 0.0014190673828125,
                   0.9986407160758972);
        expectQuat(s.animations[0].tracks[0].rotation.keys.at(13).value, 0, 0, 0, 1);
    }
    {
        const Scene s = readSample("linden_express_laugh.anim");
        expectVec(s.animations[0].tracks[0].translation.keys.at(68).value, 0.0060272216796875, 0, 0);
        expectQuat(s.animations[0].tracks[18].rotation.keys.value(0), 0.00941479206085205, -0.07490652799606323,
                   -0.013199031352996826, 0.9970587491989136);
    }
    {
        const Scene s = readSample("linden_standup.anim");
        EXPECT_DOUBLE_EQ(s.animations[0].tracks[18].rotation.keys.time(0), 0.04998856037855148);
        expectQuat(s.animations[0].tracks[18].rotation.keys.value(0), 0.09019613265991211, 0.022720694541931152,
                   0.056839823722839355, 0.9940410852432251);
        expectVec(s.animations[0].tracks[0].translation.keys.at(45).value, 0.0060272216796875, 0, 0.10429573059082031);
    }
    {
        // Position keys hold the skeleton's default offsets: mPelvis z = code 39760 -> 1.0669870...
        const Scene s = readSample("ll_bento_reset_bones_and_attachments.anim");
        EXPECT_EQ(s.animations[0].tracks.size(), 187u);
        expectVec(s.animations[0].tracks[0].translation.keys.at(1).value, 0, 0, 1.0669870376586914);
        expectQuat(s.animations[0].tracks[0].rotation.keys.at(1).value, 0.014175653457641602, 0.014267206192016602,
                   -0.014450311660766602, 0.9996932744979858);
    }
    {
        const Scene s = readSample("ll_raptor_attack.anim");
        EXPECT_EQ(s.animations[0].tracks[57].name, "mSpine4");
        expectQuat(s.animations[0].tracks[57].rotation.keys.value(0), 0, 0, 0, 1);
        EXPECT_DOUBLE_EQ(s.animations[0].loopRange->in, -0.0416666679084301);
        EXPECT_FALSE(s.animations[0].looping);
    }
    {
        // Duration 0: every key time decodes to 0.
        const Scene s = readSample("opencollar_StiffNeck.anim");
        const Track& neck = s.animations[0].tracks[0];
        EXPECT_EQ(neck.name, "mNeck");
        EXPECT_DOUBLE_EQ(neck.rotation.keys.time(0), 0.0);
        expectQuat(neck.rotation.keys.value(0), 0.0034942626953125, -0.08461129665374756, 0.0027008056640625,
                   0.996404230594635);
        expectVec(neck.translation.keys.value(0), -0.0095367431640625, 0, 0.2510871887207031);
        EXPECT_EQ(extraOf(s).handPose, 1u);
    }
    {
        const Scene s = readSample("opencollar_Tower.anim");
        expectQuat(s.animations[0].tracks[0].rotation.keys.at(20).value, -0.006118893623352051,
                   -0.5103684663772583, -0.013656854629516602, 0.859825611114502);
        expectQuat(s.animations[0].tracks[64].rotation.keys.value(0), 0, 0, -0.012527644634246826,
                   0.9999215006828308);
        expectVec(s.animations[0].tracks[9].translation.keys.at(20).value, -0.22743606567382812, 0,
                  -0.7303729057312012);
    }
    {
        const Scene s = readSample("opensim_PS_T_Pose_bento2.anim");
        EXPECT_EQ(s.animations[0].tracks.size(), 128u);
        expectQuat(s.animations[0].tracks[0].rotation.keys.value(0), 0, 0.0008697509765625, 0, 0.9999995827674866);
        EXPECT_DOUBLE_EQ(s.animations[0].tracks[0].rotation.keys.time(0), 0.5);
    }
}

TEST(SecondLifeReadWrite, EditedRotationChangesOnlyItsValueBytes)
{
    // linden_walk: header 41 bytes, "mPelvis\0", priority, rotation count -> keys from byte 57;
    // rotation key 3 is at 81 (time code 23405 at 81..82, x y z at 83..88).
    const auto original = test::readBytes(sample("linden_walk.anim"));
    const SecondLifeFormat f;
    Scene s = f.read(original);
    const double h = glm::radians(15.0);
    // Not normalised and w < 0: normalising and flipping give x = sin 15° -> code 41248, y = z = 0 -> 32768.
    s.animations[0].tracks[0].rotation.keys.setValue(3, -2.0 * glm::dquat(std::cos(h), std::sin(h), 0, 0));
    const auto saved = f.write(s);
    ASSERT_EQ(saved.size(), original.size());
    const uint8_t expected[6] = {41248 & 0xFF, 41248 >> 8, 0x00, 0x80, 0x00, 0x80};
    for (size_t i = 0; i < saved.size(); ++i) {
        if (i >= 83 && i < 89)
            EXPECT_EQ(saved[i], expected[i - 83]) << "byte " << i;
        else
            EXPECT_EQ(saved[i], original[i]) << "byte " << i;
    }
    const Scene again = f.read(saved);
    const QuatKey& r = again.animations[0].tracks[0].rotation.keys.at(3);
    EXPECT_DOUBLE_EQ(r.value.x, 0.2588082551956177); // code 41248 decoded
    EXPECT_DOUBLE_EQ(r.value.y, 0.0);
    EXPECT_NEAR(r.value.w, std::cos(h), 1e-4);
    EXPECT_EQ(f.write(again), saved);
}

TEST(SecondLifeReadWrite, EditedTimeChangesOnlyItsTimeBytes)
{
    // mPelvis has 11 rotation keys: the position count is at 145, position key 0 at 149.
    const auto original = test::readBytes(sample("linden_walk.anim"));
    const SecondLifeFormat f;
    Scene s = f.read(original);
    s.animations[0].tracks[0].translation.keys.setTime(0, 0.5); // 0.5 / 0.933338 * 65535 -> 35108
    const auto saved = f.write(s);
    ASSERT_EQ(saved.size(), original.size());
    for (size_t i = 0; i < saved.size(); ++i) {
        if (i != 149 && i != 150) {
            ASSERT_EQ(saved[i], original[i]) << "byte " << i;
        }
    }
    EXPECT_EQ(saved[149] | saved[150] << 8, 35108);
    EXPECT_NEAR(f.read(saved).animations[0].tracks[0].translation.keys.time(0), 0.5, 1e-5);
}

namespace {

// linden_walk with a code that only its own bytes give back: x of rotation key `key` of the joint
// whose rotation keys start at `keysAt` set to 32767, which decodes to 0 (the viewer's zero snap)
// as 32768 does, and a new 0 is encoded as 32768.
std::vector<uint8_t> withSnappedCode(std::vector<uint8_t> bytes, size_t keysAt, size_t key)
{
    bytes.at(keysAt + key * 8 + 2) = 0xFF;
    bytes.at(keysAt + key * 8 + 3) = 0x7F;
    return bytes;
}

uint32_t u32At(const std::vector<uint8_t>& b, size_t at)
{
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

void putU32(std::vector<uint8_t>& b, size_t at, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        b[at + i] = uint8_t(v >> (8 * i));
}

} // namespace

TEST(SecondLifeReadWrite, DeletedKeyLeavesTheOtherKeysCodes)
{
    // mPelvis: rotation count at 53, keys from 57. Key 5 gets the code 32767; key 3 is deleted, so
    // key 5 is written at index 4 and must still take its own codes (a new 0 would be 32768).
    const auto original = withSnappedCode(test::readBytes(sample("linden_walk.anim")), 57, 5);
    const SecondLifeFormat f;
    Scene s = f.read(original);
    ASSERT_EQ(f.write(s), original);
    auto& keys = s.animations[0].tracks[0].rotation.keys;
    ASSERT_EQ(keys.at(5).value.x, 0.0);
    keys.erase(keys.begin() + 3);
    std::vector<uint8_t> expected = original;
    expected.erase(expected.begin() + 57 + 3 * 8, expected.begin() + 57 + 4 * 8);
    putU32(expected, 53, u32At(original, 53) - 1);
    EXPECT_EQ(f.write(s), expected);
    // Two keys gone: key 5 is two places off and found among all the channel's codes.
    keys.erase(keys.begin() + 2);
    expected.erase(expected.begin() + 57 + 2 * 8, expected.begin() + 57 + 3 * 8);
    putU32(expected, 53, u32At(original, 53) - 2);
    EXPECT_EQ(f.write(s), expected);
}

TEST(SecondLifeReadWrite, DeletedJointLeavesTheOtherJointsCodes)
{
    // Joint 0 (mPelvis) spans 41 up to its position keys' end; joint 1's rotation keys follow its
    // name, priority and count. With joint 0 gone, joint 1's codes are found by its name.
    const auto plain = test::readBytes(sample("linden_walk.anim"));
    const size_t positionCount = 145, joint1 = positionCount + 4 + 8 * u32At(plain, positionCount);
    size_t nameEnd = joint1;
    while (plain.at(nameEnd) != 0)
        ++nameEnd;
    const size_t keysAt = nameEnd + 1 + 4 + 4;
    ASSERT_GT(u32At(plain, keysAt - 4), 0u);
    const auto original = withSnappedCode(plain, keysAt, 0);
    const SecondLifeFormat f;
    Scene s = f.read(original);
    ASSERT_EQ(f.write(s), original);
    auto& tracks = s.animations[0].tracks;
    ASSERT_EQ(tracks[1].rotation.keys.at(0).value.x, 0.0);
    tracks.erase(tracks.begin());
    std::vector<uint8_t> expected = original;
    expected.erase(expected.begin() + 41, expected.begin() + long(joint1));
    putU32(expected, 37, u32At(original, 37) - 1);
    EXPECT_EQ(f.write(s), expected);
}

TEST(SecondLifeReadWrite, RenamedJointKeepsItsCodes)
{
    const auto original = withSnappedCode(test::readBytes(sample("linden_walk.anim")), 57, 5);
    const SecondLifeFormat f;
    Scene s = f.read(original);
    s.animations[0].tracks[0].name = "mPelviz"; // as long as "mPelvis"
    const auto saved = f.write(s);
    ASSERT_EQ(saved.size(), original.size());
    EXPECT_EQ(saved[47], 'z');
    // The joint's priority (49..52) goes by name, and is not this test's business; the codes stay.
    for (size_t i = 53; i < saved.size(); ++i)
        ASSERT_EQ(saved[i], original[i]) << "byte " << i;
}

TEST(SecondLifeReadWrite, EditedHeaderFieldsAreSaved)
{
    const SecondLifeFormat f;
    Scene s = readSample("linden_sit_female.anim");
    Animation& a = s.animations[0];
    auto* x = a.extra.as<SecondLifeExtra>();
    x->basePriority = 5;
    x->emoteName = "Hi";
    x->handPose = 3;
    a.looping = false;
    a.loopRange = LoopRange{0.5, 1.0};
    x->constraints.pop_back();
    const Scene again = f.read(f.write(s));
    const SecondLifeExtra& y = extraOf(again);
    EXPECT_EQ(y.basePriority, 5);
    EXPECT_EQ(y.emoteName, "Hi");
    EXPECT_EQ(y.handPose, 3u);
    EXPECT_EQ(y.constraints.size(), 3u);
    EXPECT_FALSE(again.animations[0].looping);
    EXPECT_DOUBLE_EQ(again.animations[0].loopRange->out, 1.0);
    // The keys are untouched, so they decode exactly as before.
    EXPECT_EQ(again.animations[0].tracks[0].rotation.keys.value(5), a.tracks[0].rotation.keys.value(5));
}

TEST(SecondLifeReadWrite, WritesContentFromAnotherFormat)
{
    Scene s;
    Animation a;
    a.duration = 2.0;
    Track t;
    t.name = "mHead";
    t.rotation.keys.push_back({0.0, glm::dquat(1, 0, 0, 0)});
    t.rotation.keys.push_back({2.0, glm::dquat(std::cos(0.25), 0, 0, std::sin(0.25))});
    t.translation.keys.push_back({1.0, glm::dvec3(0.1, -0.2, 7.0)}); // z is clamped to 5
    a.tracks.push_back(t);
    s.animations.push_back(a);
    const SecondLifeFormat f;
    const Scene back = f.read(f.write(s));
    const Track& r = back.animations[0].tracks[0];
    EXPECT_EQ(r.name, "mHead");
    ASSERT_EQ(r.rotation.keys.size(), 2u);
    EXPECT_NEAR(r.rotation.keys.time(1), 2.0, 1e-6);
    EXPECT_NEAR(r.rotation.keys.value(1).z, std::sin(0.25), 2.0 / 65535);
    EXPECT_NEAR(r.translation.keys.time(0), 1.0, 2.0 / 65535);
    EXPECT_NEAR(r.translation.keys.value(0).x, 0.1, 10.0 / 65535);
    EXPECT_DOUBLE_EQ(r.translation.keys.value(0).z, 5.0);
    EXPECT_EQ(extraOf(back).joints[0].priority, -1);

    s.animations[0].tracks[0].scale.keys.push_back({0.0, glm::dvec3(2.0)});
    EXPECT_THROW(f.write(s), WriteError);
}

// .anim stores no frame rate: it is read from the key spacing, and said to be. A 120 fps walk of 8.4 s
// read back as 122 fps (its 16-bit times put the closest two keys two steps short of a frame).
TEST(SecondLifeReadWrite, FrameRateFromKeySpacingSurvivesQuantisedTimes)
{
    for (double fps : {24.0, 25.0, 30.0, 60.0, 120.0}) {
        for (double duration : {0.5, 8.4, 31.0}) {
            Scene s;
            Animation a;
            const int frames = int(std::lround(duration * fps));
            a.duration = frames / fps; // the last key at the end, not clamped onto it
            Track t;
            t.name = "mHead";
            for (int f = 0; f <= frames; ++f)
                t.rotation.keys.push_back({f / fps, glm::dquat(std::cos(0.01 * f), 0, 0, std::sin(0.01 * f))});
            a.tracks.push_back(t);
            s.animations.push_back(a);
            const SecondLifeFormat format;
            const Animation back = format.read(format.write(s)).animations.at(0);
            EXPECT_EQ(back.fps, fps) << fps << " fps, " << duration << " s";
            EXPECT_TRUE(back.fpsFromKeys);
        }
    }
}

TEST(SecondLifeReadWrite, CliDumpAndPose)
{
    const auto dump = test::runCli({"dump", sample("opencollar_StiffNeck.anim"), "--compact"});
    ASSERT_EQ(dump.status, 0) << dump.err;
    const auto j = nlohmann::json::parse(dump.out);
    EXPECT_EQ(j["format"], "secondlife");
    EXPECT_EQ(j["extra"]["basePriority"], 6);
    EXPECT_EQ(j["extra"]["handPoseName"], "relaxed");
    EXPECT_EQ(j["extra"]["jointPriorities"][0]["name"], "mNeck");
    bool sawNeck = false;
    for (const auto& b : j["bones"])
        if (b["name"] == "mNeck") {
            sawNeck = true;
            EXPECT_DOUBLE_EQ(b["rotation"][0][2].get<double>(), -0.08461129665374756);
        }
    EXPECT_TRUE(sawNeck);

    const auto info = test::runCli({"info", sample("linden_express_laugh.anim")});
    ASSERT_EQ(info.status, 0);
    EXPECT_NE(info.out.find("emote: Express_Laugh_Emote"), std::string::npos);
    EXPECT_NE(info.out.find("constraints: 2"), std::string::npos);

    const auto pose = test::runCli({"pose", sample("linden_walk.anim"), "--time", "0.5"});
    ASSERT_EQ(pose.status, 0) << pose.err;
    EXPECT_TRUE(nlohmann::json::parse(pose.out)["unmatchedTracks"].empty());

    const std::string out = test::tempPath("walk-copy.anim");
    ASSERT_EQ(test::runCli({"convert", sample("linden_walk.anim"), out}).status, 0);
    EXPECT_EQ(test::readBytes(out), test::readBytes(sample("linden_walk.anim")));
}
