// A retarget keeps the precision its source had: keys read from a binary file (float) give a result
// held in float (half the memory of double, which is most of a big retarget's time), keys in double
// (BVH text, clips made in code) a result in double. Either way the motion is the same.
#include <algorithm>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/retarget/retarget.h"
#include "tests/core/retarget/test_rig.h"

namespace bonescope {
namespace {

using test::RigOptions;

// A float as a file holds it (a value too small for a normal float written as 0).
double f32(double v)
{
    const float f = float(v);
    return std::fabs(f) < std::numeric_limits<float>::min() ? 0.0 : double(f);
}

// The clip with every key rounded to a float, as a binary file holds it.
Animation asReadFromFloatFile(const Animation& a)
{
    Animation out = a;
    for (Track& t : out.tracks) {
        decltype(t.rotation.keys) rotations;
        for (size_t i = 0; i < t.rotation.keys.size(); ++i)
            rotations.push_back({t.rotation.keys.time(i), [](glm::dquat q) { return glm::dquat(f32(q.w), f32(q.x), f32(q.y), f32(q.z)); }(t.rotation.keys.value(i))});
        t.rotation.keys = rotations;
        decltype(t.translation.keys) translations;
        for (size_t i = 0; i < t.translation.keys.size(); ++i)
            translations.push_back({t.translation.keys.time(i), [](glm::dvec3 v) { return glm::dvec3(f32(v.x), f32(v.y), f32(v.z)); }(t.translation.keys.value(i))});
        t.translation.keys = translations;
    }
    return out;
}

struct Rigs {
    RigOptions so, to;
    Skeleton src, tgt;
    Rigs()
    {
        to.bonesAlongX = true;
        to.armDrop = 45;
        to.unrealNames = true;
        src = test::humanoidRig(so);
        tgt = test::humanoidRig(to);
    }
};

bool everyListInFloat(const Animation& a)
{
    for (const Track& t : a.tracks)
        if (!t.rotation.keys.inFloat() || !t.translation.keys.inFloat())
            return false;
    return true;
}

TEST(RetargetPrecision, AFloatSourceGivesAFloatResultWithinAFloatsRounding)
{
    const Rigs r;
    const Animation floatClip = asReadFromFloatFile(test::walkClip(r.src, r.so, 0.8));
    ASSERT_TRUE(everyListInFloat(floatClip));
    // The same values, but one extra track holds a value no float holds: the source is in double.
    Animation doubleClip = floatClip;
    Track extra;
    extra.name = "not_in_either_rig";
    extra.translation.keys.push_back({0.0, glm::dvec3(0.1, 0, 0)});
    doubleClip.tracks.push_back(extra);
    ASSERT_FALSE(extra.translation.keys.inFloat());

    const RetargetResult f = retarget(floatClip, r.src, r.tgt, autoMatch(r.src, r.tgt));
    const RetargetResult d = retarget(doubleClip, r.src, r.tgt, autoMatch(r.src, r.tgt));
    EXPECT_TRUE(everyListInFloat(f.animation));
    ASSERT_EQ(f.animation.tracks.size(), d.animation.tracks.size());
    size_t compared = 0, inDouble = 0;
    for (size_t k = 0; k < d.animation.tracks.size(); ++k) {
        const Track& a = f.animation.tracks[k];
        const Track& b = d.animation.tracks[k];
        ASSERT_EQ(a.name, b.name);
        ASSERT_EQ(a.rotation.keys.size(), b.rotation.keys.size()) << a.name;
        inDouble += b.rotation.keys.inFloat() ? 0 : 1;
        for (size_t i = 0; i < a.rotation.keys.size(); ++i, ++compared) {
            const glm::dquat p = a.rotation.keys.value(i), q = b.rotation.keys.value(i);
            EXPECT_NEAR(glm::length(glm::dvec4(p.x - q.x, p.y - q.y, p.z - q.z, p.w - q.w)), 0, 1.2e-7) << a.name << " key " << i;
        }
        for (size_t i = 0; i < a.translation.keys.size(); ++i)
            EXPECT_NEAR(glm::length(a.translation.keys.value(i) - b.translation.keys.value(i)), 0,
                        1.2e-7 * std::max(1.0, glm::length(b.translation.keys.value(i))))
                << a.name << " key " << i;
    }
    EXPECT_GT(compared, 100u);
    EXPECT_GT(inDouble, 0u) << "the double source's result should keep its computed rotations in double";
    // And the limbs go where they went: the reports' errors agree.
    EXPECT_NEAR(f.report.median, d.report.median, 1e-4);
    EXPECT_NEAR(f.report.max, d.report.max, 1e-4);
}

} // namespace
} // namespace bonescope
