// Every ordered pair of writable formats: a representative sample converted with prepareForTarget,
// written, read back, and compared with the source as `bonescope-cli diff` compares them (every key
// time of either and every frame, local and world rotations and world positions:
// convert_pose_compare.h) within the tolerances documented in docs/conversion.md. Where the target cannot keep the motion (a
// built-in skeleton the source's bones do not match), the test checks that the report says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/compare/sample_times.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "tests/formats/convert_pose_compare.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

const char* const kTargets[] = {"seanim", "secondlife", "lego", "dash15", "dash15-json", "dmx", "dmx-json", "bvh", "smd", "psa",
#ifndef BONESCOPE_WITHOUT_ASSIMP
                                "assimp"
#endif
};

// Documented in docs/conversion.md ("Tolerances"): rotation in degrees, world position in the
// target's units (the samples' units: metres for Second Life and Dash, inches for the BVH, the
// game's units for LEGO, centimetres-like units for the SEAnim skeleton).
constexpr double kDegrees = 0.01;
constexpr double kPosition = 1e-3;

Scene readFile(const std::string& path)
{
    const auto bytes = test::readBytes(path);
    const Format* f = Registry::instance().detect(bytes, path);
    EXPECT_NE(f, nullptr) << path;
    return f->read(bytes);
}

// SEAnim carries no skeleton: the DELTA sample plays on this one (rest rotation and offset on the
// child, so DELTA's "rotation replaces rest" matters).
Skeleton tagOriginSkeleton()
{
    Skeleton s;
    s.bones.push_back(Bone{.name = "tag_origin"});
    Bone child{.name = "j_mainroot", .parent = 0, .restTranslation = {0, 2, 40}};
    child.restRotation = glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 0, 1));
    s.bones.push_back(child);
    return s;
}

struct Sample {
    std::string label;
    Scene scene;
};

std::vector<Sample> samples()
{
    std::vector<Sample> out;
    out.push_back({"dash15 fixture", readFile(test::fixturePath("dash/model15.dmf"))});
    out.push_back({"linden_walk.anim", readFile(test::samplePath("secondlife/linden_walk.anim"))});
    out.push_back({"pns065rd.ani", readFile(test::samplePath("lego/pns065rd.ani"))});
    Scene delta = readFile(test::samplePath("seanim/synth_delta_tag_origin.seanim"));
    delta.skeleton = tagOriginSkeleton();
    out.push_back({"synth_delta_tag_origin.seanim", std::move(delta)});
    out.push_back({"opencollar_tower.bvh", readFile(test::samplePath("secondlife/opencollar_tower.bvh"))});
    return out;
}

bool mentions(const Report& report, const std::string& what)
{
    for (const std::string& line : reportTexts(report))
        if (line.find(what) != std::string::npos)
            return true;
    return false;
}


// LEGO Island stores times in whole milliseconds; its writer puts a key between two on both (the
// pose there). Its precision is in time: the source's keys and frames rounded to whole milliseconds
// are where it must hold the source's pose (at the extra keys a fast limb, a knee turning half a
// degree per millisecond, differs by what a fraction of a millisecond moves it).
std::vector<double> onWholeMilliseconds(std::vector<double> times)
{
    for (double& t : times)
        t = std::round(t * 1000) / 1000;
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

std::string joined(const Report& report)
{
    std::string s;
    for (const auto& l : reportTexts(report))
        s += "  " + l + "\n";
    return s;
}

} // namespace

TEST(ConvertPairs, EverySampleIntoEveryFormatKeepsThePose)
{
    for (const Sample& sample : samples()) {
        for (const char* targetId : kTargets) {
            SCOPED_TRACE(sample.label + " -> " + targetId);
            const Format& target = *Registry::instance().byId(targetId);
            Report report;
            const Scene prepared = prepareForTarget(sample.scene, target, {}, report);
            const auto bytes = target.write(prepared);
            if (target.id() == "assimp")
                test::keepGlb("pairs-" + sample.label, bytes);
            Scene back = target.read(bytes);
            ASSERT_EQ(back.format, target.id());
            if (target.id() == "smd")
                test::toRate(back.animations.at(0), prepared.currentAnimation()->fps);

            const bool ownAvatar = sample.scene.format == "secondlife";
            if (std::string(targetId) == "secondlife" && !ownAvatar) {
                if (sample.scene.format == "bvh") {
                    // The viewer's upload rules: checked against the viewer's own output in
                    // bvh_to_sl_test.cpp; here every mapped joint is written but those that never
                    // move from frame 0, which the uploader leaves out: 17 of the tower's 69.
                    EXPECT_EQ(back.animations[0].tracks.size(), 17u);
                    EXPECT_TRUE(mentions(report, "52 BVH joints never move from frame 0")) << joined(report);
                    continue;
                }
                // A skeleton the avatar does not have: the report names the lost motion.
                EXPECT_TRUE(mentions(report, "match no avatar joint")) << joined(report);
                continue;
            }
            // SEAnim stores no skeleton: its keys play on the one they were made for.
            const Skeleton& fallback = prepared.skeleton;
            std::vector<double> times; // default: every key of either and every frame at the finer rate
            if (std::string(targetId) == "lego")
                times = onWholeMilliseconds(comparisonTimes(*sample.scene.currentAnimation(), *sample.scene.currentAnimation()));
            const AnimationComparison d = test::compareConverted(sample.scene, back, times, fallback);
            EXPECT_GT(d.bones.size(), 0u);
            const BoneDifference* worst = d.worstBone();
            const std::string where = worst ? worst->name + " at " + std::to_string(worst->local.worstTime) + " s / " +
                                                  std::to_string(worst->position.worstTime) + " s\n"
                                            : std::string("\n");
            EXPECT_LE(d.maxLocalDegrees(), kDegrees) << where << joined(report);
            EXPECT_LE(d.maxWorldDegrees(), kDegrees) << where << joined(report);
            EXPECT_LE(d.maxPosition(), kPosition) << where << joined(report);
        }
    }
}
