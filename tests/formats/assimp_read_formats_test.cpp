// The game and modelling formats read through Assimp's helper (formats/assimp_formats): real files
// from Assimp's test models and the Ogre SDK (tests/fixtures/assimp_formats/SOURCES.md), their values
// checked against the files' own numbers (an .md5anim's frames, the Ogre skeleton's XML form),
// converted to .glb, SMD and PSA and read back with the same pose, and damaged files ending in an
// error that names them. In the build without Assimp they are still listed and say why they cannot
// be read.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "formats/convert/prepare.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "formats/skeleton_source.h"
#include "tests/formats/convert_pose_compare.h"
#include "tests/support/error_of.h"
#include "tests/support/test_support.h"
#include "tests/support/world_positions.h"

using namespace bonescope;

namespace {

std::string fixture(const std::string& name) { return test::fixturePath("assimp_formats/" + name); }

std::span<const uint8_t> bytesOf(const std::string& s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

int boneIndex(const Skeleton& s, const std::string& name)
{
    for (size_t i = 0; i < s.size(); ++i)
        if (s.bones[i].name == name)
            return int(i);
    return -1;
}

const Track* trackOf(const Animation& a, const std::string& name)
{
    for (const Track& t : a.tracks)
        if (t.name == name)
            return &t;
    return nullptr;
}

// An .md5anim's joints as the file states them at one frame: the baseframe's values, replaced by the
// frame's numbers where the joint's flags say (bits 0-2 position x y z, 3-5 orientation x y z).
struct Md5Joint {
    std::string name;
    glm::dvec3 position;
    glm::dvec3 orientation; // x y z of a unit quaternion whose w is -sqrt(1 - |xyz|^2)
};
std::vector<Md5Joint> md5animFrame(const std::string& path, int frame)
{
    std::ifstream in(path);
    std::string line;
    struct Hierarchy {
        std::string name;
        int flags, start;
    };
    std::vector<Hierarchy> joints;
    std::vector<Md5Joint> out;
    std::vector<double> values;
    std::string section;
    while (std::getline(in, line)) {
        std::string clean;
        for (char c : line.substr(0, line.find("//")))
            clean += c == '(' || c == ')' || c == '"' ? ' ' : c;
        std::istringstream words(clean);
        std::string first;
        if (!(words >> first))
            continue;
        if (first == "}") {
            section.clear();
        } else if (first == "hierarchy" || first == "baseframe") {
            section = first;
        } else if (first == "frame") {
            int n = -1;
            words >> n;
            section = n == frame ? "frame" : "other";
        } else if (section == "hierarchy") {
            Hierarchy h{first, 0, 0};
            int parent = 0;
            words >> parent >> h.flags >> h.start;
            joints.push_back(h);
        } else if (section == "baseframe") {
            Md5Joint j;
            j.name = joints.at(out.size()).name;
            std::istringstream all(clean);
            all >> j.position.x >> j.position.y >> j.position.z >> j.orientation.x >> j.orientation.y >> j.orientation.z;
            out.push_back(j);
        } else if (section == "frame") {
            std::istringstream all(clean);
            for (double v; all >> v;)
                values.push_back(v);
        }
    }
    for (size_t i = 0; i < joints.size(); ++i) {
        size_t at = size_t(joints[i].start);
        for (int c = 0; c < 6; ++c)
            if (joints[i].flags & (1 << c))
                (c < 3 ? out[i].position[c] : out[i].orientation[c - 3]) = values.at(at++);
    }
    return out;
}

glm::dquat md5Quaternion(const glm::dvec3& xyz)
{
    const double t = 1.0 - glm::dot(xyz, xyz);
    return glm::dquat(t < 0 ? 0.0 : -std::sqrt(t), xyz.x, xyz.y, xyz.z);
}

// The pose after a conversion into `targetId` and back, against the source's.
test::PoseDifference convertedAndBack(const Scene& source, const std::string& targetId)
{
    const Format& target = *Registry::instance().byId(targetId);
    std::vector<std::string> report;
    const Scene prepared = prepareForTarget(source, target, {}, report);
    Scene back = target.read(target.write(prepared));
    if (targetId == "smd")
        test::toRate(back.animations.at(0), prepared.currentAnimation()->fps);
    return test::comparePoses(source, back, test::comparisonTimes(*source.currentAnimation()));
}

} // namespace

TEST(AssimpReadFormats, ListedReadOnlyAndDetectedAfterOurOwnReaders)
{
    const Registry& r = Registry::instance();
    for (const char* id : {"md5", "iqm", "x", "ms3d", "b3d", "pmx", "ogre", "hl1mdl", "csm"}) {
        const Format* f = r.byId(id);
        ASSERT_NE(f, nullptr) << id;
        EXPECT_TRUE(f->capabilities().read) << id;
        EXPECT_FALSE(f->capabilities().write) << id;
    }
    const test::CliResult listed = test::runCli({"formats"});
    EXPECT_NE(listed.out.find("md5\tid Tech 4 MD5 (Assimp)\t.md5mesh .md5anim\tread\n"), std::string::npos) << listed.out;
    EXPECT_NE(listed.out.find("ogre\tOgre 3D mesh (Assimp)\t.mesh .mesh.xml\tread\n"), std::string::npos);
    // Assimp reads SMD and BVH too: Bonescope's own readers keep them.
    EXPECT_EQ(r.detect(test::readBytes(test::fixturePath("smd/bst_Cube_Armature_Cube.smd")), "x.smd")->id(), "smd");
    EXPECT_EQ(r.detect(test::readBytes(test::fixturePath("rigs/cmu_131_01_walk.bvh")), "x.bvh")->id(), "bvh");
    // By content, whatever the name says.
    EXPECT_EQ(r.detect(test::readBytes(fixture("Bob.md5anim")), "renamed.bin")->id(), "md5");
    EXPECT_EQ(r.detect(test::readBytes(fixture("test_cube_binary.x")), "")->id(), "x");
    EXPECT_EQ(r.detect(test::readBytes(fixture("fish.mesh")), "")->id(), "ogre");
    EXPECT_EQ(r.detect(test::readBytes(fixture("man.mdl")), "")->id(), "hl1mdl");
    EXPECT_EQ(r.detect(test::readBytes(fixture("mrfixit.iqm")), "")->id(), "iqm");
    EXPECT_EQ(r.detect(test::readBytes(fixture("WusonBlitz.b3d")), "")->id(), "b3d");
    EXPECT_EQ(r.detect(bytesOf("<?xml version=\"1.0\"?>\n<!-- Ogre -->\n<mesh>\n<submeshes/>"), "")->id(), "ogre");
    EXPECT_EQ(r.detect(bytesOf("MS3D000000\x04\0\0\0"), "")->id(), "ms3d");
    EXPECT_EQ(r.detect(bytesOf("PMX \0\0\0@"), "")->id(), "pmx");
    // Valve's DMX (Source 2, SFM) is never handed to Assimp; a Source engine MDL (version 48) neither.
    const Format* dmx = r.detect(bytesOf("<!-- dmx encoding binary 2 format model 18 -->\n"), "a.dmx");
    EXPECT_TRUE(!dmx || (dmx->id().find("assimp") == std::string::npos && dmx->capabilities().write)) << (dmx ? dmx->id() : "");
    const Format* source = r.detect(bytesOf("IDST0\0\0\0"), "a.mdl");
    EXPECT_TRUE(!source || source->id() != "hl1mdl");
}

#ifdef BONESCOPE_WITHOUT_ASSIMP

TEST(AssimpReadFormats, WithoutAssimpSayWhy)
{
    const std::string why = test::errorOf([] { loadScene(fixture("Bob.md5anim")); });
    EXPECT_NE(why.find("built without Assimp: id Tech 4 MD5 (Assimp) files are read through Assimp"), std::string::npos)
        << why;
}

#else

TEST(AssimpReadFormats, Md5AnimKeysAreTheFilesNumbers)
{
    // Assimp reads an .md5anim alone: its joints from the anim's hierarchy, posed by its frames.
    const std::string path = fixture("Bob.md5anim");
    const LoadedScene loaded = loadScene(path);
    EXPECT_EQ(loaded.format->id(), "md5");
    EXPECT_EQ(loaded.scene.format, "md5");
    ASSERT_EQ(loaded.scene.animations.size(), 1u);
    const Animation& a = loaded.scene.animations[0];
    EXPECT_EQ(a.fps, 24);
    EXPECT_NEAR(a.duration, 139 / 24.0, 1e-9);
    EXPECT_EQ(loaded.scene.skeleton.size(), 34u); // "<MD5_Hierarchy>" and the 33 joints
    EXPECT_TRUE(loaded.scene.mesh.empty());       // Assimp's stick figure is left out
    size_t compared = 0;
    for (const int frame : {0, 57, 139}) {
        for (const Md5Joint& j : md5animFrame(path, frame)) {
            const Track* t = trackOf(a, j.name);
            ASSERT_NE(t, nullptr) << j.name;
            ASSERT_EQ(t->translation.size(), 140u);
            EXPECT_NEAR(t->translation.keys.time(size_t(frame)), frame / 24.0, 1e-9);
            const glm::dvec3 p = t->translation.keys.value(size_t(frame));
            EXPECT_NEAR(glm::distance(p, j.position), 0, 1e-4) << j.name << " frame " << frame;
            const glm::dquat q = t->rotation.keys.value(size_t(frame));
            EXPECT_NEAR(std::abs(glm::dot(q, md5Quaternion(j.orientation))), 1, 1e-5) << j.name << " frame " << frame;
            ++compared;
        }
    }
    EXPECT_EQ(compared, 3u * 33u);
}

TEST(AssimpReadFormats, Md5MeshTakesItsAnimationBesideItAndPlaysAsTheAnimAlone)
{
    const LoadedScene mesh = loadScene(fixture("Bob.md5mesh"));
    EXPECT_EQ(mesh.scene.skeleton.size(), 36u); // "<MD5_Root>", "<MD5_Mesh>", "<MD5_Hierarchy>", 33 joints
    EXPECT_EQ(mesh.scene.mesh.positions.size(), 840u);
    ASSERT_EQ(mesh.scene.animations.size(), 1u); // Bob.md5anim, read by the name beside it
    const LoadedScene anim = loadScene(fixture("Bob.md5anim"));
    // The sword's tip in the world at 2 s: the same on the mesh's skeleton and on the anim's own.
    const double t = 2.0;
    const auto onMesh = test::worldPositions(mesh.scene.animations[0], mesh.scene.skeleton, t);
    const auto onAnim = test::worldPositions(anim.scene.animations[0], anim.scene.skeleton, t);
    for (const char* joint : {"sword", "wrist.L", "ankle.R", "head"}) {
        const int m = boneIndex(mesh.scene.skeleton, joint), k = boneIndex(anim.scene.skeleton, joint);
        ASSERT_GE(m, 0) << joint;
        ASSERT_GE(k, 0) << joint;
        EXPECT_NEAR(glm::distance(onMesh[size_t(m)], onAnim[size_t(k)]), 0, 1e-4) << joint;
    }
    // A mesh alone (no animation beside it): skeleton and skin, and a skeleton mesh for --skeleton.
    const LoadedScene cube = loadScene(fixture("SimpleCube.md5mesh"));
    EXPECT_TRUE(cube.scene.animations.empty());
    EXPECT_EQ(cube.scene.mesh.positions.size(), 24u);
    const SkeletonSource rig = loadSkeletonScene(fixture("Bob.md5mesh"));
    EXPECT_EQ(rig.scene.skeleton.size(), 36u);
}

TEST(AssimpReadFormats, OgreSkeletonAsItsXmlFormSaysAndHalfLifeBonesOnly)
{
    // fish.mesh names fish.skeleton (binary), read beside it; fish.skeleton.xml is the same skeleton
    // written out by OgreXMLConverter: its numbers are the check.
    const LoadedScene fish = loadScene(fixture("fish.mesh"));
    EXPECT_EQ(fish.scene.format, "ogre");
    EXPECT_EQ(fish.scene.mesh.positions.size(), 530u);
    ASSERT_EQ(fish.scene.animations.size(), 1u);
    EXPECT_EQ(fish.scene.animations[0].name, "swim");
    EXPECT_NEAR(fish.scene.animations[0].duration, 2.0, 1e-9);
    const int bone01 = boneIndex(fish.scene.skeleton, "Bone01"), bone02 = boneIndex(fish.scene.skeleton, "Bone02");
    ASSERT_GE(bone01, 0);
    ASSERT_GE(bone02, 0);
    // <bone id="1" name="Bone01"><position x="-3.95093" y="0" z="0.00265706"/><rotation angle="1.5708"><axis x="-1" .../>
    const Bone& b1 = fish.scene.skeleton.bones[size_t(bone01)];
    EXPECT_NEAR(glm::distance(b1.restTranslation, glm::dvec3(-3.95093, 0, 0.00265706)), 0, 1e-5);
    EXPECT_NEAR(std::abs(glm::dot(b1.restRotation, glm::angleAxis(1.5708, glm::dvec3(-1, 0, 0)))), 1, 1e-5);
    const Bone& b2 = fish.scene.skeleton.bones[size_t(bone02)];
    EXPECT_NEAR(glm::distance(b2.restTranslation, glm::dvec3(2.96562, -0.0183002, 0)), 0, 1e-5);
    EXPECT_EQ(fish.scene.skeleton.bones[size_t(bone02)].parent, bone01);

    // man.mdl (GoldSrc) with its textures in manT.mdl beside it: the 8 bones under "<MDL_bones>" and
    // the meshes, not the model's information nodes (hitboxes, attachments, sequence infos).
    const LoadedScene man = loadScene(fixture("man.mdl"));
    EXPECT_EQ(man.scene.format, "hl1mdl");
    for (const char* joint : {"Root", "Pelvis", "RightLeg", "LeftLeg", "Spine", "RightArm", "LeftArm", "Neck"})
        EXPECT_GE(boneIndex(man.scene.skeleton, joint), 0) << joint;
    EXPECT_LT(boneIndex(man.scene.skeleton, "<MDL_hitboxes>"), 0);
    EXPECT_EQ(man.scene.skeleton.size(), 17u);
    ASSERT_GE(man.scene.animations.size(), 3u);
    EXPECT_EQ(man.scene.animations[1].name, "walk");
    EXPECT_EQ(man.scene.animations[1].fps, 30);
    EXPECT_EQ(man.scene.mesh.positions.size(), 239u);
}

TEST(AssimpReadFormats, ConvertedToGlbSmdAndPsaKeepThePose)
{
    for (const char* name : {"Bob.md5anim", "fish.mesh", "man.mdl"}) {
        Scene source = loadScene(fixture(name)).scene;
        if (std::string(name) == "man.mdl")
            source.current = 1; // walk
        for (const char* target : {"assimp", "smd", "psa"}) {
            SCOPED_TRACE(std::string(name) + " -> " + target);
            const test::PoseDifference d = convertedAndBack(source, target);
            EXPECT_GT(d.bonesCompared, 0u);
            EXPECT_LT(d.maxPosition, 1e-3) << d.worstBone << " at " << d.worstTime;
        }
    }
    // The command line: an .md5anim into SMD, and its skin beside it as the skeleton of a PSA.
    const std::string out = test::freshFolder("assimp_formats_cli").string();
    const test::CliResult smd = test::runCli({"convert", fixture("Bob.md5anim"), out + "/bob.smd"});
    EXPECT_EQ(smd.status, 0) << smd.err;
    const test::CliResult psa = test::runCli({"convert", fixture("Bob.md5anim"), out + "/bob.psa", "--skeleton", fixture("Bob.md5mesh")});
    EXPECT_EQ(psa.status, 0) << psa.err;
    EXPECT_EQ(loadScene(out + "/bob.psa").scene.animations.at(0).tracks.size(), 36u); // the mesh's bones
}

TEST(AssimpReadFormats, OtherReadersAndWhatTheyKeep)
{
    const LoadedScene cube = loadScene(fixture("test_cube_binary.x")); // binary DirectX
    EXPECT_EQ(cube.scene.format, "x");
    EXPECT_EQ(cube.scene.skeleton.size(), 2u);
    EXPECT_EQ(cube.scene.mesh.positions.size(), 24u);
    // Assimp 5.2's IQM reader takes the meshes only: the joints and animations are lost.
    const LoadedScene fixit = loadScene(fixture("mrfixit.iqm"));
    EXPECT_EQ(fixit.scene.mesh.positions.size(), 1861u);
    EXPECT_TRUE(fixit.scene.animations.empty());
    EXPECT_EQ(loadScene(fixture("WusonBlitz.b3d")).scene.mesh.positions.size(), 2117u);
    const LoadedScene csm = loadScene(fixture("malformed_zero_framerange.csm")); // no header, no rate
    EXPECT_EQ(csm.scene.format, "csm");
    EXPECT_EQ(boneIndex(csm.scene.skeleton, "A"), 1);
    EXPECT_TRUE(csm.scene.mesh.empty());
}

TEST(AssimpReadFormats, DamagedFilesEndInAnErrorNamingThem)
{
    // A skin weight past the vertices crashes Assimp's .x reader; a mesh offset past the end makes its
    // IQM reader ask for gigabytes: both end the helper, never the caller.
    std::string why = test::errorOf([] { loadScene(fixture("malformed_skinweights_oob.x")); });
    EXPECT_NE(why.find("malformed_skinweights_oob.x"), std::string::npos) << why;
    EXPECT_NE(why.find("crashed reading"), std::string::npos) << why;
    why = test::errorOf([] { loadScene(fixture("InvalidMeshOffset.iqm")); });
    EXPECT_NE(why.find("InvalidMeshOffset.iqm"), std::string::npos) << why;
    // A truncated .md5anim (its frames cut off) and one of no frames: Assimp's reason, the file named.
    const std::vector<uint8_t> anim = test::readBytes(fixture("Bob.md5anim"));
    const std::string cut = test::tempPath("cut.md5anim");
    test::writeBytes(cut, std::vector<uint8_t>(anim.begin(), anim.begin() + long(anim.size() / 2)));
    why = test::errorOf([&] { loadScene(cut); });
    EXPECT_NE(why.find("cut.md5anim"), std::string::npos) << why;
    const std::string empty = test::tempPath("empty.md5anim");
    test::writeBytes(empty, std::vector<uint8_t>(anim.begin(), anim.begin() + 120));
    why = test::errorOf([&] { loadScene(empty); });
    EXPECT_NE(why.find("empty.md5anim"), std::string::npos) << why;
    EXPECT_NE(why.find("Assimp"), std::string::npos) << why;
}

#endif
