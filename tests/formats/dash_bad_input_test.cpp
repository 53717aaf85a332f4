// Bad Dash input: clear errors naming the byte offset (binary) or the JSON path, never a crash.
// Offsets below come from the fixtures' bytes (python struct): model15.dmf has its bone list at
// 0x260, its animation list at 0x420 and walk's first track record at 0x480; model20.dmx has walk's
// first keyframe at 0x460.
#include <cstring>

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace {

using bonescope::test::CliResult;

std::vector<uint8_t> fixture(const char* f) { return bonescope::test::readBytes(bonescope::test::fixturePath(std::string("dash/") + f)); }

void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) { std::memcpy(&b[at], &v, 4); }
void put16(std::vector<uint8_t>& b, size_t at, int16_t v) { std::memcpy(&b[at], &v, 2); }

CliResult info(const std::vector<uint8_t>& bytes, const std::string& name)
{
    const std::string path = bonescope::test::tempPath(name);
    bonescope::test::writeBytes(path, bytes);
    return bonescope::test::runCli({"info", path});
}

void expectError(const CliResult& r, const std::string& part)
{
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
}

std::vector<uint8_t> text(const std::string& s) { return {s.begin(), s.end()}; }

} // namespace

TEST(DashBadInput, EveryPrefixOfTheBinariesIsRejected)
{
    for (const char* f : {"model15.dmf", "model20.dmx"}) {
        const auto bytes = fixture(f);
        for (size_t n = 0; n < bytes.size(); ++n) {
            const auto r = info({bytes.begin(), bytes.begin() + n}, std::string("prefix_") + f);
            ASSERT_EQ(r.status, 1) << f << " cut to " << n << " bytes: " << r.out;
        }
    }
    for (const char* f : {"model15_json.dmf", "model20_json.dmx"}) {
        const auto bytes = fixture(f);
        // Every 31st prefix short of the closing "}\n" (the whole object without its newline is valid).
        for (size_t n = 0; n + 2 < bytes.size(); n += 31)
            ASSERT_EQ(info({bytes.begin(), bytes.begin() + n}, std::string("prefix_") + f).status, 1) << n;
    }
}

TEST(DashBadInput, ParentCycleIsReported)
{
    auto b = fixture("model15.dmf");
    put16(b, 0x260 + 34, 3); // root's parent_id = tail, whose parent is root
    expectError(info(b, "cycle.dmf"), "parent cycle");
}

TEST(DashBadInput, CountsAndOffsetsOutsideTheFile)
{
    auto b = fixture("model15.dmf");
    put32(b, 0x6C, 0xFFFFFFFF); // anim count
    expectError(info(b, "count.dmf"), "at byte 96: anim list of 4294967295 records");
    b = fixture("model15.dmf");
    put32(b, 0x420 + 36, 0xFFFFFF00); // walk's track_offset
    expectError(info(b, "offset.dmf"), "at byte 1056: track list of 7 records of 48 bytes at offset 4294967040");
    b = fixture("model20.dmx");
    put32(b, 0x58, 0x7FFFFFF0); // SKEL offset
    expectError(info(b, "skel.dmx"), "at byte 80: SKEL list");
}

TEST(DashBadInput, BadRecords)
{
    auto b = fixture("model15.dmf");
    put16(b, 0x480, 9);
    expectError(info(b, "bone.dmf"), "at byte 1152: track 0: bone_id 9 is not a bone");
    b = fixture("model15.dmf");
    put32(b, 0x484, 0x7FC00000); // NaN time
    expectError(info(b, "nan.dmf"), "at byte 1156: time is not a finite number");
    b = fixture("model15.dmf");
    std::memcpy(&b[0x60], "xxxx", 4);
    expectError(info(b, "label.dmf"), "at byte 96: attribute row 5 should be labelled 'anim'");
    b = fixture("model15.dmf");
    std::memcpy(&b[0x60], "ANIM", 4); // upper case is accepted
    EXPECT_EQ(info(b, "upper.dmf").status, 0);
    b = fixture("model20.dmx");
    put32(b, 0x468, 4);
    expectError(info(b, "type.dmx"), "at byte 1120: keyframe 0: type 4 is not 1 (position), 2 (rotation) or 3 (scale)");
}

TEST(DashBadInput, BadJson)
{
    expectError(info(text("{\"format\": \"DASH\", \"animations\": [ {"), "cut.dmf"), "malformed JSON");
    expectError(info(text(R"({"format": "DASH", "animations": [{"name": "a", "duration": 1,
        "tracks": [{"bone_id": 0, "time": "x", "pos": [0, 0, 0]}]}]})"), "type.dmf"),
                "animations[0].tracks[0].time: expected a number");
    expectError(info(text(R"({"format": "DASH", "animations": [{"name": "a"}]})"), "missing.dmf"),
                "animations[0]: missing \"duration\"");
    expectError(info(text(R"({"format": "DASH", "skeleton": [{"name": "a", "parent_id": -1, "matrix": [1, 2]}]})"), "matrix.dmf"),
                "skeleton[0].matrix: expected 16 elements");
    expectError(info(text(R"({"type": "DashModelExchange", "bone": [{"name": "a", "parentIndex": 1},
        {"name": "b", "parentIndex": 0}, {"name": "c", "parentIndex": 1}], "animation": {"name": "x", "duration": 1,
        "keyframes": [{"time": 0, "boneIndex": 7, "type": "position", "x": 0, "y": 0, "z": 0}]}})"), "bone.dmx"),
                "boneIndex 7 is not a bone");
    expectError(info(text(R"({"type": "DashModelExchange", "bone": [{"name": "a"}, {"name": "b", "parentIndex": 2},
        {"name": "c", "parentIndex": 1}]})"), "cycle.dmx"), "parent cycle");
    expectError(info(text(R"({"type": "DashModelExchange", "animation": [{"name": "x", "duration": 1,
        "keyframes": [{"time": 0, "boneIndex": 0, "type": "spin", "x": 0, "y": 0, "z": 0}]}]})"), "enum.dmx"),
                "animation[0].keyframes[0].type: expected \"position\", \"rotation\" or \"scale\"");
    expectError(info(text(R"({"type": "DashModelExchange", "vertex": [{"x": 0, "y": 0, "z": 0}],
        "face": [{"material": 0, "a": {"index": 0}, "b": {"index": 0}, "c": {"index": 5}}]})"), "face.dmx"),
                "face 0: vertex index 5 is not in the vertex list");
}
