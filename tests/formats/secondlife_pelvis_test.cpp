// Second Life mPelvis position keys are offsets from the pelvis's rest position (a key of 0 is the
// standing pose). `pose`, the sampler the viewport uses and every conversion put the pelvis at the same
// place, with the feet on the floor; key editing keeps the keys offsets.
#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/editing/key_editing.h"
#include "core/playback/sampler.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "formats/secondlife/secondlife_format.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

const char* const kWalk = "secondlife/linden_walk.anim";

Scene walk() { return SecondLifeFormat().read(test::readBytes(test::samplePath(kWalk))); }

// The file's axes (Z up, +X forward) to the common ones every conversion writes (Y up, +Z forward).
glm::dvec3 commonAxes(const glm::dvec3& p) { return {p.y, p.z, p.x}; }

glm::dvec3 worldPosition(const Pose& pose, int bone) { return glm::dvec3(pose.world[bone][3]); }

} // namespace

TEST(SecondLifePelvis, PoseSamplerAndConversionsAgree)
{
    const Scene s = walk();
    const Animation& a = s.animations[0];
    const int pelvis = s.skeleton.find("mPelvis");
    ASSERT_GE(pelvis, 0);
    Sampler sampler(a, s.skeleton);
    // Frame times, where the baked keys of a conversion hold the sampled pose exactly.
    const long long last = a.frameCount() - 1;
    std::vector<double> times;
    for (long long f : {0LL, 5LL, 13LL, last / 2, last})
        times.push_back(double(f) / a.fps);

    for (const char* id : {"bvh", "seanim"}) {
        SCOPED_TRACE(id);
        const Format& target = *Registry::instance().byId(id);
        Report report;
        const Scene prepared = prepareForTarget(s, target, {}, report);
        const Scene back = target.read(target.write(prepared));
        const Skeleton& skeleton = back.skeleton.empty() ? prepared.skeleton : back.skeleton;
        Sampler converted(back.animations[0], skeleton);
        const int there = converted.skeleton().find("mPelvis");
        ASSERT_GE(there, 0);
        for (double t : times) {
            SCOPED_TRACE(t);
            Pose here, other;
            sampler.sample(t, here);
            converted.sample(t, other);
            const glm::dvec3 want = commonAxes(worldPosition(here, pelvis));
            const glm::dvec3 got = worldPosition(other, there);
            EXPECT_NEAR(got.x, want.x, 1e-4);
            EXPECT_NEAR(got.y, want.y, 1e-4);
            EXPECT_NEAR(got.z, want.z, 1e-4);
        }
    }

    // `bonescope-cli pose` plays the file as the sampler does.
    for (double t : times) {
        const auto r = test::runCli({"pose", test::samplePath(kWalk), "--time", std::to_string(t)});
        ASSERT_EQ(r.status, 0) << r.err;
        const auto j = nlohmann::json::parse(r.out);
        Pose here;
        sampler.sample(std::stod(std::to_string(t)), here);
        const glm::dvec3 want = worldPosition(here, pelvis);
        bool seen = false;
        for (const auto& b : j["bones"])
            if (b["name"] == "mPelvis") {
                seen = true;
                for (int c = 0; c < 3; ++c)
                    EXPECT_NEAR(b["worldPosition"][c].get<double>(), want[c], 1e-5);
            }
        EXPECT_TRUE(seen);
    }
}

TEST(SecondLifePelvis, WalkKeepsTheFeetOnTheFloor)
{
    const Scene s = walk();
    const Animation& a = s.animations[0];
    Sampler sampler(a, s.skeleton);
    const int pelvis = s.skeleton.find("mPelvis");
    const int toes[] = {s.skeleton.find("mToeLeft"), s.skeleton.find("mToeRight")};
    ASSERT_GE(toes[0], 0);
    ASSERT_GE(toes[1], 0);
    double lowest = HUGE_VAL;
    Pose pose;
    for (long long f = 0; f < a.frameCount(); ++f) {
        sampler.sample(double(f) / a.fps, pose);
        for (int toe : toes)
            lowest = std::min(lowest, worldPosition(pose, toe).z);
        // The pelvis walks at about its rest height (1.067 m), not around the floor.
        EXPECT_NEAR(worldPosition(pose, pelvis).z, 1.067, 0.1);
    }
    // The toe joints (at the ball of the foot) come down to the floor (z = 0 in the file's Z-up
    // axes) within a few centimetres: 4.1 cm in this walk.
    EXPECT_GT(lowest, 0.0);
    EXPECT_LT(lowest, 0.06);
}

TEST(SecondLifePelvis, KeysStayOffsetsThroughEditingAndSaving)
{
    Scene s = walk();
    Animation& a = s.animations[0];
    ASSERT_EQ(a.tracks[0].name, "mPelvis");
    EXPECT_TRUE(a.tracks[0].translation.rules.offsetFromRest);
    EXPECT_FALSE(a.tracks[1].translation.rules.offsetFromRest);
    const int pelvis = s.skeleton.find("mPelvis");
    const glm::dvec3 rest = s.skeleton.bones[pelvis].restTranslation;

    // Keying the current pose between two keys gives the offset the pose plays, not the position.
    const auto& keys = a.tracks[0].translation.keys;
    const double t = (keys.time(3) + keys.time(4)) / 2;
    const glm::dvec3 between = (keys.value(3) + keys.value(4)) * 0.5;
    std::vector<LocalTransform> local;
    Sampler(a, s.skeleton).sampleLocal(t, local);
    EXPECT_NEAR(local[pelvis].translation.z, rest.z + between.z, 1e-9);
    const auto set = keyPose(a, s.skeleton, Binding::bind(a, s.skeleton), pelvis, t, local[pelvis],
                             posechannel::Translation);
    ASSERT_EQ(set.size(), 1u);
    const glm::dvec3 keyed = a.tracks[0].translation.keys[set[0].index].value;
    EXPECT_NEAR(keyed.z, between.z, 1e-9);

    // An edited key saved and reopened keeps its value (to the file's 16-bit step) and still plays
    // as an offset.
    const KeyRef edited{0, ChannelKind::Translation, 2};
    setKeyValue(a, edited, glm::dvec4(0.1, -0.05, 0.02, 0));
    const SecondLifeFormat f;
    const Scene back = f.read(f.write(s));
    const Vec3Key& k = back.animations[0].tracks[0].translation.keys[2];
    const double step = 10.0 / 65535;
    EXPECT_NEAR(k.value.x, 0.1, step);
    EXPECT_NEAR(k.value.y, -0.05, step);
    EXPECT_NEAR(k.value.z, 0.02, step);
    EXPECT_TRUE(back.animations[0].tracks[0].translation.rules.offsetFromRest);
    Pose pose;
    Sampler(back.animations[0], back.skeleton).sample(k.time, pose);
    EXPECT_NEAR(worldPosition(pose, pelvis).z, rest.z + k.value.z, 1e-5);
}
