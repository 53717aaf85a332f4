// BVH -> Second Life as the viewer's uploader does it: opencollar_tower.bvh converted reproduces the
// viewer's own upload of it, opencollar_Tower.anim, within one degree per joint rotation and a few
// millimetres of pelvis position, at every key time of the .anim.
#include <gtest/gtest.h>

#include "core/playback/sampler.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_upload.h"
#include "tests/support/test_support.h"
#include "tests/support/glm_expect.h"

using namespace bonescope;

namespace {

Scene read(const std::string& relative)
{
    const auto bytes = test::readBytes(test::samplePath(relative));
    return Registry::instance().detect(bytes, relative)->read(bytes);
}

} // namespace

TEST(BvhToSecondLife, TowerMatchesTheViewersUpload)
{
    const Scene bvh = read("secondlife/opencollar_tower.bvh");
    const Scene viewer = read("secondlife/opencollar_Tower.anim");
    const SecondLifeFormat sl;
    Report report;
    const Scene prepared = prepareForTarget(bvh, sl, {}, report);
    const Scene ours = sl.read(sl.write(prepared));

    const Animation& want = viewer.animations[0];
    const Animation& got = ours.animations[0];
    // 71 frames at 1/24 s, frame 0 dropped: 70 keys from 0 to 69/24 s.
    EXPECT_NEAR(got.duration, 69 / 24.0, 1e-3);
    EXPECT_NEAR(got.duration, want.duration, 1e-3);

    Sampler sampler(got, ours.skeleton), viewerSampler(want, viewer.skeleton);
    std::vector<LocalTransform> local, viewerLocal;
    size_t compared = 0, leftOut = 0;
    double worst = 0;
    std::string worstJoint;
    for (const Track& t : want.tracks) {
        const int bone = ours.skeleton.find(t.name);
        ASSERT_GE(bone, 0) << t.name;
        // The uploader leaves out joints that never move from frame 0 (LLBVHLoader::optimize); this
        // .anim keeps some of them at rest, which plays the same.
        if (got.findTrack(t.name) < 0) {
            EXPECT_TRUE(secondlife::isStaticJoint(t)) << "the conversion lacks joint " << t.name;
            ++leftOut;
        }
        for (const QuatKey& k : t.rotation.keys) {
            sampler.sampleLocal(k.time, local);
            const double d = test::degreesBetween(local[bone].rotation, k.value);
            if (d > worst) {
                worst = d;
                worstJoint = t.name + " at " + std::to_string(k.time);
            }
            ++compared;
        }
        for (const Vec3Key& k : t.translation.keys) {
            // Positions as played (mPelvis keys are offsets from its rest): the viewer's file sampled
            // at its own key.
            sampler.sampleLocal(k.time, local);
            viewerSampler.sampleLocal(k.time, viewerLocal);
            EXPECT_LE(glm::length(local[bone].translation - viewerLocal[bone].translation), 0.005)
                << t.name << " at " << k.time;
        }
    }
    RecordProperty("worstDegrees", std::to_string(worst) + " (" + worstJoint + ")");
    EXPECT_GT(compared, 100u);
    EXPECT_EQ(got.tracks.size() + leftOut, want.tracks.size());
    EXPECT_LE(worst, 1.0) << worstJoint;
}
