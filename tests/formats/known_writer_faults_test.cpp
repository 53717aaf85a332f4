// A known writer's fault is a warning, not a refusal (issue 37, part 5): BVH with quaternion rotation
// channels (CHANNELS 7 ... Wrotation, and 4-channel rotation-only joints) read as rotations and saved
// back byte for byte while unedited; an SEAnim bone modifier of a type beyond 0..3 (io_anim_seanim
// writes 7) warned about, played as absolute, and its byte written back.
#include <gtest/gtest.h>

#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "tests/support/test_support.h"
#include "tests/support/world_positions.h"

using namespace bonescope;

namespace {

std::span<const uint8_t> bytesOf(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// Reconstructed as the quaternion BVH exporters lay it out (the component order x y z w, positions
// first on a root or a disconnected joint, rotation only on a connected one), values written to six
// decimals: the hip turned 90 degrees about Y at frame 1, the knee 60 degrees about X at both frames.
const std::string kQuaternionBvh = "HIERARCHY\n"
                                   "ROOT hip\n{\n\tOFFSET 0.000000 1.000000 0.000000\n"
                                   "\tCHANNELS 7 Xposition Yposition Zposition Xrotation Yrotation Zrotation Wrotation\n"
                                   "\tJOINT knee\n\t{\n\t\tOFFSET 0.000000 -0.500000 0.000000\n"
                                   "\t\tCHANNELS 4 Xrotation Yrotation Zrotation Wrotation\n"
                                   "\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0.000000 -0.500000 0.000000\n\t\t}\n\t}\n}\n"
                                   "MOTION\nFrames: 2\nFrame Time: 0.041667\n"
                                   "0.000000 1.000000 0.000000 0.000000 0.000000 0.000000 1.000000 0.500000 0.000000 0.000000 0.866025 \n"
                                   "0.000000 1.000000 0.000000 0.000000 0.707107 0.000000 0.707107 0.500000 0.000000 0.000000 0.866025 \n";

} // namespace

TEST(KnownWriterFaults, BvhQuaternionChannelsReadAsRotationsAndKeptByteForByte)
{
    const BvhFormat bvh;
    const Scene s = bvh.read(bytesOf(kQuaternionBvh));
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    ASSERT_EQ(a.tracks.size(), 2u);
    EXPECT_EQ(a.tracks[0].translation.size(), 2u);
    EXPECT_EQ(a.tracks[1].translation.size(), 0u); // rotation only
    const glm::dquat hip1 = a.tracks[0].rotation.keys.value(1);
    EXPECT_NEAR(std::abs(glm::dot(hip1, glm::angleAxis(glm::radians(90.0), glm::dvec3(0, 1, 0)))), 1, 1e-9);
    EXPECT_NEAR(glm::length(hip1), 1, 1e-12); // normalised from six decimals
    const glm::dquat knee = a.tracks[1].rotation.keys.value(0);
    EXPECT_NEAR(std::abs(glm::dot(knee, glm::angleAxis(glm::radians(60.0), glm::dvec3(1, 0, 0)))), 1, 1e-6);
    // The foot (End Site) at frame 1: the knee swings it to -Z, the hip's quarter turn about Y takes
    // that to -X.
    const auto world = test::worldPositions(a, s.skeleton, a.duration);
    EXPECT_NEAR(world.back().x, -0.5 * std::sin(glm::radians(60.0)), 1e-5);
    EXPECT_NEAR(world.back().y, 0.5 - 0.5 * std::cos(glm::radians(60.0)), 1e-5);
    EXPECT_NEAR(world.back().z, 0, 1e-5);
    // Warned about, not refused; saved unedited, the same bytes.
    const auto findings = bvh.validate(s, "");
    ASSERT_FALSE(findings.empty());
    EXPECT_EQ(findings.back().severity, Finding::Severity::Warning);
    EXPECT_NE(findings.back().message.find("joint 'hip'"), std::string::npos) << findings.back().message;
    EXPECT_EQ(findings.back().offset, kQuaternionBvh.find("7 Xposition"));
    const std::vector<uint8_t> saved = bvh.write(s);
    EXPECT_EQ(std::string(saved.begin(), saved.end()), kQuaternionBvh);
    // Edited, it is written as BVH every reader takes: Euler channels, the same pose.
    Scene edited = s;
    edited.animations[0].tracks[1].rotation.keys.setValue(1, glm::angleAxis(glm::radians(30.0), glm::dvec3(1, 0, 0)));
    const std::vector<uint8_t> rewritten = bvh.write(edited);
    const std::string text(rewritten.begin(), rewritten.end());
    EXPECT_EQ(text.find("Wrotation"), std::string::npos) << text;
    const Scene back = bvh.read(rewritten);
    const auto before = test::worldPositions(edited.animations[0], edited.skeleton, a.duration);
    const auto after = test::worldPositions(back.animations[0], back.skeleton, a.duration);
    ASSERT_EQ(before.size(), after.size());
    for (size_t i = 0; i < before.size(); ++i)
        EXPECT_NEAR(glm::distance(before[i], after[i]), 0, 1e-5) << i;
}

TEST(KnownWriterFaults, SeanimModifierTypeSevenWarnedPlayedAsAbsoluteAndKept)
{
    // synth_rel_modifiers.seanim with its first modifier's type (byte 95, bone j_gun) set to 7, as
    // io_anim_seanim writes it.
    std::vector<uint8_t> bytes = test::readBytes(test::samplePath("seanim/synth_rel_modifiers.seanim"));
    ASSERT_GT(bytes.size(), 96u);
    ASSERT_EQ(bytes[94], 2); // bone index 2 (j_gun)
    ASSERT_EQ(bytes[95], 0); // absolute
    bytes[95] = 7;
    const SeanimFormat seanim;
    const Scene s = seanim.read(bytes);
    const Animation& a = s.animations.at(0);
    ASSERT_EQ(a.modifiers.size(), 2u);
    EXPECT_EQ(a.modifiers[0].sourceValue, 7);
    EXPECT_EQ(a.modifiers[0].mode, seanim::blendForType(seanim::Absolute));
    const auto findings = seanim.validate(s, "");
    ASSERT_FALSE(findings.empty());
    EXPECT_EQ(findings.back().severity, Finding::Severity::Warning);
    EXPECT_EQ(findings.back().offset, 95u);
    EXPECT_NE(findings.back().message.find("type 7"), std::string::npos) << findings.back().message;
    const FileSummary summary = seanim.summarize(bytes);
    ASSERT_FALSE(summary.details.empty());
    EXPECT_NE(summary.details.back().find("warning: a bone modifier at byte 95 has type 7"), std::string::npos);
    EXPECT_EQ(seanim.write(s), bytes); // the byte kept
    // An edit elsewhere keeps it too; an edit of that modifier's mode writes the mode's own type.
    Scene edited = s;
    Track* moved = nullptr;
    for (Track& t : edited.animations[0].tracks)
        if (!moved && !t.translation.empty())
            moved = &t;
    ASSERT_NE(moved, nullptr);
    moved->translation.keys.setValue(0, glm::dvec3(1, 2, 3));
    const std::vector<uint8_t> afterEdit = seanim.write(edited);
    EXPECT_NE(afterEdit, bytes);
    EXPECT_EQ(afterEdit[95], 7);
    edited.animations[0].modifiers[0].mode = seanim::blendForType(seanim::Additive);
    EXPECT_EQ(seanim.write(edited)[95], seanim::Additive);
}
