// A static armature scale (Mixamo's 0.01 node, any unanimated scale on a glTF/FBX node) survives
// conversion to formats that cannot hold it: baked into the translations below it.
#include <gtest/gtest.h>

#include "formats/assimp/assimp_format.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"
#include "tests/formats/convert_pose_compare.h"

using namespace bonescope;

namespace {

// Armature (scale 0.01) > Hips (100 cm up, walking forward) > Spine (bending), as Mixamo exports.
Scene mixamoLike()
{
    Scene s;
    s.format = "assimp";
    s.skeleton.bones.push_back(Bone{.name = "Armature", .restScale = glm::dvec3(0.01)});
    s.skeleton.bones.push_back(Bone{.name = "Hips", .parent = 0, .restTranslation = {0, 100, 0}});
    s.skeleton.bones.push_back(Bone{.name = "Spine", .parent = 1, .restTranslation = {0, 10, 0}});
    s.skeleton.bones.push_back(Bone{.name = "Head", .parent = 2, .restTranslation = {0, 50, 0}});
    Animation a;
    a.name = "walk";
    a.fps = 30;
    a.duration = 1;
    Track hips;
    hips.name = "Hips";
    hips.translation.keys = {{0.0, {0, 100, 0}}, {1.0, {0, 102, 40}}};
    Track spine;
    spine.name = "Spine";
    spine.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)}, {1.0, glm::angleAxis(0.6, glm::dvec3(1, 0, 0))}};
    a.tracks = {hips, spine};
    s.animations.push_back(a);
    return s;
}

} // namespace

TEST(StaticScale, ArmatureScaleIsBakedIntoBvhTranslations)
{
    const Scene source = mixamoLike();
    const Format& bvh = *Registry::instance().byId("bvh");
    Report report;
    const Scene prepared = prepareForTarget(source, bvh, {}, report);
    const Scene back = bvh.read(bvh.write(prepared));
    const test::PoseDifference d = test::comparePoses(source, back, {0.0, 0.5, 1.0});
    EXPECT_EQ(d.bonesCompared, 4u);
    EXPECT_LE(d.maxPosition, 1e-4) << d.worstBone << " at " << d.worstTime; // metres: Head is 1.6 m up
    bool said = false;
    for (const std::string& line : reportTexts(report)) {
        EXPECT_EQ(line.find("scale is lost"), std::string::npos) << line;
        said = said || line.find("baked into the translations") != std::string::npos;
    }
    EXPECT_TRUE(said);
}

TEST(StaticScale, ArmatureScaleIsBakedIntoSeanimTranslations)
{
    const Scene source = mixamoLike();
    const Format& seanim = *Registry::instance().byId("seanim");
    Report report;
    const Scene back = seanim.read(seanim.write(prepareForTarget(source, seanim, {}, report)));
    const Animation& a = back.animations[0];
    const int hips = a.findTrack("Hips");
    ASSERT_GE(hips, 0);
    ASSERT_FALSE(a.tracks[size_t(hips)].translation.empty());
    EXPECT_NEAR(a.tracks[size_t(hips)].translation.keys.back().value.y, 1.02, 1e-5); // 102 cm at 0.01
    EXPECT_NEAR(a.tracks[size_t(hips)].translation.keys.back().value.z, 0.40, 1e-5);
    const int armature = a.findTrack("Armature");
    if (armature >= 0) {
        for (const Vec3Key& k : a.tracks[size_t(armature)].scale.keys)
            EXPECT_NEAR(k.value.x, 1.0, 1e-9);
    }
}

TEST(StaticScale, AnimatedOrNonUniformScaleIsLeftAlone)
{
    Scene s = mixamoLike();
    s.skeleton.bones[0].restScale = {0.01, 0.02, 0.01};
    Report report;
    const Scene prepared = prepareForTarget(s, *Registry::instance().byId("bvh"), {}, report);
    EXPECT_NEAR(prepared.skeleton.bones[1].restTranslation.y, 100, 1e-9);
    bool lost = false;
    for (const std::string& line : reportTexts(report))
        lost = lost || line.find("scale is lost") != std::string::npos;
    EXPECT_TRUE(lost);
}
