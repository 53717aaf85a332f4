// The sampler's kept lane segments (core/math/float_lanes.h) on real files: every sample the formats read
// and the bundled demo, played forward twice (the second time from what the first kept) and by jumps,
// give the same pose to the bit as the sampler that keeps none.
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

std::vector<std::string> files()
{
    std::vector<std::string> out = test::samplesIn(test::samplePath("seanim"), ".seanim");
    for (const std::string& f : test::samplesIn(test::samplePath("secondlife"), ".anim"))
        out.push_back(f);
    for (const std::string& f : test::samplesIn(test::samplePath("lego"), ".ani"))
        out.push_back(f);
    out.push_back(std::string(BONESCOPE_SOURCE_DIR) + "/resources/demo/demo_walk.seanim");
    return out;
}

} // namespace

TEST(KeptLaneSegments, ChangeNoBitOnEveryFile)
{
    size_t filesThatKeep = 0;
    for (const std::string& path : files()) {
        SCOPED_TRACE(path);
        const Scene scene = loadScene(path).scene;
        for (const Animation& anim : scene.animations) {
            Sampler none(anim, scene.skeleton), kept(anim, scene.skeleton);
            none.setKeptLaneBudget(0);
            none.setKeptSegmentBudget(0);
            none.rebind();
            kept.setKeptSegmentBudget(0); // so that what it keeps is lane segments only
            kept.rebind();
            Pose a, b;
            kept.sample(0, b);
            filesThatKeep += kept.keptSegmentBytes() > 0;
            std::vector<double> times;
            const double end = std::max(anim.duration, 0.1);
            for (int pass = 0; pass < 2; ++pass)
                for (double t = -0.1; t < end + 0.1; t += 1.0 / 60)
                    times.push_back(t);
            std::mt19937 random(7);
            for (int i = 0; i < 200; ++i)
                times.push_back(std::uniform_real_distribution<double>(-0.2, end + 0.2)(random));
            for (double t : times) {
                none.sample(t, a);
                kept.sample(t, b);
                ASSERT_EQ(0, std::memcmp(a.local.data(), b.local.data(), a.local.size() * sizeof(a.local[0]))) << t;
                ASSERT_EQ(0, std::memcmp(a.world.data(), b.world.data(), a.world.size() * sizeof(a.world[0]))) << t;
                ASSERT_EQ(a.visible, b.visible) << t;
            }
        }
    }
    // Nine animations (the demo, SEAnim samples keyed on every frame) keep segments: the test
    // plays those.
    EXPECT_GE(filesThatKeep, 9u);
}
