// An animation without a skeleton of its own (SEAnim) converted with a given skeleton plays on that
// skeleton's bones by name, as the window and `bonescope-cli pose --skeleton` play it. It was
// retargeted from a flat stand-in rig instead, which lost the rig's rest offsets (52% of the height).
#include <gtest/gtest.h>

#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"
#include "tests/support/world_positions.h"

using namespace bonescope;

namespace {

Bone bone(const char* name, int parent, glm::dvec3 offset)
{
    Bone b;
    b.name = name;
    b.parent = parent;
    b.restTranslation = offset;
    return b;
}

} // namespace

TEST(SkeletonlessOnRig, SeanimConvertedWithASkeletonPlaysAsOnThatSkeleton)
{
    const std::string path = test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim");
    const auto bytes = test::readBytes(path);
    const Scene anim = Registry::instance().detect(bytes, path)->read(bytes);
    ASSERT_TRUE(anim.skeleton.empty());
    Skeleton rig;
    rig.bones = {bone("tag_origin", -1, {0, 0, 0}), bone("j_mainroot", 0, {0, 40, 0}), bone("j_spinelower", 1, {0, 8, 1}),
                 bone("j_spineupper", 2, {0, 10, 0})};

    ConvertOptions o;
    o.targetSkeleton = rig;
    const Format* smd = Registry::instance().byId("smd");
    ASSERT_NE(smd, nullptr);
    std::vector<std::string> report;
    const Scene out = prepareForTarget(anim, *smd, o, report);
    ASSERT_EQ(out.skeleton.size(), rig.size());
    const Animation& a = anim.animations.at(0);
    for (double t = 0; t <= a.duration + 1e-9; t += a.duration / 9) {
        const auto want = test::worldPositions(a, rig, t);
        const auto got = test::worldPositions(out.animations.at(0), out.skeleton, t);
        for (size_t b = 0; b < rig.size(); ++b)
            for (int c = 0; c < 3; ++c)
                EXPECT_NEAR(got[b][c], want[b][c], 1e-6) << rig.bones[b].name << " at " << t;
    }
}
