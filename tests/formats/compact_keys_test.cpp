// The readers fill the compact key store (core/model/key_list.h): a file of float values is held in float,
// 8 bytes of time and 12 or 16 of value a key, and gives back the values the file holds.
#include <cstring>

#include <gtest/gtest.h>

#include "formats/cast/cast_format.h"
#include "formats/file_io.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

template <class F>
void forEachChannel(const Track& t, F f)
{
    f(t.translation.keys, "translation");
    f(t.rotation.keys, "rotation");
    f(t.scale.keys, "scale");
}

size_t keyBytesHeld(const Animation& a)
{
    size_t n = 0;
    for (const Track& t : a.tracks)
        forEachChannel(t, [&](const auto& keys, const char*) { n += keys.bytesHeld(); });
    return n;
}

// Little-endian float at `p`.
float floatAt(const uint8_t* p)
{
    float f;
    std::memcpy(&f, p, 4);
    return f;
}

} // namespace

// Every float SEAnim sample is held in float; the first rotation key of the first animated bone
// is the file's four floats, found in the file by its own bytes.
TEST(CompactKeys, FloatSeanimSamplesAreHeldInFloat)
{
    int floatFiles = 0;
    for (const std::string& path : test::samplesIn(test::samplePath("seanim"), ".seanim")) {
        const auto bytes = test::readBytes(path);
        const Scene s = SeanimFormat().read(bytes);
        const Animation& a = s.animations.at(0);
        const bool high = a.extra.as<SeanimExtra>()->property & seanim::PrecisionHigh;
        if (high)
            continue;
        ++floatFiles;
        for (const Track& t : a.tracks)
            forEachChannel(t, [&](const auto& keys, const char* what) {
                EXPECT_TRUE(keys.inFloat()) << path << " bone " << t.name << " " << what;
            });
        for (const Track& t : a.tracks) {
            if (t.rotation.keys.empty())
                continue;
            const glm::dquat q = t.rotation.keys.value(0);
            const float want[4] = {float(q.x), float(q.y), float(q.z), float(q.w)};
            bool found = false;
            for (size_t at = 0; at + 16 <= bytes.size() && !found; ++at)
                found = floatAt(&bytes[at]) == want[0] && floatAt(&bytes[at + 4]) == want[1] &&
                        floatAt(&bytes[at + 8]) == want[2] && floatAt(&bytes[at + 12]) == want[3];
            EXPECT_TRUE(found) << path << ": the key's x y z w are not four floats of the file";
            break;
        }
    }
    EXPECT_GE(floatFiles, 8);
}

// The 300-bone sample: its keys take 8 bytes of time and 12 (a vector) or 16 (a rotation) of value
// each, where the key records took 40 and 48.
TEST(CompactKeys, AKeyTakesItsTimeAndItsFloats)
{
    const Scene s = SeanimFormat().read(test::readBytes(test::samplePath("seanim/synth_300bones_u16mods.seanim")));
    const Animation& a = s.animations.at(0);
    size_t vecKeys = 0, rotKeys = 0;
    for (const Track& t : a.tracks) {
        vecKeys += t.translation.size() + t.scale.size();
        rotKeys += t.rotation.size();
    }
    ASSERT_GE(vecKeys + rotKeys, 300u);
    EXPECT_EQ(keyBytesHeld(a), vecKeys * (8 + 12) + rotKeys * (8 + 16));
}

// A double file whose values are not floats is held in double, and saved back byte for byte.
TEST(CompactKeys, DoubleSeanimKeepsItsDoubles)
{
    const auto bytes = test::readBytes(test::samplePath("seanim/synth_additive_highprec.seanim"));
    const Scene s = SeanimFormat().read(bytes);
    bool anyDouble = false;
    for (const Track& t : s.animations.at(0).tracks)
        forEachChannel(t, [&](const auto& keys, const char*) { anyDouble |= !keys.empty() && !keys.inFloat(); });
    EXPECT_TRUE(anyDouble);
    EXPECT_EQ(SeanimFormat().write(s), bytes);
}

// Cast stores float curves: read back, its keys are in float too, with the same values.
TEST(CompactKeys, CastFloatCurvesAreHeldInFloat)
{
    const Scene seanim = SeanimFormat().read(test::readBytes(test::samplePath("seanim/synth_300bones_u16mods.seanim")));
    Scene asCast = seanim;
    asCast.format = "cast";
    for (Animation& a : asCast.animations)
        a.extra = {};
    const CastFormat cast;
    const Scene back = cast.read(cast.write(asCast));
    const Animation& a = back.animations.at(0);
    ASSERT_EQ(a.tracks.size(), seanim.animations[0].tracks.size());
    for (size_t i = 0; i < a.tracks.size(); ++i) {
        const Track& t = a.tracks[i];
        const Track& from = seanim.animations[0].tracks[i];
        forEachChannel(t, [&](const auto& keys, const char* what) { EXPECT_TRUE(keys.inFloat()) << t.name << " " << what; });
        EXPECT_TRUE(t.rotation.keys == from.rotation.keys) << t.name;
    }
}

// Every sample of every format that saves byte for byte: each channel moved to double by an edit
// and the edit taken back (as an undo would) still saves the file's own bytes.
TEST(CompactKeys, ChannelsMovedToDoubleAndRestoredSaveTheSameBytes)
{
    std::vector<std::string> files = test::samplesIn(test::samplePath("seanim"), ".seanim");
    for (const std::string& p : test::samplesIn(test::samplePath("secondlife"), ".anim"))
        files.push_back(p);
    files.push_back(test::samplePath("lego/pns065rd.ani"));
    for (const char* name : {"model15.dmf", "model15_json.dmf", "model20.dmx", "model20_json.dmx"})
        files.push_back(test::fixturePath(std::string("dash/") + name));
    int widened = 0;
    for (const std::string& path : files) {
        const auto bytes = test::readBytes(path);
        LoadedScene loaded = readScene(bytes, path);
        for (Animation& a : loaded.scene.animations)
            for (Track& t : a.tracks) {
                auto move = [&](auto& keys) {
                    if (keys.empty())
                        return;
                    const double first = keys.inFloat() ? double(keys.floatValues()[0]) : keys.doubleValues()[0];
                    keys.setPart(0, 0, first + 0.1); // 0.1 more is not a float: the list moves to double
                    keys.setPart(0, 0, first);
                    ASSERT_FALSE(keys.inFloat()) << path;
                    ++widened;
                };
                move(t.translation.keys);
                move(t.rotation.keys);
                move(t.scale.keys);
            }
        EXPECT_EQ(loaded.format->write(loaded.scene), bytes) << path;
    }
    EXPECT_GT(widened, 100);
}

// A value typed into a channel held in float (0.1, which no float holds), saved as a double-precision
// SEAnim, reopens as exactly 0.1: the list moved to double instead of rounding it.
TEST(CompactKeys, ATypedValueReopensExactlyFromADoubleFile)
{
    const std::string path = test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim");
    LoadedScene loaded = readScene(test::readBytes(path), path);
    Animation& a = loaded.scene.animations.at(0);
    int track = -1;
    for (size_t i = 0; i < a.tracks.size() && track < 0; ++i)
        if (!a.tracks[i].translation.keys.empty())
            track = int(i);
    ASSERT_GE(track, 0);
    auto& keys = a.tracks[size_t(track)].translation.keys;
    ASSERT_TRUE(keys.inFloat());
    keys.setPart(0, 1, 0.1);
    a.extra.as<SeanimExtra>()->property |= seanim::PrecisionHigh; // saved in double
    const Scene back = loaded.format->read(loaded.format->write(loaded.scene));
    EXPECT_EQ(back.animations.at(0).tracks.at(size_t(track)).translation.keys.value(0).y, 0.1);
}
