// An animation without a skeleton of its own (SEAnim) converted with a given skeleton plays on that
// skeleton's bones by name, as the window and `bonescope-cli pose --skeleton` play it. It was
// retargeted from a flat stand-in rig instead, which lost the rig's rest offsets (52% of the height).
#include <gtest/gtest.h>

#include <algorithm>

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

Skeleton spineRig()
{
    Skeleton rig;
    rig.bones = {bone("tag_origin", -1, {0, 0, 0}), bone("j_mainroot", 0, {0, 40, 0}), bone("j_spinelower", 1, {0, 8, 1}),
                 bone("j_spineupper", 2, {0, 10, 0})};
    return rig;
}

} // namespace

TEST(SkeletonlessOnRig, SeanimConvertedWithASkeletonPlaysAsOnThatSkeleton)
{
    const std::string path = test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim");
    const auto bytes = test::readBytes(path);
    const Scene anim = Registry::instance().detect(bytes, path)->read(bytes);
    ASSERT_TRUE(anim.skeleton.empty());
    const Skeleton rig = spineRig();

    ConvertOptions o;
    o.targetSkeleton = rig;
    const Format* smd = Registry::instance().byId("smd");
    ASSERT_NE(smd, nullptr);
    Report report;
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

// The same SEAnim scales j_spinelower up to 1.5 and back (uniformly). SMD and BVH keep no scale: the
// scale is carried by the translation of the bone below, so the written file, read back, puts every
// joint where the source on its rig does (dropping the scale pulled j_spineupper 5 units, 12.5% of
// the height, back to its unscaled offset).
TEST(SkeletonlessOnRig, AnimatedScaleIsCarriedByTheJointsBelowInFormatsWithoutScale)
{
    const std::string path = test::samplePath("seanim/synth_abs_lrs_loop_notes.seanim");
    const auto bytes = test::readBytes(path);
    const Scene anim = Registry::instance().detect(bytes, path)->read(bytes);
    const Skeleton rig = spineRig();
    ConvertOptions o;
    o.targetSkeleton = rig;
    for (const char* id : {"smd", "bvh"}) {
        SCOPED_TRACE(id);
        const Format* f = Registry::instance().byId(id);
        Report report;
        const Scene prepared = prepareForTarget(anim, *f, o, report);
        const std::vector<std::string> lines = reportTexts(report);
        EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
            return l.find("animated scale of 1 bone is carried") != std::string::npos &&
                   l.find("j_spinelower") != std::string::npos;
        }));
        Scene back = f->read(f->write(prepared));
        f->toCommon(back);
        const Animation& a = anim.animations.at(0);
        bool moved = false;
        for (int frame = 0; frame <= 9; ++frame) {
            const double t = a.duration * frame / 9;
            const auto want = test::worldPositions(a, rig, t);
            const auto got = test::worldPositions(back.animations.at(0), back.skeleton, t);
            for (size_t b = 0; b < rig.size(); ++b) {
                const int i = back.skeleton.find(rig.bones[b].name);
                ASSERT_GE(i, 0) << rig.bones[b].name;
                EXPECT_LT(glm::distance(got[size_t(i)], want[b]), 1e-3) << rig.bones[b].name << " at " << t;
            }
            moved = moved || glm::distance(want[3], want[2]) > 10.5; // the scale really stretches it
        }
        EXPECT_TRUE(moved);
    }
}
