// Reading the OpenCollar "Tower" BVH: values checked by hand against the text.
#include <gtest/gtest.h>

#include "core/editing/key_reduction.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

const char* kTower = "secondlife/opencollar_tower.bvh";

Scene readTower()
{
    return BvhFormat().read(test::readBytes(test::samplePath(kTower)));
}

int endSites(const Skeleton& s)
{
    int n = 0;
    for (const Bone& b : s.bones)
        n += (b.flags & bvh::EndSiteFlag) ? 1 : 0;
    return n;
}

TEST(BvhRead, TowerHierarchy)
{
    const Scene s = readTower();
    EXPECT_EQ(s.format, "bvh");
    // grep -c: 69 ROOT/JOINT lines, 43 End Sites.
    EXPECT_EQ(s.skeleton.size(), 112u);
    EXPECT_EQ(endSites(s.skeleton), 43);
    const int hip = s.skeleton.find("hip");
    ASSERT_EQ(hip, 0);
    EXPECT_EQ(s.skeleton.bones[hip].parent, -1);
    const int spine1 = s.skeleton.find("mSpine1");
    EXPECT_EQ(s.skeleton.bones[spine1].parent, hip);
    EXPECT_EQ(s.skeleton.bones[spine1].restTranslation, glm::dvec3(0, 3.31, -0.0));
    const int shldr = s.skeleton.find("lShldr");
    EXPECT_EQ(s.skeleton.bones[shldr].restTranslation, glm::dvec3(3.1102, 0, 0));
    // mEyeRight's End Site: OFFSET 0.0000 0.0000 0.9843.
    const int eye = s.skeleton.find("mEyeRight");
    const int end = s.skeleton.find("mEyeRight_End");
    ASSERT_GE(end, 0);
    EXPECT_EQ(s.skeleton.bones[end].parent, eye);
    EXPECT_EQ(s.skeleton.bones[end].restTranslation, glm::dvec3(0, 0, 0.9843));
    EXPECT_EQ(s.skeleton.bones[end].restRotation, glm::dquat(1, 0, 0, 0));
}

TEST(BvhRead, TowerMotion)
{
    const Scene s = readTower();
    ASSERT_EQ(s.animations.size(), 1u);
    const Animation& a = s.animations[0];
    EXPECT_DOUBLE_EQ(a.fps, 1 / 0.041667);
    EXPECT_DOUBLE_EQ(a.duration, 70 * 0.041667);
    EXPECT_EQ(a.frameCount(), 71);
    EXPECT_EQ(a.tracks.size(), 69u); // End Sites have no channels, so no track
    const auto* x = s.extra.as<BvhExtra>();
    ASSERT_TRUE(x);
    EXPECT_EQ(x->frameTimeText, "0.041667");
    EXPECT_EQ(x->channels.at("hip"), (std::vector<bvh::ChannelKind>{bvh::Xposition, bvh::Yposition, bvh::Zposition,
                                                                       bvh::Xrotation, bvh::Yrotation, bvh::Zrotation}));

    const Track& hip = a.tracks[a.findTrack("hip")];
    ASSERT_EQ(hip.translation.size(), 71u);
    ASSERT_EQ(hip.rotation.size(), 71u);
    // Frame 0 line starts "0.0000 42.0084 0.0000"; frame 40 "0.0000 13.2547 -8.9529 0.0000 0.0000 0.0000".
    EXPECT_EQ(hip.translation.keys.value(0), glm::dvec3(0, 42.0084, 0));
    EXPECT_EQ(hip.translation.keys.value(40), glm::dvec3(0, 13.2547, -8.9529));
    EXPECT_DOUBLE_EQ(hip.translation.keys.time(40), 40 * 0.041667);

    // lShldr is value 171..173 of frame 40: -21.6814 -65.965 -91.0857 (X, Y, Z), composed as
    // Rx * Ry * Rz; the quaternion worked out separately in Python.
    const Track& sh = a.tracks[a.findTrack("lShldr")];
    ASSERT_EQ(sh.rotation.size(), 71u);
    EXPECT_TRUE(sh.translation.empty());
    const glm::dquat want(0.650097544557, 0.271135561166, -0.487078766123, -0.516345781066);
    EXPECT_LT(rotationDistanceDegrees(sh.rotation.keys.value(40), want), 1e-8);
    // lThigh (values 201..203): -61.3931 -0.9863 -1.4004.
    const Track& th = a.tracks[a.findTrack("lThigh")];
    const glm::dquat thigh(0.859840647668, -0.510343670626, -0.013638668921, -0.006114342105);
    EXPECT_LT(rotationDistanceDegrees(th.rotation.keys.value(40), thigh), 1e-8);
}

TEST(BvhRead, DetectedByContent)
{
    const auto bytes = test::readBytes(test::samplePath(kTower));
    const Format* f = Registry::instance().detect(bytes, "tower.dat");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->id(), "bvh");
    EXPECT_TRUE(BvhFormat().detect(std::vector<uint8_t>{'\n', ' ', 'H', 'I', 'E', 'R', 'A', 'R', 'C', 'H', 'Y'}));
    EXPECT_FALSE(BvhFormat().detect(std::vector<uint8_t>{'H', 'I', 'E', 'R'}));
}

} // namespace
} // namespace bonescope
