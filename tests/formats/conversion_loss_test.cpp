// What a conversion reports as lost, for every writable target: a Second Life animation's own fields
// (priority, ease in/out, hand pose, constraints, emote) and the loop flag and loop points of any
// source, named wherever the target cannot hold them and never where it can.
#include <gtest/gtest.h>

#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

Scene readFile(const std::string& path)
{
    const auto bytes = test::readBytes(path);
    const Format* f = Registry::instance().detect(bytes, path);
    EXPECT_NE(f, nullptr) << path;
    return f->read(bytes);
}

std::string reportFor(const Scene& s, const Format& target)
{
    Report report;
    prepareForTarget(s, target, ConvertOptions{}, report);
    std::string all;
    for (const auto& line : reportTexts(report))
        all += line + "\n";
    return all;
}

bool has(const std::string& report, const std::string& what) { return report.find(what) != std::string::npos; }

} // namespace

// linden_clap_11constraints.anim: base priority 2, ease 0.2 s / 0.2 s, hand pose relaxed, 11
// constraints, emote Express_Toothsmile, loop points 0 .. 1.86668 s (read by hand).
TEST(ConversionLoss, SecondLifeFieldsAreNamedForEveryOtherTarget)
{
    const Scene clap = readFile(test::samplePath("secondlife/linden_clap_11constraints.anim"));
    int targets = 0;
    for (const auto& f : Registry::instance().formats()) {
        if (!f->capabilities().write)
            continue;
        const std::string r = reportFor(clap, *f);
        if (f->id() == "secondlife") {
            EXPECT_FALSE(has(r, "priority")) << r;
            EXPECT_FALSE(has(r, "loop")) << r;
            continue;
        }
        ++targets;
        EXPECT_TRUE(has(r, "the priority (base 2)")) << f->id() << ":\n" << r;
        EXPECT_TRUE(has(r, "the ease in and ease out (0.2 s, 0.2 s)")) << f->id() << ":\n" << r;
        EXPECT_TRUE(has(r, "the hand pose (relaxed)")) << f->id() << ":\n" << r;
        EXPECT_TRUE(has(r, "the 11 joint constraints")) << f->id() << ":\n" << r;
        EXPECT_TRUE(has(r, "the facial emote (Express_Toothsmile)")) << f->id() << ":\n" << r;
        EXPECT_TRUE(has(r, "the loop points are lost")) << f->id() << ":\n" << r;
    }
    EXPECT_GE(targets, 5);
}

TEST(ConversionLoss, LoopFlagIsNamedWhereTheTargetHasNone)
{
    Scene looped = readFile(test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim"));
    ASSERT_TRUE(looped.animations.at(0).looping);
    for (const auto& f : Registry::instance().formats()) {
        if (!f->capabilities().write)
            continue;
        const std::string r = reportFor(looped, *f);
        EXPECT_EQ(has(r, "the loop flag is lost"), !f->capabilities().looping) << f->id() << ":\n" << r;
        EXPECT_FALSE(has(r, "loop points")) << f->id() << ":\n" << r; // the SEAnim has none
    }
    EXPECT_TRUE(has(reportFor(looped, *Registry::instance().byId("bvh")), "the loop flag is lost"));
    EXPECT_FALSE(has(reportFor(looped, *Registry::instance().byId("secondlife")), "the loop flag is lost"));
}
