// Assimp's glTF exporter finds an animation's target node by its ID, which is the node's name only
// when that name is unique, not empty and not one of its own ("Scene", our root; "material_0").
// Any other channel had no node, and Assimp 5.2 dereferenced it (found by convert_fuzz from SEAnim
// files without a skeleton). The writer names channels after the bones they bind to, refuses names
// it cannot give Assimp, and a conversion renames them.
#include <gtest/gtest.h>

#include "formats/assimp/assimp_format.h"
#include "formats/convert/prepare.h"
#include "formats/parse_error.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

Track rotating(const std::string& name, double angle)
{
    Track t;
    t.name = name;
    t.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0)}, {1.0, glm::angleAxis(angle, glm::dvec3(0, 0, 1))}};
    return t;
}

// An animation as SEAnim gives it: tracks, no skeleton.
Scene tracksOnly(const std::vector<std::string>& names)
{
    Scene s;
    Animation a;
    a.name = "clip";
    a.duration = 1;
    for (size_t i = 0; i < names.size(); ++i)
        a.tracks.push_back(rotating(names[i], 0.1 * double(i + 1)));
    s.animations.push_back(a);
    return s;
}

const Track* trackNamed(const Animation& a, const std::string& name)
{
    for (const Track& t : a.tracks)
        if (t.name == name)
            return &t;
    return nullptr;
}

} // namespace

TEST(GlbWriterNodes, NamesAssimpCannotTargetAreRefusedNotCrashed)
{
    const AssimpFormat glb;
    for (const std::vector<std::string>& names : std::vector<std::vector<std::string>>{
             {"hip", ""}, {"Scene", "hip"}, {"material_0"}, {"hip", "hip"}, {"\xff", "\xfe"}}) {
        try {
            (void)glb.write(tracksOnly(names));
            ADD_FAILURE() << "written: " << names[0];
        } catch (const WriteError& e) {
            EXPECT_NE(std::string(e.what()).find("glTF node names must be unique"), std::string::npos) << e.what();
        }
    }
}

TEST(GlbWriterNodes, AConversionRenamesThemAndEveryTrackComesBack)
{
    const AssimpFormat glb;
    const Scene source = tracksOnly({"", "Scene", "material_0", "hip", "hip"});
    Report report;
    const Scene prepared = prepareForTarget(source, glb, {}, report);
    bool said = false;
    for (const std::string& line : reportTexts(report))
        said = said || line.find("4 bone names renamed") != std::string::npos;
    EXPECT_TRUE(said);
    const Scene back = glb.read(glb.write(prepared));
    ASSERT_EQ(back.animations.size(), 1u);
    const Animation& a = back.animations[0];
    // Every track comes back, on a node of its new name, with its own motion.
    for (const auto& [name, angle] : std::vector<std::pair<std::string, double>>{
             {"bone.1", 0.1}, {"Scene.1", 0.2}, {"material_0.1", 0.3}, {"hip", 0.4}, {"hip.2", 0.5}}) {
        const Track* t = trackNamed(a, name);
        ASSERT_NE(t, nullptr) << name;
        ASSERT_EQ(t->rotation.size(), 2u) << name;
        EXPECT_NEAR(glm::angle(t->rotation.keys.value(1)), angle, 1e-5) << name;
    }
}

TEST(GlbWriterNodes, TracksThatAnimateNoBoneAreLeftOutAndReported)
{
    const AssimpFormat glb;
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "hip"});
    Animation a;
    a.name = "clip";
    a.duration = 1;
    a.tracks = {rotating("hip", 0.5), rotating("tail", 0.25)};
    s.animations.push_back(a);
    // A second animation whose only track animates no bone: left out, not an empty animation.
    Animation b = a;
    b.name = "other";
    b.tracks = {rotating("wing", 0.25)};
    s.animations.push_back(b);

    Report report;
    const Scene prepared = prepareForTarget(s, glb, {}, report);
    std::string all;
    for (const std::string& line : reportTexts(report))
        all += line + "\n";
    EXPECT_NE(all.find("animation 'clip': 1 track that animates no bone is left out: tail"), std::string::npos) << all;
    EXPECT_NE(all.find("animation 'other' has no translation, rotation or scale keys on a bone"), std::string::npos) << all;

    const Scene back = glb.read(glb.write(prepared));
    ASSERT_EQ(back.animations.size(), 1u);
    EXPECT_NE(trackNamed(back.animations[0], "hip"), nullptr);
    EXPECT_EQ(trackNamed(back.animations[0], "tail"), nullptr);
}

TEST(GlbWriterNodes, AnimationNamesAssimpWouldRefuseAreRenamed)
{
    // Assimp gives every glTF object an ID: two animations of one name, or one named as a node,
    // made it refuse the whole export.
    const AssimpFormat glb;
    Scene s;
    s.skeleton.bones.push_back(Bone{.name = "hip"});
    for (const char* name : {"walk", "walk", "hip", "", ""}) {
        Animation a;
        a.name = name;
        a.duration = 1;
        a.tracks = {rotating("hip", 0.5)};
        s.animations.push_back(a);
    }
    Report report;
    const Scene back = glb.read(glb.write(prepareForTarget(s, glb, {}, report)));
    std::vector<std::string> names;
    for (const Animation& a : back.animations)
        names.push_back(a.name);
    EXPECT_EQ(names, (std::vector<std::string>{"walk", "walk.2", "hip.1", "anim", "anim.2"}));
    std::string all;
    for (const std::string& line : reportTexts(report))
        all += line + "\n";
    EXPECT_NE(all.find("3 animation names renamed"), std::string::npos) << all;
}

// Assimp's exporter took any node transform within 0.01 of identity for identity and wrote none: on
// RobotExpressive (a real glTF, scaled 100 under its container) the shins' and fingers' end nodes,
// 0.006 to 0.009 from their parents, landed on them. Written then read back, every bone keeps its rest.
TEST(GlbWriterNodes, SmallRestOffsetsSurviveTheRoundTrip)
{
    const AssimpFormat glb;
    const Scene robot = glb.read(test::readBytes(test::fixturePath("rigs/RobotExpressive.glb")));
    const Scene back = glb.read(test::keepGlb("robot_small_offsets", glb.write(robot)));
    ASSERT_GE(back.skeleton.size(), robot.skeleton.size()); // and the writer's root and mesh nodes
    int small = 0;
    for (const Bone& b : robot.skeleton.bones) {
        const int i = back.skeleton.find(b.name);
        ASSERT_GE(i, 0) << b.name;
        const Bone& c = back.skeleton.bones[size_t(i)];
        const double length = glm::length(b.restTranslation);
        small += length > 0 && length < 0.01;
        EXPECT_NEAR(glm::length(c.restTranslation - b.restTranslation), 0, 1e-7 + 1e-6 * length) << b.name;
        EXPECT_NEAR(std::abs(glm::dot(c.restRotation, b.restRotation)), 1, 1e-6) << b.name; // q and -q alike
    }
    EXPECT_GE(small, 10); // the end nodes the exporter dropped
}
